/**
 * The watchlist endpoints (spec §7): POST /api/watchlist/save-car and /remove-car with JSON
 * { phone_number, car_id }, answering { success: true } or { success: false, message }; and
 * GET /api/watchlist, the signed-in visitor's saved car ids for the save buttons.
 */
import { mobileCountry, normaliseMobile } from "../../domain/mobile";
import { requestUser } from "../auth/sessions";
import { readJsonObject } from "../http/body";
import { BadRequest, HttpError } from "../errors";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { removeCar, saveCar, savedCarIds, siteOwnsVehicle, watchlistEnabled } from "./store";

/** The watchlist's error body (spec §7), for every refusal of its endpoints. */
export const failure = (message: string) => ({ success: false, message });

const NOT_LISTED = "That car is not listed on this site.";

async function change(request: Request, ctx: SiteContext, action: "save" | "remove") {
  if (!watchlistEnabled(ctx.tenant)) throw new HttpError(404, "This site has no watchlist.");
  const user = await requestUser(request, ctx);
  if (!user) throw new HttpError(401, "Sign in to use your watchlist.");
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const carId = typeof body.car_id === "string" || typeof body.car_id === "number" ? String(body.car_id).trim() : "";
  if (!carId || carId.length > 100) throw new BadRequest("car_id is missing.");
  const phone = typeof body.phone_number === "string" ? normaliseMobile(body.phone_number, mobileCountry(ctx.tenant.identity.locale)) : null;
  if (phone !== user.phone) throw new HttpError(403, "That phone number is not the one you signed in with.");
  if (action === "save") {
    if (!(await siteOwnsVehicle(ctx.db, ctx.tenant, carId))) throw new HttpError(404, NOT_LISTED);
    await saveCar(ctx.db, user.id, carId);
  } else if (!(await removeCar(ctx.db, user.id, carId)) && !(await siteOwnsVehicle(ctx.db, ctx.tenant, carId))) {
    throw new HttpError(404, NOT_LISTED);
  }
  return { success: true };
}

export const handleSaveCar = (request: Request, ctx: SiteContext) => change(request, ctx, "save");
export const handleRemoveCar = (request: Request, ctx: SiteContext) => change(request, ctx, "remove");

/** { enabled, signedIn, phone?, carIds } for the save buttons of a page. */
export async function handleWatchlist(request: Request, ctx: SiteContext) {
  if (!watchlistEnabled(ctx.tenant)) return { enabled: false, signedIn: false, carIds: [] };
  const user = await requestUser(request, ctx);
  if (!user) return { enabled: true, signedIn: false, carIds: [] };
  return { enabled: true, signedIn: true, phone: user.phone, carIds: await savedCarIds(ctx.db, user.id) };
}

export const saveCarRoute = siteRoute(handleSaveCar, { errorBody: failure });
export const removeCarRoute = siteRoute(handleRemoveCar, { errorBody: failure });
export const watchlistRoute = siteRoute(handleWatchlist, { errorBody: failure });
