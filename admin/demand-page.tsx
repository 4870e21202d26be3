import { notFound } from "next/navigation";
import { getDb } from "../server/db";
import { demandOfSite, searchesOfLeadSenders } from "../server/saved-searches/store";
import { getLiveDocument } from "../server/tenants/store";
import { requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { TableHead } from "./table-head";
import styles from "./admin.module.css";

/**
 * /admin/tenants/{slug}/demand: the demand signal of saved searches (issue 34) — how many confirmed
 * searches with alerts name each make and model. Counts only, never a shopper's address, unless
 * the shopper also sent this site a lead (then the dealer has it already): those searches are listed.
 */
export async function DemandPage({ slug }: { slug: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/demand`);
  const { db } = await getDb();
  const live = await getLiveDocument(db, slug);
  if (!live) notFound();
  const [rows, senders] = await Promise.all([demandOfSite(db, slug), searchesOfLeadSenders(db, slug)]);
  const total = rows.reduce((n, r) => n + r.searches, 0);
  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="demand" user={user} />
      <h1>Demand on {live.document.identity.name}</h1>
      <p>Shoppers&apos; saved searches with e-mail alerts on, by the make and model they ask for. A search naming two makes counts for each. A shopper&apos;s address is shown only when they also sent this site a lead.</p>
      {rows.length ? (
        <div className={styles.scroll} role="region" aria-label="Saved searches by make and model" tabIndex={0}>
          <table className={styles.table}>
            <TableHead caption="Active saved searches by make and model, most first" columns={["Make", "Model", "Saved searches"]} />
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.make}|${r.model}`}>
                  <td>{r.make}</td>
                  <td>{r.model}</td>
                  <td>{r.searches.toLocaleString("en-AU")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p role="status">No shopper has an active saved search on this site yet.</p>
      )}
      <p className={styles.hint}>{total ? `${total.toLocaleString("en-AU")} (make, model) requests in all.` : ""}</p>
      {senders.length ? (
        <>
          <h2>Shoppers who also sent you a lead</h2>
          <div className={styles.scroll} role="region" aria-label="Saved searches of shoppers who sent a lead" tabIndex={0}>
            <table className={styles.table}>
              <TableHead caption="Active saved searches whose address also sent this site a lead" columns={["E-mail address", "Saved search"]} />
              <tbody>
                {senders.map((r, i) => (
                  <tr key={i}>
                    <td>
                      <a href={`mailto:${r.email}`}>{r.email}</a>
                    </td>
                    <td>{r.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </AdminShell>
  );
}
