/**
 * GET /api/cars/{slug}/view.json (spec §7 "View data"): records one view of one of the Host's
 * site's cars and answers { views, car_fields }.
 *
 * - views: the car's views — its document's `views` plus the views counted here.
 * - car_fields: the few fields a page that was cached may want to refresh: status, price,
 *   photos_count and updated_at (when the car's record last changed, ISO 8601).
 *
 * The spec's query (photos_count, updated_at, website_id) is optional: the page sends what it
 * rendered so a log or a cache can tell which version asked; values that are not what they
 * claim to be (a count, a date, this site's slug) are a 400. They do not change the answer.
 *
 * One visitor (client address, an IPv6 client as its /64) counts once per car per 30 minutes, so reloads do not inflate the count,
 * and views past VIEW_LIMITS (per client, network and site) are not counted: the answer is the same,
 * the view is simply not added. The windows live in the process's rate limiter (memory, or Redis when REDIS_URL is set).
 */
import { BadRequest, HttpError } from "../errors";
import { siteRoute, type SiteContext } from "../http/site-route";
import { siteVehicleBySlug } from "../inventory/vdp";
import { clientKey, hitInOrder, leadRateLimiter, networkKey, type RateLimiter } from "../http/rate-limit";
import { carSlugFromUrl } from "../price-comparison/http";
import { recordView, vehicleViewState } from "./store";

/** A visitor's repeat views of a car within this window count once. */
export const VIEW_DEDUPE_MS = 30 * 60_000;

/**
 * Views counted per site and hour, after the 30-minute repeat rule (a repeat spends nothing), each
 * counted only past the one before (hitInOrder: a client over its limit spends none of its network's
 * or the site's budget). A shopper opens a dozen or two cars in a visit, so a real audience never
 * meets these; a view past one is simply not counted:
 * - perClient: one client (IPv4 address, IPv6 /64) — 60 different cars in an hour is a crawler;
 * - perNetwork: one network (IPv4 /24, IPv6 /48) — three such clients in one office or household;
 * - perSite: 20,000 — some 5,000 visitors an hour each opening 4 cars, beyond a dealer site's busiest
 *   hour; at least 112 networks at their limit to reach it.
 */
export const VIEW_LIMITS = {
  perClient: { limit: 60, windowMs: 3_600_000 },
  perNetwork: { limit: 180, windowMs: 3_600_000 },
  perSite: { limit: 20_000, windowMs: 3_600_000 },
};
export type ViewLimits = typeof VIEW_LIMITS;

export interface ViewAnswer {
  views: number;
  car_fields: { status: string; price: number; photos_count: number; updated_at: string };
}

function badQuery(url: URL, site: string): string | null {
  const photos = url.searchParams.get("photos_count");
  if (photos !== null && !/^\d{1,6}$/.test(photos)) return "photos_count must be a whole number.";
  const updated = url.searchParams.get("updated_at");
  if (updated !== null && (updated.length > 40 || Number.isNaN(Date.parse(updated)))) return "updated_at must be a date (ISO 8601).";
  const website = url.searchParams.get("website_id");
  if (website !== null && website !== site) return "website_id is not this site.";
  return null;
}

const NOT_LISTED = "That car is not listed on this site.";

export async function handleView(request: Request, ctx: SiteContext & { limiter?: RateLimiter; limits?: ViewLimits }): Promise<ViewAnswer> {
  const url = new URL(request.url);
  const slug = carSlugFromUrl(request.url, "view.json");
  const car = slug ? await siteVehicleBySlug(ctx.db, ctx.tenant, slug) : null;
  if (!car) throw new HttpError(404, NOT_LISTED);
  const bad = badQuery(url, ctx.tenant.identity.slug);
  if (bad) throw new BadRequest(bad);

  const limiter = ctx.limiter ?? (await leadRateLimiter());
  const limits = ctx.limits ?? VIEW_LIMITS;
  const site = ctx.tenant.identity.slug;
  const client = clientKey(request);
  const counted = await hitInOrder(limiter, [
    { key: `view:${site}:${client}:${car.id}`, limit: 1, windowMs: VIEW_DEDUPE_MS },
    { key: `views:ip:${site}:${client}`, ...limits.perClient },
    { key: `views:net:${site}:${networkKey(client)}`, ...limits.perNetwork },
    { key: `views:site:${site}`, ...limits.perSite },
  ]);
  if (counted.ok) await recordView(ctx.db, car.id, ctx.now);
  const state = await vehicleViewState(ctx.db, car.id);
  if (!state) throw new HttpError(404, NOT_LISTED);
  return {
    views: (car.views ?? 0) + state.counted,
    car_fields: { status: car.status, price: car.price, photos_count: car.images?.length ?? 0, updated_at: state.updatedAt.toISOString() },
  };
}

export const viewRoute = siteRoute(handleView);
