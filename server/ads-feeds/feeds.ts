/**
 * A site's vehicle ads feeds (domain/ads-feeds.ts), from its listed stock. A feed is built once per
 * state of the stock and of the site: its key is the published version with the count and latest
 * change of the site's dealerships' cars, read by one indexed query per request, so every process
 * serving the site rebuilds after a feed write or an import and none rebuilds per request.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { feedEntry, feedStore, googleFeedXml, metaFeedCsv, type AdsFeed, type FeedItem } from "../../domain/ads-feeds";
import { publicPageUrl } from "../../domain/hosts";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import type { StoredVehicle } from "../inventory/vehicle";
import type { LiveDocument } from "../tenants/store";

export interface LeftOut {
  id: string;
  /** Its page: /cars/{slug}. */
  slug: string;
  stocknum: string;
  title: string;
  reasons: string[];
  /** Left out for its kind alone (the feed does not take it), which no fix of its record changes. */
  kind: boolean;
}
export interface BuiltFeed {
  key: string;
  body: string;
  items: number;
  left: LeftOut[];
}

export const FEED_PATHS: Record<AdsFeed, string> = { google: "/feeds/google-vehicle-ads.xml", meta: "/feeds/meta-vehicles.csv" };
export const FEED_TYPES: Record<AdsFeed, string> = { google: "application/xml", meta: "text/csv" };

/** The last build of each site's feed in this process. */
const built = new Map<string, BuiltFeed>();

const listed = (ids: number[]) => and(inArray(vehicles.dealershipId, ids), eq(vehicles.showOnDealerWebsite, true), inArray(vehicles.status, ["in_stock", "coming_soon"]));

/** What the feed depends on in the stock: how many listed cars, and the latest change of any of the dealerships' cars. */
async function stockStamp(db: Db, ids: number[]): Promise<string> {
  if (!ids.length) return "none";
  const [row] = await db
    .select({ n: sql<number>`count(*) filter (where ${listed(ids)})::int`, last: sql<string>`max(${vehicles.updatedAt})::text` })
    .from(vehicles)
    .where(inArray(vehicles.dealershipId, ids));
  return `${row.n}@${row.last}`;
}

/** The site's `feed`, or null when the site does not publish it (`evenOff`: built all the same, for the admin). */
export async function adsFeed(db: Db, live: LiveDocument, host: string, feed: AdsFeed, { evenOff = false } = {}): Promise<BuiltFeed | null> {
  const doc = live.document;
  const settings = doc.features.adsFeeds;
  if (!settings[feed] && !evenOff) return null;
  const origin = publicPageUrl(doc.identity.domains, "", host) ?? "";
  const ids = doc.dealerships.map((d) => d.id);
  const key = `${live.version}|${origin}|${await stockStamp(db, ids)}`;
  const cacheKey = `${live.slug} ${feed}`;
  const last = built.get(cacheKey);
  if (last?.key === key) return last;
  const rows = ids.length ? await db.select({ data: vehicles.data, slug: vehicles.slug }).from(vehicles).where(listed(ids)).orderBy(vehicles.slug) : [];
  const site = { origin, currency: doc.identity.currency, kinds: { google: settings.googleKinds, meta: settings.metaKinds } };
  const items: FeedItem[] = [];
  const left: LeftOut[] = [];
  for (const { data, slug } of rows) {
    const car = { ...data, slug } as StoredVehicle;
    const entry = feedEntry(feed, car, feedStore(doc, car), site);
    if (entry.ok) items.push(entry.item);
    else left.push({ id: car.id, slug, stocknum: car.stocknum, title: `${car.year} ${car.make} ${car.model}`, reasons: entry.reasons, kind: !!entry.kind });
  }
  const body = feed === "google" ? googleFeedXml({ name: doc.identity.name, origin }, items) : metaFeedCsv(items);
  const result = { key, body, items: items.length, left };
  built.set(cacheKey, result);
  return result;
}

export interface FeedReport {
  feed: AdsFeed;
  /** Whether the site publishes it. */
  on: boolean;
  items: number;
  left: LeftOut[];
  /** How many cars each reason leaves out, most first. */
  reasons: { reason: string; cars: number }[];
}

/** For the admin: each feed of the site, on or off, with the cars it leaves out and why. */
export async function feedReports(db: Db, live: LiveDocument, host: string): Promise<FeedReport[]> {
  const feeds: AdsFeed[] = ["google", "meta"];
  return Promise.all(
    feeds.map(async (feed) => {
      const built = (await adsFeed(db, live, host, feed, { evenOff: true }))!;
      const counts = new Map<string, number>();
      for (const l of built.left) for (const r of l.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
      const reasons = [...counts].map(([reason, cars]) => ({ reason, cars })).sort((a, b) => b.cars - a.cars || a.reason.localeCompare(b.reason));
      return { feed, on: live.document.features.adsFeeds[feed], items: built.items, left: built.left, reasons };
    }),
  );
}
