import { cache } from "react";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb } from "../db";
import { getVehicleBySlug } from "./store";
import type { StoredVehicle } from "./vehicle";

const VDP_PATH = /^\/cars\/([a-z0-9-]+)$/;

/**
 * The vehicle a /cars/{slug} page shows: one of the site's dealerships' cars that is shown on
 * dealer websites, whatever its status (a sold car shows its SOLD panel). Null for anything else,
 * and the page answers 404. One read per request, shared by every block of the page.
 */
export const vehicleForPage = cache(async (tenant: TenantDocument, path: string): Promise<StoredVehicle | null> => {
  const slug = VDP_PATH.exec(path)?.[1];
  if (!slug) return null;
  const { db } = await getDb();
  const car = await getVehicleBySlug(db, slug);
  if (!car || car.show_on_dealer_website === false || !tenant.dealerships.some((d) => d.id === car.dealership_id)) return null;
  return car;
});
