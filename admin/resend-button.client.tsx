"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import styles from "./admin.module.css";

/** Sends a lead again (a new round of its e-mail and ADF), says what happened, and shows the new attempts. */
export function ResendButton({ slug, id, waiting }: { slug: string; id: string; waiting: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function resend() {
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/tenants/${slug}/leads/${id}/resend`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      const body = await res.json().catch(() => ({}));
      setMessage({ ok: res.ok, text: body.message ?? (res.ok ? "Sent again." : "The lead was not sent again. Please try again.") });
      if (res.ok) router.refresh();
    } catch {
      setMessage({ ok: false, text: "The server could not be reached, so the lead was not sent again. Check the connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-ready={ready}>
      <p className={styles.hint}>
        Resend queues the e-mail and the ADF again, as they were first written, to the same addresses.
        {waiting ? " The newest sending has not been tried yet: resending replaces it." : ""}
      </p>
      <button type="button" className={styles.button} onClick={resend} disabled={busy}>
        {busy ? "Sending…" : "Resend"}
      </button>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? styles.success : styles.alert}>{message.text}</p> : null}
      </div>
    </div>
  );
}
