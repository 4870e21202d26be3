/**
 * Saved-search alerts: after a vehicle write (a feed import or a feed API write, from this process or
 * any other on the database), only the changed cars are matched against the confirmed searches
 * (matcher.ts, a cache of saved_searches re-read incrementally by updated_at); the matches are
 * recorded in saved_search_hits (new to the search, or a price drop), and each search with something
 * pending gets at most one e-mail a day through the lead outbox (idempotency key: the search and the
 * site's calendar day). Every process may run this for the same change: the database statements
 * decide, so no alert goes twice. What could not go today (a second change the same day) waits for
 * tomorrow's first flush (the sweep runs every 10 minutes).
 */
import { readFileSync } from "node:fs";
import { inArray } from "drizzle-orm";
import { tenantBaseFilter } from "../../domain/search-rules";
import type { SearchRecord } from "../../domain/search-record";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import { searchRecordsFor } from "../inventory/records";
import { parseFilters } from "../search/engine/filters";
import { alertMail, confirmationMail, type AlertCar } from "./mail";
import { SearchMatcher, SETTINGS, type SiteFilters } from "./matcher";
import {
  activateSavedSearch,
  clearPending,
  enqueueMail,
  outboxHas,
  pendingHits,
  recordMatches,
  savedSearchesChangedSince,
  searchesWithPending,
  type SavedSearch,
} from "./store";

/** How far back a re-read of the searches looks past the last one seen (another process's clock, a commit in flight). */
const REREAD_MARGIN_MS = 60_000;

