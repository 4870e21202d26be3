"use client";

import { useEffect, useState, type FormEvent } from "react";
import type { FeatureFlag } from "../domain/feature-flags";
import { ErrorList } from "./error-list";
import styles from "./admin.module.css";

/** Every feature flag with its description; the changed ones are saved and published in one step. */
export function FlagsForm({ slug, flags, values, revision }: { slug: string; flags: FeatureFlag[]; values: Record<string, boolean>; revision: number }) {
  const [current, setCurrent] = useState(values);
  const [saved, setSaved] = useState(values);
  const [rev, setRev] = useState(revision);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; errors?: { pointer: string; message: string }[] } | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const changed = Object.fromEntries(Object.entries(current).filter(([p, v]) => saved[p] !== v));
  const count = Object.keys(changed).length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!count) return;
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/tenants/${slug}/flags`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ flags: changed, revision: rev }),
      });
      const body = await res.json();
      if (res.ok) {
        setSaved(current);
        setRev((r) => r + 1);
        setResult({ ok: true, text: `Published version ${body.version}: ${count} ${count === 1 ? "flag" : "flags"} changed. The site shows it now.` });
      } else if (res.status === 409) {
        setResult({ ok: false, text: "Someone changed this site's draft since this page was loaded. Reload the page: your choices here are not saved yet." });
      } else {
        setResult({ ok: false, text: body.message ?? "Not published.", errors: body.errors });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.card} data-ready={ready}>
      <ul className={styles.flags}>
        {flags.map((f) => {
          const id = `flag-${f.pointer.slice(1).replace(/\//g, "-")}`;
          return (
            <li key={f.pointer}>
              <input id={id} type="checkbox" checked={current[f.pointer]} onChange={(e) => setCurrent({ ...current, [f.pointer]: e.target.checked })} aria-describedby={f.description ? `${id}-d` : undefined} />
              <label htmlFor={id}>
                {f.title}
                {saved[f.pointer] !== current[f.pointer] ? <span className={styles.tagWarn}> changed</span> : null}
              </label>
              {f.description ? <p id={`${id}-d`}>{f.description}</p> : null}
            </li>
          );
        })}
      </ul>
      <div role="status" aria-live="polite">
        {result ? (
          <div className={result.ok ? styles.success : styles.alert}>
            {result.text}
            {result.errors?.length ? (
              <ErrorList errors={result.errors} />
            ) : null}
          </div>
        ) : null}
      </div>
      <button type="submit" className={styles.button} disabled={busy || !count}>
        {count ? `Publish ${count} ${count === 1 ? "change" : "changes"}` : "No changes to publish"}
      </button>
    </form>
  );
}
