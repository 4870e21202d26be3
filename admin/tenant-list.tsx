import { headers } from "next/headers";
import { getDb } from "../server/db";
import { tenantList } from "../server/admin/tenants";
import { formatWhen } from "./format";
import { requireAdmin } from "./session";
import { AdminShell } from "./shell";
import { TableHead } from "./table-head";
import { PaymentsStatus } from "./payments-status";
import styles from "./admin.module.css";

/** /admin: the sites the person may edit (staff: all), searchable by name, slug or domain. */
export async function TenantListPage({ query }: { query: string }) {
  const user = await requireAdmin(query ? `/admin?q=${encodeURIComponent(query)}` : "/admin");
  const [{ db }, h] = await Promise.all([getDb(), headers()]);
  const rows = await tenantList(db, user, query);
  const port = h.get("host")?.match(/:(\d+)$/)?.[1];
  const siteUrl = (slug: string) => `http://${slug}.localhost${port ? `:${port}` : ""}/`;
  return (
    <AdminShell user={user}>
      <div className={styles.toolbar}>
        <h1>{user.role === "staff" ? "Dealer sites" : "Your sites"}</h1>
        <form role="search" className={styles.search} action="/admin">
          <label htmlFor="q" className="fc-visually-hidden">
            Search sites
          </label>
          <input id="q" name="q" type="search" className={styles.input} defaultValue={query} placeholder="Name, slug or domain" />
          <button className={styles.buttonSecondary} type="submit">
            Search
          </button>
        </form>
        {user.role === "staff" ? (
          <>
            <a className={styles.buttonSecondary} href="/admin/dealerships">
              Dealerships
            </a>
            <a className={styles.button} href="/admin/new">
              New dealer site
            </a>
          </>
        ) : null}
      </div>
      {user.role === "staff" ? <PaymentsStatus className={styles.hint} /> : null}
      <p aria-live="polite" className={styles.hint}>
        {query ? `${rows.length} ${rows.length === 1 ? "site matches" : "sites match"} “${query}”.` : `${rows.length} ${rows.length === 1 ? "site" : "sites"}.`}
      </p>
      {rows.length ? (
        <div className={styles.scroll} role="region" aria-label="Sites (scrolls sideways on a small screen)" tabIndex={0}>
        <table className={styles.table}>
          <TableHead caption="Sites" columns={["Site", "Template", "Domains", "Last published", "Draft", { hidden: "Actions" }]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.slug} data-slug={r.slug}>
                <td>
                  {/* The name opens the editor too: on a phone the Edit link is at the far end of the row. */}
                  <strong>
                    <a href={`/admin/tenants/${r.slug}`}>{r.name}</a>
                  </strong>
                  <br />
                  <small>{r.slug}</small>
                  {r.archived ? (
                    <>
                      {" "}
                      <span className={styles.tagMuted}>Archived</span>
                    </>
                  ) : null}
                </td>
                <td>{r.template ?? "—"}</td>
                <td>
                  {r.domains.length ? r.domains.map((d) => <div key={d}>{d}</div>) : <div>
                      <small>No domain yet</small>
                    </div>}
                  <a href={siteUrl(r.slug)}>{siteUrl(r.slug).replace(/^http:\/\//, "").replace(/\/$/, "")}</a>
                </td>
                <td>
                  {r.published ? (
                    <>
                      <time dateTime={r.published.at.toISOString()}>{formatWhen(r.published.at)}</time>
                      <br />
                      <small>
                        version {r.published.version} by {r.published.by}
                      </small>
                    </>
                  ) : (
                    <span className={styles.tagMuted}>Never published</span>
                  )}
                </td>
                <td>
                  {r.unpublishedChanges ? <span className={styles.tagWarn}>Unpublished changes</span> : <span className={styles.tagOk}>Up to date</span>}
                </td>
                <td>
                  <div className={styles.actions}>
                    <a href={`/admin/tenants/${r.slug}`} aria-label={`Edit ${r.name}`}>
                      Edit
                    </a>
                    <a href={`/admin/tenants/${r.slug}/flags`} aria-label={`Feature flags of ${r.name}`}>
                      Flags
                    </a>
                    <a href={`/admin/tenants/${r.slug}/history`} aria-label={`History of ${r.name}`}>
                      History
                    </a>
                    <a href={`/admin/tenants/${r.slug}/leads`} aria-label={`Leads of ${r.name}`}>
                      Leads
                    </a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : (
        <p>No site matches. Try part of its name, its slug or a domain.</p>
      )}
    </AdminShell>
  );
}
