import { cache } from "react";
import { and, desc, eq, inArray } from "drizzle-orm";
import { vehicles } from "../db/schema";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db } from "../db";
import { getVehicleBySlug } from "./store";
import { heldVehicleIds, withHold } from "./holds";
import type { StoredVehicle } from "./vehicle";

const VDP_PATH = /^\/cars\/([a-z0-9-]+)$/;
const SLUG = /^[a-z0-9-]+$/;

/**
 * One of the site's cars by slug: a car of one of its dealerships that is shown on dealer
 * websites, whatever its status (a sold car shows its SOLD panel). Null for anything else:
 * another site's car, a hidden one, an unknown or malformed slug.
 */
export async function siteVehicleBySlug(db: Db, tenant: Pick<TenantDocument, "dealerships">, slug: string): Promise<StoredVehicle | null> {
  if (!SLUG.test(slug)) return null;
  const car = await getVehicleBySlug(db, slug);
  if (!car || car.show_on_dealer_website === false || !tenant.dealerships.some((d) => d.id === car.dealership_id)) return null;
  // A car a paid deposit holds shows reserved (server/reservations).
  return withHold(car, await heldVehicleIds(db, new Date(), [car.id]));
}

/**
 * The vehicle a /cars/{slug} page shows (siteVehicleBySlug), or null and the page answers 404.
 * One read per request, shared by every block of the page.
 */
export const vehicleForPage = cache(async (tenant: TenantDocument, path: string): Promise<StoredVehicle | null> => {
  const slug = VDP_PATH.exec(path)?.[1];
  if (!slug) return null;
  return siteVehicleBySlug((await getDb()).db, tenant, slug);
});

/** The newest car the site's dealerships show in stock: the car the admin's preview opens a vehicle page with. */
export async function sampleVehicleSlug(db: Db, tenant: { dealerships?: { id: number }[] }): Promise<string | null> {
  const ids = (tenant.dealerships ?? []).map((d) => d.id).filter(Number.isInteger);
  if (!ids.length) return null;
  const [row] = await db
    .select({ slug: vehicles.slug })
    .from(vehicles)
    .where(and(inArray(vehicles.dealershipId, ids), eq(vehicles.showOnDealerWebsite, true), eq(vehicles.status, "in_stock")))
    .orderBy(desc(vehicles.createdAt))
    .limit(1);
  return row?.slug ?? null;
}
