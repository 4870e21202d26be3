"use client";

import { useState, type FormEvent } from "react";
import styles from "./admin.module.css";

export interface SecretRow {
  name: string;
  label: string;
  set: boolean;
  /** Set, but it does not open with this server's key (the key changed): it must be entered again. */
  unreadable?: boolean;
  /** "12 May 2026, 9:05 am by staff@…", when set. */
  changed: string | null;
}

/**
 * A site's secrets for its server-side lead events, write-only: each shows "set", "not set" or that
 * it is saved but cannot be read with this server's key (to be entered again), and can be set, replaced or cleared (POST /api/admin/tenants/{slug}/secrets); a value is never shown.
 */
export function EventSecretsForm({ slug, secrets }: { slug: string; secrets: SecretRow[] }) {
  const [rows, setRows] = useState(secrets);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function change(name: string, clear: boolean) {
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/tenants/${slug}/secrets`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(clear ? { name, clear: true } : { name, value: values[name] ?? "" }),
      });
      const body = await res.json().catch(() => ({}));
      const label = rows.find((r) => r.name === name)?.label ?? name;
      if (res.ok) {
        setRows(rows.map((r) => ({ ...r, ...(r.name === name ? { set: !clear, unreadable: false, changed: clear ? null : "just now" } : {}) })));
        setValues({ ...values, [name]: "" });
        setResult({ ok: true, text: clear ? `The ${label} is cleared: leads are no longer sent there.` : `The ${label} is saved.` });
      } else {
        setResult({ ok: false, text: body.message ?? body.error ?? `Not saved (HTTP ${res.status}).` });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.card}>
      {rows.map((r) => {
        const id = `secret-${r.name}`;
        const submit = (e: FormEvent) => {
          e.preventDefault();
          void change(r.name, false);
        };
        return (
          <form key={r.name} onSubmit={submit} className={styles.field} data-secret={r.name} data-set={r.set} data-unreadable={r.set && !!r.unreadable}>
            <label htmlFor={id}>
              {r.label}: <strong>{!r.set ? "not set" : r.unreadable ? "saved, but it cannot be read with this server’s key: enter it again" : "set"}</strong>
              {r.set && r.changed ? <span className={styles.hint}> (changed {r.changed})</span> : null}
            </label>
            <input
              id={id}
              className={styles.input}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={r.set && !r.unreadable ? "Type a new value to replace it" : "Paste the value the service issued"}
              value={values[r.name] ?? ""}
              onChange={(e) => setValues({ ...values, [r.name]: e.target.value })}
            />
            <div className={styles.toolbar}>
              <button type="submit" className={styles.button} disabled={busy || !(values[r.name] ?? "").trim()}>
                {r.set ? "Replace" : "Set"}
              </button>
              {r.set ? (
                <button type="button" className={styles.buttonSecondary} disabled={busy} onClick={() => void change(r.name, true)}>
                  Clear
                </button>
              ) : null}
            </div>
          </form>
        );
      })}
      <div role="status" aria-live="polite">
        {result ? <div className={result.ok ? styles.success : styles.alert}>{result.text}</div> : null}
      </div>
    </div>
  );
}
