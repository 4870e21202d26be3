"use client";

import { useCallback, useEffect, useState } from "react";
import styles from "./admin.module.css";

interface Check {
  ok: boolean | null;
  text: string;
}
export interface DomainState {
  domain: string;
  published: boolean;
  pointsHere: Check;
  certificate: Check;
}

const UNREACHABLE = "The server could not be reached, so the domains were not checked. Check the connection and try again.";

/** A check's one-word mark (the colour repeats it; the words carry it) and what it found. */
function Result({ label, check }: { label: string; check: Check }) {
  const [mark, tag] = check.ok === true ? ["Yes", styles.tagOk] : check.ok === false ? ["No", styles.tagWarn] : ["Unknown", styles.tagMuted];
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <span className={tag}>{mark}</span> {check.text}
      </dd>
    </>
  );
}

const summary = (domains: DomainState[], at: Date) => {
  const count = (pick: (d: DomainState) => Check) => domains.filter((d) => pick(d).ok).length;
  const time = at.toLocaleTimeString("en-AU", { hour: "numeric", minute: "2-digit" });
  if (!domains.length) return `Checked at ${time}: the saved draft lists no custom domain.`;
  const n = domains.length;
  return `Checked ${n} ${n === 1 ? "domain" : "domains"} at ${time}: points here ${count((d) => d.pointsHere)} of ${n}, certificate issued ${count((d) => d.certificate)} of ${n}.`;
};

/**
 * The site's custom domains as the platform sees them (GET /api/admin/tenants/{slug}/domains):
 * published or not, whether each points at this deployment, whether its certificate is issued —
 * checked when shown and again on "Check again", the outcome announced in a live region.
 * `domains` are the editor's (perhaps unsaved) domains: the check reads the saved draft.
 */
export function DomainStatus({ slug, domains }: { slug: string; domains: string[] }) {
  const [states, setStates] = useState<DomainState[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const check = useCallback(async () => {
    setBusy(true);
    setMessage({ ok: true, text: "Checking the domains…" });
    try {
      const res = await fetch(`/api/admin/tenants/${encodeURIComponent(slug)}/domains`, { cache: "no-store" });
      const body = await res.json().catch(() => ({}));
      if (!res.ok || !Array.isArray(body.domains)) {
        setMessage({ ok: false, text: body.message ?? "The domains could not be checked. Please try again." });
        return;
      }
      setStates(body.domains);
      setMessage({ ok: true, text: summary(body.domains, new Date(body.checkedAt ?? Date.now())) });
    } catch {
      setMessage({ ok: false, text: UNREACHABLE });
    } finally {
      setBusy(false);
    }
  }, [slug]);

  useEffect(() => {
    void check();
  }, [check]);

  const unsaved = states ? domains.filter((d) => !states.some((s) => s.domain === d.toLowerCase())) : [];
  return (
    <section aria-labelledby="domain-status-title" className={styles.card} data-testid="domain-status">
      <h3 id="domain-status-title">Domain status</h3>
      <p className={styles.hint}>
        A domain gets its certificate on its first visit over https once the site is published with it and the domain points here.
      </p>
      {states?.length ? (
        <ul aria-label="Domains" style={{ listStyle: "none", padding: 0 }}>
          {states.map((s) => (
            <li key={s.domain} style={{ marginBottom: "0.75rem" }}>
              <strong>{s.domain}</strong> <span className={s.published ? styles.tag : styles.tagMuted}>{s.published ? "Published" : "In the draft only"}</span>
              <dl style={{ margin: "0.25rem 0 0" }}>
                <Result label="Points here" check={s.pointsHere} />
                <Result label="Certificate issued" check={s.certificate} />
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      {unsaved.length ? <p className={styles.hint}>Save the draft to check {unsaved.join(", ")}.</p> : null}
      <button type="button" className={styles.buttonSecondary} onClick={() => void check()} disabled={busy} aria-describedby="domain-status-result">
        {busy ? "Checking…" : "Check again"}
      </button>
      <div role="status" aria-live="polite" id="domain-status-result">
        {message ? <p className={message.ok ? styles.hint : styles.alert}>{message.text}</p> : null}
      </div>
    </section>
  );
}
