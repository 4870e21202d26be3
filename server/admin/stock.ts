/**
 * What the editor's link picker offers from a site's stock: the makes, models and body types it has
 * (for a search link) and its cars found by stock number or name (for a car link). Only the cars of
 * the dealerships the site's draft lists and owns (previewDealerships), shown on dealer websites.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import { getDraft } from "../tenants/store";
import type { AdminUser } from "./accounts";
import { assertTenantAccess } from "./access";
import { previewDealerships } from "./preview";

export interface StockFacets {
  make: string[];
  /** "Make > Model", as the search's make_model facet spells it. */
  make_model: string[];
  body: string[];
}

export interface StockCar {
  slug: string;
  stocknum: string;
  title: string;
}

/** The longest search text read; longer is cut. */
export const MAX_QUERY = 60;
const CARS_LISTED = 20;

async function siteDealershipIds(db: Db, user: AdminUser, slug: string): Promise<number[]> {
  assertTenantAccess(user, slug);
  const draft = await getDraft(db, slug);
  const doc = await previewDealerships(db, slug, draft.document as { dealerships?: { id: number }[] });
  return (doc.dealerships ?? []).map((d) => d.id).filter(Number.isInteger);
}

/** The site's stock as search choices, each list sorted. */
export async function stockFacets(db: Db, user: AdminUser, slug: string): Promise<StockFacets> {
  const ids = await siteDealershipIds(db, user, slug);
  if (!ids.length) return { make: [], make_model: [], body: [] };
  const body = sql<string | null>`${vehicles.data}->>'body'`;
  const rows = await db
    .selectDistinct({ make: vehicles.make, model: vehicles.model, body })
    .from(vehicles)
    .where(and(inArray(vehicles.dealershipId, ids), eq(vehicles.showOnDealerWebsite, true)));
  const sorted = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v && v.trim() !== ""))].sort((a, b) => a.localeCompare(b));
  return {
    make: sorted(rows.map((r) => r.make)),
    make_model: sorted(rows.map((r) => `${r.make} > ${r.model}`)),
    body: sorted(rows.map((r) => r.body)),
  };
}

/** The site's cars in stock or coming soon whose stock number starts with, or whose year, make and model contain, `query`; newest first. */
export async function findStockCars(db: Db, user: AdminUser, slug: string, query: string): Promise<StockCar[]> {
  const ids = await siteDealershipIds(db, user, slug);
  const q = query.trim().slice(0, MAX_QUERY).replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!ids.length || !q) return [];
  const name = sql<string>`(${vehicles.year}::text || ' ' || ${vehicles.make} || ' ' || ${vehicles.model})`;
  const rows = await db
    .select({ slug: vehicles.slug, stocknum: vehicles.stocknum, year: vehicles.year, make: vehicles.make, model: vehicles.model, badge: sql<string | null>`${vehicles.data}->>'badge'` })
    .from(vehicles)
    .where(
      and(
        inArray(vehicles.dealershipId, ids),
        eq(vehicles.showOnDealerWebsite, true),
        inArray(vehicles.status, ["in_stock", "coming_soon"]),
        or(ilike(vehicles.stocknum, `${q}%`), ilike(name, `%${q}%`)),
      ),
    )
    .orderBy(desc(vehicles.createdAt), asc(vehicles.slug))
    .limit(CARS_LISTED);
  return rows.map((r) => ({ slug: r.slug, stocknum: r.stocknum, title: [r.year, r.make, r.model, r.badge].filter(Boolean).join(" ") }));
}
