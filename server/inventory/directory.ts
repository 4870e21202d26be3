import { eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { dealerships as dealershipTable, tenants, tenantVersions } from "../db/schema";
import { slugify } from "../../domain/search-paths";
import type { Dealership, Finance, Location } from "../../schemas/generated/tenant";

/** A dealership as the sites list it, with its locations and the site it was found on. */
export interface DealershipEntry {
  dealership: Dealership;
  locations: Location[];
  /** Null for a dealership only the `dealerships` table lists (unassigned, or its site does not name it yet). */
  tenantSlug: string | null;
  /** The finance settings of that site (for weekly estimates); as written, without defaults. */
  finance: Partial<Finance> | null;
}

/**
 * Every dealership some site lists, by id: from the published documents first, then from drafts
 * (so stock can be loaded for a site that is still being set up). When several sites list the
 * same dealership, the first wins for its details and the locations of all are merged. Then the
 * dealerships of the `dealerships` table that no site lists (staff's directory: stock may be loaded
 * for a dealership before a site names it), with their name and no locations.
 */
export async function dealershipDirectory(db: Db): Promise<Map<number, DealershipEntry>> {
  const doc = (column: typeof tenantVersions.document | typeof tenants.draft) => ({
    dealerships: sql<unknown>`${column}->'dealerships'`,
    locations: sql<unknown>`${column}->'locations'`,
    finance: sql<unknown>`${column}->'finance'`,
  });
  const published = await db
    .select({ slug: tenants.slug, ...doc(tenantVersions.document) })
    .from(tenants)
    .innerJoin(tenantVersions, eq(tenantVersions.id, tenants.publishedVersionId))
    .where(isNull(tenants.archivedAt))
    .orderBy(tenants.slug);
  const drafts = await db.select({ slug: tenants.slug, ...doc(tenants.draft) }).from(tenants).where(isNull(tenants.archivedAt)).orderBy(tenants.slug);

  const out = new Map<number, DealershipEntry>();
  for (const row of [...published, ...drafts]) {
    const dealerships = asArray<Dealership>(row.dealerships).filter((d) => Number.isInteger(d?.id));
    const locations = asArray<Location>(row.locations).filter((l) => Number.isInteger(l?.id));
    for (const d of dealerships) {
      let entry = out.get(d.id);
      if (!entry) {
        entry = { dealership: d, locations: [], tenantSlug: row.slug, finance: (parse(row.finance) as Partial<Finance>) ?? null };
        out.set(d.id, entry);
      }
      for (const l of locations) if (l.dealership_id === d.id && !entry.locations.some((x) => x.id === l.id)) entry.locations.push(l);
    }
  }
  for (const row of await db.select().from(dealershipTable).orderBy(dealershipTable.id)) {
    if (out.has(row.id)) continue;
    const dealership = { id: row.id, slug: slugify(row.name) || `dealership-${row.id}`, name: row.name || `Dealership ${row.id}` };
    out.set(row.id, { dealership, locations: [], tenantSlug: row.tenantSlug, finance: null });
  }
  return out;
}

// Drivers hand jsonb back parsed; be tolerant of one that returns text.
const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
const asArray = <T>(v: unknown): T[] => {
  const parsed = parse(v);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
};

/** The location a vehicle is shown at: its own, else the dealership's first sales location. */
export function vehicleLocation(entry: DealershipEntry, locationId: number | undefined): Location | null {
  if (locationId !== undefined) return entry.locations.find((l) => l.id === locationId) ?? null;
  return entry.locations.find((l) => l.location_type === "sales") ?? entry.locations[0] ?? null;
}
