"use client";

import { useEffect, useState } from "react";
import styles from "./admin.module.css";

/** Staff only: archive a site (no longer served; draft and history kept) or bring it back. */
export function ArchiveButton({ slug, name, archived }: { slug: string; name: string; archived: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit() {
    const res = await fetch(`/api/admin/tenants/${slug}/archive`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ archived: !archived }) });
    const body = await res.json();
    if (res.ok) window.location.reload();
    else setMessage(body.message);
  }

  return (
    <span data-ready={ready}>
      {archived ? (
        <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={submit}>
          Bring the site back
        </button>
      ) : confirming ? (
        <>
          <button type="button" className={`${styles.buttonDanger} ${styles.small}`} onClick={submit} autoFocus>
            Yes, archive {name}
          </button>{" "}
          <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button type="button" className={`${styles.buttonDanger} ${styles.small}`} onClick={() => setConfirming(true)}>
          Archive this site
        </button>
      )}
      {message ? <span role="alert"> {message}</span> : null}
    </span>
  );
}