/** A site's calendar day ("2026-11-29") at `now`: the window of one alert. */
export function alertDay(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * The clock of the alerts: now, moved by whole days written in FORECOURT_TEST_ALERT_DAYS_FILE when
 * that is set (the end-to-end test's "next day", without waiting for it). Never set it in production.
 */
export function alertClock(env: Record<string, string | undefined> = process.env): () => Date {
  const file = env.FORECOURT_TEST_ALERT_DAYS_FILE?.trim();
  if (!file) return () => new Date();
  return () => {
    let days = 0;
    try {
      days = Number.parseInt(readFileSync(file, "utf8"), 10) || 0;
    } catch {
      // no file yet: today
    }
    return new Date(Date.now() + days * 86_400_000);
  };
}

export interface AlertOptions {
  /** The live document of a site (null: gone, its searches match nothing). */
  tenantOf: (slug: string) => Promise<TenantDocument | null>;
  now?: () => Date;
  /** Wakes the outbox worker after e-mails were queued. */
  kick?: () => void;
}

export class SavedSearchAlerts {
  readonly matcher = new SearchMatcher();
  private readonly now: () => Date;
  private readAt: Date | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly o: AlertOptions,
  ) {
    this.now = o.now ?? (() => new Date());
  }

  /** Re-reads the searches changed since the last read (all, the first time): active ones in, others out. */
  async refresh(): Promise<void> {
    const since = this.readAt ? new Date(this.readAt.getTime() - REREAD_MARGIN_MS) : null;
    const rows = await savedSearchesChangedSince(this.db, since);
    for (const r of rows) {
      if (r.status === "active") this.matcher.upsert(r);
      else this.matcher.remove(r.id);
      if (!this.readAt || r.updatedAt > this.readAt) this.readAt = r.updatedAt;
    }
    this.readAt ??= new Date(0);
  }

  /** The base filter of every site that has searches, at `now` (a site no longer live is left out: it matches nothing). */
  async siteFilters(now: Date, slugs = this.matcher.tenants()): Promise<SiteFilters> {
    const out: SiteFilters = new Map();
    for (const slug of slugs) {
      const tenant = await this.o.tenantOf(slug);
      if (tenant) out.set(slug, parseFilters(tenantBaseFilter(tenant, now), SETTINGS, "the base filter"));
    }
    return out;
  }

  /** Matches the changed cars (sold ones are no news) and records the hits; one change at a time per process. */
  changed(ids: string[]): Promise<number> {
    const run = this.queue.then(async () => {
      await this.refresh();
      if (!this.matcher.size || !ids.length) return 0;
      const { records } = await searchRecordsFor(this.db, ids);
      const now = this.now();
      const matches = this.matcher.match(
        records.filter((r) => r.status !== "sold"),
        await this.siteFilters(now),
      );
      await recordMatches(
        this.db,
        matches.map((m) => ({ searchId: m.searchId, vehicleId: m.record.objectID, price: m.record.price })),
      );
      if (matches.length) await this.flushNow([...new Set(matches.map((m) => m.searchId))]);
      return matches.length;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Sends what is pending (of `ids`, or of every search): one e-mail per search and day. */
  flush(ids?: string[]): Promise<number> {
    const run = this.queue.then(() => this.flushNow(ids));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async flushNow(ids?: string[]): Promise<number> {
    let sent = 0;
    const now = this.now();
    for (const s of await searchesWithPending(this.db, ids)) {
      const tenant = await this.o.tenantOf(s.tenant);
      if (!tenant) continue;
      const day = alertDay(now, tenant.identity.timeZone);
      if (await outboxHas(this.db, `saved-search:${s.id}:${day}`)) continue;
      const hits = await pendingHits(this.db, s.id);
      const cars = await this.carsOf(s, hits, now, tenant);
      const gone = hits.filter((h) => !cars.some((c) => c.id === h.vehicleId)).map((h) => h.vehicleId);
      // A car sold, hidden or gone since it matched is no news: forgotten, not mailed.
      await clearPending(this.db, s.id, gone);
      if (!cars.length) continue;
      if (await enqueueMail(this.db, alertMail(tenant, s, cars, day), cars.map((c) => c.id))) sent++;
    }
    if (sent) this.o.kick?.();
    return sent;
  }

  /** The pending cars still on the site, still matching, with what the e-mail says of them. */
  private async carsOf(s: SavedSearch, hits: Awaited<ReturnType<typeof pendingHits>>, now: Date, tenant: TenantDocument): Promise<AlertCar[]> {
    if (!hits.length) return [];
    const { records } = await searchRecordsFor(this.db, hits.map((h) => h.vehicleId));
    const one = new SearchMatcher();
    one.upsert(s);
    const base = new Map([[s.tenant, parseFilters(tenantBaseFilter(tenant, now), SETTINGS, "the base filter")]]);
    const still = new Map(one.match(records.filter((r) => r.status !== "sold"), base).map((m) => [m.record.objectID, m.record]));
    return hits.flatMap((h) => {
      const r = still.get(h.vehicleId);
      return r ? [carOf(r, h.pending === "price" ? "price" : "new", h.wasPrice)] : [];
    });
  }

  /**
   * Confirms a search (double opt-in): the cars it matches now are recorded as seen (they are not
   * news), then it is active, and its confirmation is done. Answers the row as it is now.
   */
  async confirm(s: SavedSearch): Promise<SavedSearch | null> {
    if (s.status !== "pending") return s;
    const tenant = await this.o.tenantOf(s.tenant);
    if (tenant) {
      const ids = tenant.dealerships.map((d) => d.id);
      const rows = ids.length ? await this.db.select({ id: vehicles.id }).from(vehicles).where(inArray(vehicles.dealershipId, ids)) : [];
      const { records } = await searchRecordsFor(this.db, rows.map((r) => r.id));
      const one = new SearchMatcher();
      one.upsert(s);
      const matches = one.match(records, await this.siteFilters(this.now(), [s.tenant]));
      await recordMatches(this.db, matches.map((m) => ({ searchId: s.id, vehicleId: m.record.objectID, price: m.record.price })), { baseline: true });
    }
    const row = await activateSavedSearch(this.db, s.id, this.now());
    if (row?.status === "active") this.matcher.upsert(row);
    return row;
  }

  /** Queues the confirmation e-mail of a new search (once). */
  async sendConfirmation(tenant: TenantDocument, s: SavedSearch): Promise<void> {
    if (await enqueueMail(this.db, confirmationMail(tenant, s))) this.o.kick?.();
  }
}

function carOf(r: SearchRecord, kind: "new" | "price", wasPrice: number | null): AlertCar {
  return { id: r.objectID, title: r.title, slug: r.slug, price: r.price, wasPrice, kind, picture: r.primary_image_url, itemType: r.item_type, body: r.body };
}
