import type { ReactNode } from "react";
import { getDb } from "../server/db";
import { FORM_LABELS, INBOX_STATUSES, listLeads, STATUS_LABELS, statusText, type InboxStatus } from "../server/leads/inbox";
import { parseInboxFilter, type InboxFilter } from "../server/leads/inbox-filter";
import { LEAD_FORM_KINDS } from "../domain/lead-forms";
import { formatWhen } from "./format";
import { orNotFound, requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { TableHead } from "./table-head";
import styles from "./admin.module.css";

type Query = Record<string, string | string[] | undefined>;

/** The query string of a filter (empty values left out), for the page links and the CSV link. */
function queryOf(f: InboxFilter, page?: number): string {
  const q = new URLSearchParams();
  for (const k of ["form", "status", "from", "to"] as const) if (f[k]) q.set(k, f[k]!);
  if (page && page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** A lead's delivery badge: what happened to it, from its delivery rows (a failing one says when it is tried next). */
export function StatusTag({ status, nextTry, timeZone }: { status: InboxStatus; nextTry: Date | null; timeZone: string }) {
  const cls = status === "sent" ? styles.tagOk : status === "pending" || status === "none" ? styles.tagMuted : styles.tagWarn;
  return (
    <span className={cls} data-delivery={status}>
      {statusText(status, nextTry, timeZone)}
    </span>
  );
}

/** One labelled control of the filter bar. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <span className={styles.field} style={{ margin: 0 }}>
      <label htmlFor={id}>{label}</label>
      {children}
    </span>
  );
}

/** A filter's select: "any" first (no filter), then its [value, label] options. */
function FilterSelect(p: { id: string; name: string; label: string; value: string | undefined; any: string; options: [string, string][] }) {
  return (
    <FilterField id={p.id} label={p.label}>
      <select id={p.id} name={p.name} defaultValue={p.value ?? ""} className={styles.input}>
        <option value="">{p.any}</option>
        {p.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** /admin/tenants/{slug}/leads: the site's leads, newest first, filtered by form, days and delivery, a page at a time. */
export async function LeadsPage({ slug, query }: { slug: string; query: Query }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/leads`);
  const { db } = await getDb();
  const { filter, notes } = parseInboxFilter((name) => query[name]);
  const { site, rows, total, page, pages } = await orNotFound(() => listLeads(db, user, slug, filter));
  const filtered = !!(filter.form || filter.status || filter.from || filter.to);
  const base = `/admin/tenants/${slug}/leads`;

  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="leads" user={user} />
      <h1>Leads of {site.name}</h1>
      <p>Every form a visitor sent on the site, newest first, and whether it reached the dealership. Open a lead to see its delivery or send it again.</p>
      {notes.length ? (
        <div className={styles.notice} role="status">
          {notes.map((n) => (
            <p key={n} style={{ margin: 0 }}>
              {n}
            </p>
          ))}
        </div>
      ) : null}
      <form method="get" action={base} className={styles.toolbar} aria-label="Filter leads">
        <FilterSelect id="lead-form" name="form" label="Form" value={filter.form} any="Any form" options={LEAD_FORM_KINDS.map((k) => [k, FORM_LABELS[k]])} />
        <FilterSelect id="lead-status" name="status" label="Delivery" value={filter.status} any="Any" options={INBOX_STATUSES.map((k) => [k, STATUS_LABELS[k]])} />
        <FilterField id="lead-from" label="From">
          <input id="lead-from" name="from" type="date" defaultValue={filter.from ?? ""} className={styles.input} />
        </FilterField>
        <FilterField id="lead-to" label="To">
          <input id="lead-to" name="to" type="date" defaultValue={filter.to ?? ""} className={styles.input} />
        </FilterField>
        <button type="submit" className={styles.button}>
          Show leads
        </button>
        {filtered ? <a href={base}>Clear filters</a> : null}
      </form>
      <p className={styles.hint}>Dates are days in the site&apos;s time zone ({site.timeZone.replace("_", " ")}), both included.</p>

      {rows.length ? (
        <>
          <div className={styles.toolbar}>
            <p style={{ margin: 0 }} role="status">
              {total === 1 ? "1 lead" : `${total.toLocaleString("en-AU")} leads`}
              {filtered ? " match the filters" : ""}
              {pages > 1 ? ` (page ${page} of ${pages})` : ""}.
            </p>
            <a href={`/api/admin/tenants/${slug}/leads.csv${queryOf(filter)}`} download>
              Download {filtered ? "these leads" : "all leads"} as a spreadsheet (CSV)
            </a>
          </div>
          <div className={styles.scroll} role="region" aria-label="Leads" tabIndex={0}>
            <table className={styles.table}>
              <TableHead caption="Leads, newest first" columns={["Received", "Name", "Contact", "Form", "Vehicle", "Delivery"]} />
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-lead={r.id}>
                    <td>
                      <time dateTime={r.receivedAt.toISOString()}>{formatWhen(r.receivedAt, site.timeZone)}</time>
                    </td>
                    <td>
                      <a href={`${base}/${r.id}`}>{r.name || "(no name)"}</a>
                    </td>
                    <td>
                      {r.email}
                      {r.email && r.phone ? <br /> : null}
                      {r.phone}
                    </td>
                    <td>{FORM_LABELS[r.form] ?? r.form}</td>
                    <td>
                      {r.vehicle}
                      {r.stockNumber ? <small> (stock {r.stockNumber})</small> : null}
                      {r.tradeIn ? (
                        <>
                          {r.vehicle ? <br /> : null}
                          <small>Trade-in: {r.tradeIn}</small>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <StatusTag status={r.status} nextTry={r.nextTry} timeZone={site.timeZone} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Pages of leads" className={styles.actions}>
              {page > 1 ? <a href={`${base}${queryOf(filter, page - 1)}`}>Newer leads (page {page - 1})</a> : null}
              {page < pages ? <a href={`${base}${queryOf(filter, page + 1)}`}>Older leads (page {page + 1})</a> : null}
            </nav>
          ) : null}
        </>
      ) : filtered ? (
        <p>
          No lead matches these filters. <a href={base}>Clear the filters</a> to see every lead.
        </p>
      ) : (
        <p>No leads yet. When a visitor sends a form on the site (an enquiry, a test drive, a finance or service request), it appears here.</p>
      )}
    </AdminShell>
  );
}
