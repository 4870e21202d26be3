"use client";

import { useEffect, useState } from "react";
import styles from "./admin.module.css";

/** Restores a version as the draft (asks first), then offers to publish it. */
export function RestoreButton({ slug, version, revision, draftHasChanges }: { slug: string; version: number; revision: number; draftHasChanges: boolean }) {
  const [step, setStep] = useState<"idle" | "confirm" | "done">("idle");
  const [message, setMessage] = useState<string | null>(null);
  const [newRevision, setNewRevision] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const post = async (action: string, body: unknown) => {
    const res = await fetch(`/api/admin/tenants/${slug}/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { res, body: await res.json() };
  };
  async function restore() {
    setBusy(true);
    try {
      const { res, body } = await post("restore", { version, revision });
      if (res.ok) {
        setNewRevision(body.revision);
        setStep("done");
        setMessage(`Version ${version} is now the draft.${body.errors?.length ? " It does not validate any more: fix it in the editor before publishing." : " Publish it to make it live."}`);
      } else if (res.status === 409) {
        setMessage("The draft changed since this page was loaded. Reload the page and try again.");
      } else setMessage(body.message);
    } finally {
      setBusy(false);
    }
  }
  async function publishNow() {
    setBusy(true);
    try {
      const { res, body } = await post("publish", { revision: newRevision });
      // The pre-publish checklist is shown (and staff may publish anyway) in the editor.
      const failing = (body.checklist as { status: string }[] | undefined)?.filter((i) => i.status === "fail").length;
      setMessage(
        res.ok
          ? `Published version ${body.version}: version ${version} is live again.`
          : failing
            ? `Not published: ${failing} ${failing === 1 ? "check fails" : "checks fail"}. Open it in the editor to see which.`
            : (body.message ?? "Not published."),
      );
      if (res.ok) setNewRevision(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-ready={ready}>
      {step === "idle" ? (
        <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={() => setStep("confirm")}>
          Restore version {version}
        </button>
      ) : null}
      {step === "confirm" ? (
        <div role="group" aria-label={`Restore version ${version}`}>
          <p className={styles.hint} style={{ margin: "0 0 0.3rem" }}>
            This replaces the current draft{draftHasChanges ? ", and its unpublished changes," : ""} with version {version}.
          </p>
          <div className={styles.actions}>
            <button type="button" className={`${styles.button} ${styles.small}`} onClick={restore} disabled={busy} autoFocus>
              Yes, restore version {version}
            </button>
            <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={() => setStep("idle")}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {message ? (
        <p role="status" style={{ margin: "0.3rem 0" }}>
          {message}
        </p>
      ) : null}
      {step === "done" && newRevision !== null ? (
        <div className={styles.actions}>
          <button type="button" className={`${styles.button} ${styles.small}`} onClick={publishNow} disabled={busy}>
            Publish it now
          </button>
          <a href={`/admin/tenants/${slug}`}>Open in the editor</a>
        </div>
      ) : null}
    </div>
  );
}
