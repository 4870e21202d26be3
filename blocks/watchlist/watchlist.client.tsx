"use client";

import { useState } from "react";

/** Ends the session and reloads the page (signed out). */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="fc-button fc-button--ghost"
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await fetch("/api/auth/sign-out", { method: "POST", credentials: "same-origin" });
        } finally {
          window.location.reload();
        }
      }}
    >
      Sign out
    </button>
  );
}
