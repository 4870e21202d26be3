"use client";

import { useState } from "react";

/** Ends the session, then reloads the page (signed out) or goes to `to`. */
export function SignOutButton({ to }: { to?: string }) {
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
          if (to) window.location.assign(to);
          else window.location.reload();
        }
      }}
    >
      Sign out
    </button>
  );
}
