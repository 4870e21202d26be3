"use client";
/** Cancel a held reservation from its confirmation page: POST /api/reservations/{id}/cancel, then the page shows it cancelled. */
import { useState, useSyncExternalStore } from "react";
import styles from "./checkout.module.css";

const noSubscribe = () => () => {};

/** `question`: the confirming question in the words of the vehicle's kind (domain/vdp-rules.ts reservationWords). */
export function CancelReservation({ id, confirmationUrl, question }: { id: string; confirmationUrl: string; question: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);

  async function cancel() {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/api/reservations/${id}/cancel`, { method: "POST" });
      if (res.ok) return window.location.assign(confirmationUrl);
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setMessage(body.message ?? "The reservation could not be cancelled; please try again.");
    } catch {
      setMessage("We could not reach the server. Please check your connection and try again.");
    }
    setBusy(false);
  }

  return (
    <div className={styles.panel}>
      <h2 className={styles.h2}>Changed your mind?</h2>
      {confirming ? (
        <>
          <p>{question}</p>
          <div className={styles.actions}>
            <button type="button" className="fc-button" onClick={cancel} disabled={busy}>
              {busy ? "Cancelling..." : "Yes, cancel and refund"}
            </button>
            <button type="button" className="fc-button fc-button--ghost" onClick={() => setConfirming(false)} disabled={busy}>
              Keep my reservation
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="fc-button fc-button--ghost" onClick={() => setConfirming(true)} disabled={!hydrated}>
          Cancel reservation
        </button>
      )}
      {message ? (
        <p role="alert" className={styles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
