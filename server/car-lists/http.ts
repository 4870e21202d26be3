/**
 * GET /api/cars?ids={id},{id}… : the current state of the cars a visitor keeps in the favourites or
 * compare list of the Host's site (lists live in the browser; the car may since be sold, reserved
 * — by the feed or a paid deposit's hold, as search and the vehicle page say — or gone). Answers { cars: [{ id, state, car }] } in the order asked: `state` is available,
 * reserved, sold or gone (not a car of this site's dealerships, hidden from dealer websites, or
 * deleted), and `car` is null when gone. 400 { message } for a missing, malformed or too long list.
 */
import { FAVOURITES_MAX } from "../../domain/car-lists";
import { BadRequest } from "../errors";
import { siteRoute, type SiteContext } from "../http/site-route";
import { lookupListCars } from "./service";

export { listCar, lookupListCars } from "./service";

const CAR_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

/** The ids of `?ids=`: comma-separated vehicle ids, at most FAVOURITES_MAX, duplicates once. */
export function parseIds(url: URL): string[] {
  const all = url.searchParams.getAll("ids");
  if (all.length !== 1) throw new BadRequest("Give the cars as one ids parameter: ids=id1,id2.");
  const raw = all[0];
  if (raw.length > FAVOURITES_MAX * 81) throw new BadRequest(`At most ${FAVOURITES_MAX} cars at a time.`);
  const ids = [...new Set(raw.split(",").map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw new BadRequest("Give at least one car id.");
  if (ids.length > FAVOURITES_MAX) throw new BadRequest(`At most ${FAVOURITES_MAX} cars at a time.`);
  const bad = ids.find((id) => !CAR_ID.test(id));
  if (bad !== undefined) throw new BadRequest("A car id has letters, digits, dot, underscore, colon and hyphen only (at most 80).");
  return ids;
}

export async function handleListLookup(request: Request, ctx: SiteContext) {
  const ids = parseIds(new URL(request.url));
  return { cars: await lookupListCars(ctx.db, ctx.tenant, ids) };
}

export const listLookupRoute = siteRoute(handleListLookup);
