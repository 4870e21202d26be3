"use client";

import { Fragment, useEffect, useRef, useState, type FormEvent } from "react";
import { formatWhen } from "./format";
import { TableHead } from "./table-head";
import styles from "./admin.module.css";
import own from "./library.module.css";
import { AddDealership } from "./add-dealership.client";
import { post } from "./directory-post";

export interface DirectoryKey {
  id: number;
  label: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface DirectoryRow {
  id: number;
  name: string;
  tenant: string | null;
  stock: number;
  vehicles: number;
  lastFeedAt: string | null;
  keys: DirectoryKey[];
}

type Site = { slug: string; name: string; archived: boolean };
/** A new key's secret, shown once. */
type Secret = { dealership: number; name: string; key: string; label: string };

const nameOf = (r: { id: number; name: string }) => r.name || `Dealership ${r.id}`;

/** The directory's table and its actions: add a dealership, assign it to a site, make and revoke feed keys. */
export function DealershipDirectory({ initial, sites }: { initial: DirectoryRow[]; sites: Site[] }) {
  const [rows, setRows] = useState(initial);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const update = (id: number, change: Partial<DirectoryRow>) => setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)));

  return (
    <div data-ready={ready}>
      <AddDealership onAdded={(row) => setRows((all) => [...all, row].sort((a, b) => a.id - b.id))} />
      <p className={styles.hint}>
        {rows.length} {rows.length === 1 ? "dealership" : "dealerships"}.
      </p>
      <div className={styles.scroll} role="region" aria-label="Dealerships (scrolls sideways on a small screen)" tabIndex={0}>
        <table className={styles.table}>
          <TableHead caption="Dealerships" columns={["Dealership", "Site", "In stock", "Last feed", "Feed keys"]} />
          <tbody>
            {rows.map((r) => (
              <Fragment key={r.id}>
                <DealershipRowView row={r} sites={sites} onChange={(change) => update(r.id, change)} onSecret={setSecret} />
                {/* A new key shows under the row whose button made it, where the person is looking. */}
                {secret?.dealership === r.id ? (
                  <tr data-new-key={r.id}>
                    <td colSpan={5}>
                      <SecretPanel
                        secret={secret}
                        onDone={() => {
                          setSecret(null);
                          document.getElementById(`new-key-${r.id}`)?.focus();
                        }}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function SecretPanel({ secret, onDone }: { secret: Secret; onDone: () => void }) {
  const [copied, setCopied] = useState("");
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
    panel.current?.scrollIntoView?.({ block: "nearest" });
  }, [secret]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret.key);
      setCopied("Copied.");
    } catch {
      setCopied("Copying was refused by the browser: select the key and copy it by hand.");
    }
  }
  return (
    <div className={`${styles.success} ${own.newKey}`} ref={panel} tabIndex={-1} role="region" aria-labelledby="new-key-title">
      <h2 id="new-key-title" className={own.panelTitle}>
        New feed key for {secret.name} (dealership {secret.dealership}){secret.label ? `: ${secret.label}` : ""}
      </h2>
      <p>It is shown only this once: copy it now into the dealer&apos;s feed settings. The feed sends it as “Authorization: Bearer &lt;key&gt;”.</p>
      <p>
        <code className={own.secret} data-secret>
          {secret.key}
        </code>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={copy}>
          Copy key
        </button>
        <button type="button" className={styles.buttonSecondary} onClick={onDone}>
          Done, hide it
        </button>
        <span role="status" aria-live="polite">
          {copied}
        </span>
      </div>
    </div>
  );
}

function DealershipRowView({ row, sites, onChange, onSecret }: { row: DirectoryRow; sites: Site[]; onChange: (c: Partial<DirectoryRow>) => void; onSecret: (s: Secret) => void }) {
  const [site, setSite] = useState(row.tenant ?? "");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [label, setLabel] = useState("");
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const name = nameOf(row);
  const base = `/api/admin/dealerships/${row.id}`;

  async function assign(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await post(base, { tenant: site || null });
    setBusy(false);
    if (res.ok) {
      onChange({ tenant: res.body.tenant, stock: res.body.stock, vehicles: res.body.vehicles, lastFeedAt: res.body.lastFeedAt });
      setMessage({ ok: true, text: res.body.tenant ? `Assigned to ${sites.find((s) => s.slug === res.body.tenant)?.name ?? res.body.tenant}.` : "Unassigned." });
    } else {
      setSite(row.tenant ?? "");
      setMessage({ ok: false, text: res.body.message ?? "Not changed." });
    }
  }

  async function newKey(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await post(`${base}/keys`, { label });
    setBusy(false);
    if (res.ok) {
      setLabel("");
      setMessage(null);
      onChange({ keys: [...row.keys, { id: res.body.id, label: res.body.label, prefix: res.body.prefix, createdAt: res.body.createdAt, lastUsedAt: null }] });
      onSecret({ dealership: row.id, name, key: res.body.key, label: res.body.label });
    } else setMessage({ ok: false, text: res.body.errors?.[0]?.message ?? res.body.message ?? "No key was made." });
  }

  async function revoke(key: DirectoryKey) {
    setBusy(true);
    const res = await post(`${base}/keys/${key.id}/revoke`);
    setBusy(false);
    setConfirming(null);
    if (res.ok || res.status === 404) onChange({ keys: row.keys.filter((k) => k.id !== key.id) });
    setMessage(res.ok ? { ok: true, text: `Revoked ${key.prefix}…: feeds sending it are refused from now on.` } : { ok: false, text: res.body.message ?? "Not revoked." });
  }

  const siteId = `site-${row.id}`;
  const labelId = `key-label-${row.id}`;
  return (
    <tr data-id={row.id}>
      <th scope="row" className={own.rowHead}>
        {name}
        <br />
        <small>id {row.id}</small>
      </th>
      <td>
        <form onSubmit={assign} className={own.inline}>
          <label htmlFor={siteId} className="fc-visually-hidden">
            Site of {name}
          </label>
          <select id={siteId} className={styles.input} value={site} onChange={(e) => setSite(e.target.value)} aria-describedby={message ? `${siteId}-message` : undefined}>
            <option value="">Unassigned</option>
            {sites.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
                {s.archived ? " (archived)" : ""}
              </option>
            ))}
          </select>
          <button type="submit" className={`${styles.buttonSecondary} ${styles.small}`} disabled={busy || site === (row.tenant ?? "")}>
            Save<span className="fc-visually-hidden"> site of {name}</span>
          </button>
        </form>
        <div id={`${siteId}-message`} role={message && !message.ok ? "alert" : "status"} className={message ? (message.ok ? styles.hint : styles.fieldError) : undefined}>
          {message?.text}
        </div>
      </td>
      <td>
        {row.stock}
        {row.vehicles !== row.stock ? <small> ({row.vehicles} with sold and coming)</small> : null}
      </td>
      <td>{row.lastFeedAt ? <time dateTime={row.lastFeedAt}>{formatWhen(row.lastFeedAt)}</time> : <small>never</small>}</td>
      <td>
        {row.keys.length ? (
          <ul className={own.keys}>
            {row.keys.map((k) => (
              <li key={k.id}>
                <span>
                  <code>{k.prefix}…</code> {k.label ? <strong>{k.label}</strong> : null}
                  <br />
                  <small>
                    made {formatWhen(k.createdAt)}; {k.lastUsedAt ? <>last used {formatWhen(k.lastUsedAt)}</> : "never used"}
                  </small>
                </span>
                {confirming === k.id ? (
                  <span className={own.inline}>
                    <button type="button" className={`${styles.buttonDanger} ${styles.small}`} onClick={() => revoke(k)} disabled={busy} autoFocus>
                      Yes, revoke {k.prefix}…
                    </button>
                    <button type="button" className={`${styles.buttonSecondary} ${styles.small}`} onClick={() => setConfirming(null)}>
                      Keep it
                    </button>
                  </span>
                ) : (
                  <button type="button" className={`${styles.buttonDanger} ${styles.small}`} onClick={() => setConfirming(k.id)} aria-label={`Revoke key ${k.prefix}… of ${name}`}>
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <small>No key in use.</small>
        )}
        <form onSubmit={newKey} className={own.inline}>
          <label htmlFor={labelId} className="fc-visually-hidden">
            Label of a new feed key for {name}
          </label>
          <input id={labelId} className={styles.input} value={label} maxLength={100} placeholder="Label (optional)" onChange={(e) => setLabel(e.target.value)} />
          <button type="submit" id={`new-key-${row.id}`} className={`${styles.buttonSecondary} ${styles.small}`} disabled={busy}>
            New feed key<span className="fc-visually-hidden"> for {name}</span>
          </button>
        </form>
      </td>
    </tr>
  );
}
