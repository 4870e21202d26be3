/**
 * GET /api/cars/{slug}/autogauge (spec §7 "Price comparison"): the price comparison of one of the
 * Host's site's cars, as { fill, listing_price, market_range_min, market_range_max, confidence,
 * description }. 404 { message } when the site has no price comparison or the car is not the
 * site's; 404 { error: "No data returned" } (spec §8) when nothing compares. Whether the panel
 * shows is the browser's rule (showPriceComparison); the answer is the provider's as it is.
 */
import { PRICE_COMPARISON_NO_DATA } from "../../domain/price-comparison";
import { HttpError } from "../errors";
import { reply } from "../http/endpoint";
import { siteRoute, type SiteContext } from "../http/site-route";
import { siteVehicleBySlug } from "../inventory/vdp";
import { priceComparisonProvider, type PriceComparisonProvider } from "./provider";

/** Prices change with a feed update; a few minutes' staleness costs nothing and saves the query. */
export const AUTOGAUGE_CACHE = "public, max-age=300";
export const AUTOGAUGE_NO_DATA_CACHE = "public, max-age=60";

/** The {slug} of /api/cars/{slug}/{suffix}, or null. */
export function carSlugFromUrl(url: string, suffix: string): string | null {
  const path = new URL(url).pathname;
  const prefix = "/api/cars/";
  const end = `/${suffix}`;
  if (!path.startsWith(prefix) || !path.endsWith(end)) return null;
  const slug = path.slice(prefix.length, path.length - end.length);
  return /^[a-z0-9-]+$/.test(slug) ? slug : null;
}

export async function handleAutogauge(request: Request, ctx: SiteContext & { priceComparison?: PriceComparisonProvider }) {
  if (!ctx.tenant.features.priceComparison) throw new HttpError(404, "This site has no price comparison.");
  const slug = carSlugFromUrl(request.url, "autogauge");
  const car = slug ? await siteVehicleBySlug(ctx.db, ctx.tenant, slug) : null;
  if (!car) throw new HttpError(404, "That car is not listed on this site.");
  const result = await (ctx.priceComparison ?? priceComparisonProvider(ctx.db)).compare(car, { now: ctx.now });
  // No data is an answer (spec §8), cached a little while, not a refusal: its body is the spec's.
  if (!result) return reply(404, { error: PRICE_COMPARISON_NO_DATA }, { "cache-control": AUTOGAUGE_NO_DATA_CACHE });
  return reply(200, result, { "cache-control": AUTOGAUGE_CACHE });
}

export const autogaugeRoute = siteRoute(handleAutogauge);
