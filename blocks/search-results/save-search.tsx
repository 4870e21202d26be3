/** "Email me new matches": saves the search on the page with an address (double opt-in; server/saved-searches). */
import { useId, useState, type FormEvent } from "react";
import { useInstantSearch } from "react-instantsearch";
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES } from "../../domain/saved-search";
import { nearOf } from "./near";
import type { SearchSettings } from "./settings";
import styles from "./save-search.module.css";

type Sending = { state: "idle" } | { state: "sending" } | { state: "saved"; message: string } | { state: "failed"; message: string };

export function SaveSearch({ settings }: { settings: SearchSettings }) {
  const { indexUiState } = useInstantSearch();
  const id = useId();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState<Sending>({ state: "idle" });
  const state = { query: indexUiState.query || undefined, refinementList: indexUiState.refinementList, range: indexUiState.range, near: nearOf(indexUiState) };
  const empty = !state.query && !state.near && !Object.values(state.refinementList ?? {}).some((v) => v.length) && !Object.values(state.range ?? {}).some((v) => v && v !== ":");
  if (empty) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending({ state: "sending" });
    try {
      const res = await fetch("/api/saved-searches", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, state, path: settings.seo.basePath }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setSending(res.ok ? { state: "saved", message: body.message ?? SAVED_SEARCH_MESSAGES.saved } : { state: "failed", message: body.message ?? "The search could not be saved. Please try again." });
    } catch {
      setSending({ state: "failed", message: "The search could not be saved. Please check your connection and try again." });
    }
  };

  return (
    <details className={styles.save}>
      <summary>Email me new {settings.noun.vehicleNoun.plural.toLowerCase()} for this search</summary>
      <form className={styles.form} onSubmit={submit} aria-describedby={`${id}-status`} noValidate>
        <span className={styles.field}>
          <label htmlFor={`${id}-email`}>Email address</label>
          <input
            id={`${id}-email`}
            className="fc-input"
            type="email"
            autoComplete="email"
            required
            maxLength={SAVED_SEARCH_LIMITS.emailLength}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={sending.state === "failed" ? true : undefined}
          />
        </span>
        <button type="submit" className="fc-button" disabled={sending.state === "sending"}>
          {sending.state === "sending" ? "Saving…" : "Save search"}
        </button>
        <p id={`${id}-status`} role="status" className={sending.state === "failed" ? styles.error : styles.status}>
          {sending.state === "saved" || sending.state === "failed" ? sending.message : "At most one email a day. Unsubscribe with one click."}
        </p>
      </form>
    </details>
  );
}
