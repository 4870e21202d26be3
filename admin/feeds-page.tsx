import { headers } from "next/headers";
import { notFound } from "next/navigation";
import type { AdsFeed } from "../domain/ads-feeds";
import { siteTerms, VEHICLE_TERMS, type VehicleTerms } from "../domain/vehicle-terms";
import { getDb } from "../server/db";
import { FEED_PATHS, feedReports, type FeedReport } from "../server/ads-feeds/feeds";
import { getLiveDocument } from "../server/tenants/store";
import { requireTenantAdmin } from "./session";
import { AdminShell, TenantNav } from "./shell";
import { TableHead } from "./table-head";
import styles from "./admin.module.css";

const NAMES: Record<AdsFeed, string> = { google: "Google vehicle ads", meta: "Meta automotive catalogue" };
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-AU")} ${n === 1 ? one : many}`;

/**
 * /admin/tenants/{slug}/feeds: the site's vehicle ads feeds (issue 35) as published — what each
 * holds, and every listed vehicle it leaves out with the reasons, counted per reason. Off feeds are
 * shown as they would be, so a dealer can fix the stock before turning one on.
 */
export async function FeedsPage({ slug }: { slug: string }) {
  const user = await requireTenantAdmin(slug, `/admin/tenants/${slug}/feeds`);
  const [{ db }, h] = await Promise.all([getDb(), headers()]);
  const live = await getLiveDocument(db, slug);
  if (!live) notFound();
  const port = h.get("host")?.match(/:(\d+)$/)?.[1];
  // The site as the admin's other links open it (the tenant list's "View site").
  const site = `http://${slug}.localhost${port ? `:${port}` : ""}`;
  const reports = await feedReports(db, live, `${slug}.localhost${port ? `:${port}` : ""}`);
  // The lists name every kind the site sells: "vehicles" for a site of several, however many are cars.
  const terms = live.document.identity.stockKinds.length > 1 ? VEHICLE_TERMS.vehicle : siteTerms(live.document.identity);
  return (
    <AdminShell user={user}>
      <TenantNav slug={slug} current="feeds" user={user} />
      <h1>Ads feeds of {live.document.identity.name}</h1>
      <p>
        Each feed lists the {terms.plural} in stock shown on the site. One missing what a feed requires is left out until its record is complete in the dealership&apos;s stock
        feed. Turn a feed on or off in <a href={`/admin/tenants/${slug}/flags`}>Feature flags</a>; the kinds each feed takes and each location&apos;s store code are in the{" "}
        <a href={`/admin/tenants/${slug}`}>Editor</a> (Features › Vehicle ads feeds, and Locations).
      </p>
      {reports.map((r) => (
        <FeedSection key={r.feed} report={r} site={site} noun={terms} />
      ))}
    </AdminShell>
  );
}

function FeedSection({ report: r, site, noun }: { report: FeedReport; site: string; noun: VehicleTerms }) {
  const id = `feed-${r.feed}`;
  const inIt = count(r.items, noun.noun, noun.plural);
  const left = count(r.left.length, noun.noun, noun.plural);
  const fixable = r.left.filter((l) => !l.kind);
  const ofKind = r.left.length - fixable.length;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{NAMES[r.feed]}</h2>
      <p data-testid={`${id}-status`}>
        {r.on ? (
          <>
            On: {inIt} in <a href={`${site}${FEED_PATHS[r.feed]}`}>{FEED_PATHS[r.feed]}</a>, {left} left out.
          </>
        ) : (
          <>Off. Turned on, it would hold {inIt} and leave {left} out.</>
        )}
      </p>
      {r.left.length ? (
        <>
          <div className={styles.scroll} role="region" aria-label={`${NAMES[r.feed]}: reasons`} tabIndex={0}>
            <table className={styles.table} data-testid={`${id}-reasons`}>
              <TableHead caption={`Why ${noun.plural} are left out of ${NAMES[r.feed]}, most first`} columns={["Reason", noun.Plural]} />
              <tbody>
                {r.reasons.map((x) => (
                  <tr key={x.reason}>
                    <td>{x.reason}</td>
                    <td>{x.cars.toLocaleString("en-AU")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {ofKind ? <p className={styles.hint}>{count(ofKind, noun.noun, noun.plural)} of a kind this feed does not take {ofKind === 1 ? "is" : "are"} counted above, not listed: no change to {ofKind === 1 ? "its record" : "their records"} would bring {ofKind === 1 ? "it" : "them"} in.</p> : null}
          {fixable.length ? (
            <div className={styles.scroll} role="region" aria-label={`${NAMES[r.feed]}: ${noun.plural} left out`} tabIndex={0}>
              <table className={styles.table} data-testid={`${id}-left`}>
                <TableHead caption={`${noun.Plural} left out of ${NAMES[r.feed]}`} columns={["Stock no.", noun.Noun, "Why"]} />
                <tbody>
                  {fixable.map((l) => (
                    <tr key={l.id} data-car={l.id}>
                      <td>{l.stocknum}</td>
                      <td>
                        <a href={`${site}/cars/${encodeURIComponent(l.slug)}`}>{l.title}</a>
                      </td>
                      <td>{l.reasons.join("; ")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : (
        <p role="status">No {noun.noun} is left out.</p>
      )}
    </section>
  );
}
