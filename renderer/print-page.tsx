import type { Metadata } from "next";
import { NotFoundResponse } from "./not-found-page";
import { cache } from "react";
import { PrintView } from "./print-view.generated";
import { vehicleSheet } from "../domain/vehicle-sheet";
import { vehicleForPage } from "../server/inventory/vdp";
import { tenantForHost } from "../server/tenants/live";

// One look-up per request, shared by the page and its metadata. The car is found exactly as its
// VDP finds it (/cars/{slug}): another site's, hidden or unknown cars are not printed.
const resolve = cache(async (host: string, carId: string | undefined) => {
  const live = await tenantForHost(host);
  if (!live || !carId) return null;
  const car = await vehicleForPage(live.document, `/cars/${carId}`);
  return car ? { tenant: live.document, car, sheet: vehicleSheet(car, live.document) } : null;
});

/** car_id from the query: the first value when repeated. */
export const carIdParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** The print view at /print?car_id={slug} (spec §2 routes); 404 for a car this site does not show. */
export async function PrintPage({ host, carId }: { host: string; carId: string | undefined }) {
  const found = await resolve(host, carId);
  if (!found || !PrintView) return <NotFoundResponse host={host} />;
  return <PrintView sheet={found.sheet} />;
}

/** Titled by the car; never indexed (the VDP is the page search engines list). */
export async function printPageMetadata(host: string, carId: string | undefined): Promise<Metadata> {
  const found = await resolve(host, carId);
  const robots = { index: false, follow: false };
  if (!found) return { title: "Page not found", robots };
  return { title: `${found.sheet.name} | ${found.tenant.identity.name}`, robots };
}
