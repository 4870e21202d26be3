import { cache } from "react";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db } from "../db";
import { getVehicleBySlug } from "./store";
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
  return car;
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
