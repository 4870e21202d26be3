/**
 * "near 2148", "near Parramatta", "within 50 km of Hobart" (issue 34): a search limited to the stock
 * within a distance of a place and ranked nearest first. The place is looked up once, when the
 * request is typed (GET /api/places); from then on the search state carries its name and point, so
 * the URL (`near=Blacktown, NSW&at=-33.77,150.905&within=50`), a reload, Back and the server's render
 * agree with no look-up. Pure: shared by the router, the search page's widget and its chip.
 */
import { numberFormat } from "./intl";

export interface Near {
  /** The place as shown: "Blacktown, NSW", "Penrose, Auckland". */
  place: string;
  lat: number;
  lng: number;
  /** The radius in whole kilometres. */
  km: number;
}

/** The radius of a bare "near 2148". */
export const NEAR_DEFAULT_KM = 50;
/** The widest radius a search may ask (about Sydney to Brisbane): a wider one is no "near". */
export const NEAR_MAX_KM = 1000;
/** The longest place name the URL may carry (the postcode tables' longest is 36 characters). */
export const NEAR_MAX_PLACE = 60;

/** A place name as the tables write them: letters, digits, spaces and , . ' ’ ( ) - only. */
const PLACE = /^[\p{L}\p{M}\p{N} ,.'’()-]+$/u;
const POINT = /^\s*([+-]?\d{1,3}(?:\.\d{1,7})?)\s*,\s*([+-]?\d{1,3}(?:\.\d{1,7})?)\s*$/;

/** A typed radius ("within 500 m": 0.5) as the search takes it: whole kilometres, 1 to NEAR_MAX_KM; none → NEAR_DEFAULT_KM. */
export function nearKm(typed: number | undefined): number {
  if (typed === undefined || !Number.isFinite(typed)) return NEAR_DEFAULT_KM;
  return Math.min(NEAR_MAX_KM, Math.max(1, Math.round(typed)));
}

/**
 * The URL's `near`, `at` and `within` as a Near, or undefined when any is missing or wrong (a name
 * with other characters or too long, a point off the globe, a radius that is not 1 to NEAR_MAX_KM
 * whole kilometres): a hostile or broken link gives the search without distance, never an error.
 */
export function readNear(raw: { near?: unknown; at?: unknown; within?: unknown }): Near | undefined {
  const { near, at, within } = raw;
  if (typeof near !== "string" || typeof at !== "string" || typeof within !== "string") return undefined;
  const place = near.trim();
  if (!place || place.length > NEAR_MAX_PLACE || !PLACE.test(place)) return undefined;
  const m = POINT.exec(at);
  const lat = m ? Number(m[1]) : NaN;
  const lng = m ? Number(m[2]) : NaN;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) return undefined;
  if (!/^\d{1,4}$/.test(within)) return undefined;
  const km = Number(within);
  if (km < 1 || km > NEAR_MAX_KM) return undefined;
  return { place, lat, lng, km };
}

/** A Near as the URL writes it (the inverse of readNear). */
export const nearRoute = (near: Near) => ({ near: near.place, at: `${near.lat},${near.lng}`, within: String(near.km) });

/** Whether a value is a Near readNear would keep (state handed over from elsewhere is checked again). */
export const isNear = (value: unknown): value is Near => {
  if (!value || typeof value !== "object") return false;
  const n = value as Near;
  return typeof n.place === "string" && typeof n.lat === "number" && typeof n.lng === "number" && typeof n.km === "number" && readNear(nearRoute(n)) !== undefined;
};

/** The Algolia parameters of a Near (the embedded engine takes the same): a point and a radius in metres. */
export const nearParams = (near: Near) => ({ aroundLatLng: `${near.lat},${near.lng}`, aroundRadius: near.km * 1000 });

/** The chip: "Within 50 km of Blacktown, NSW" (AU and NZ write 1,000 alike). */
export const nearText = (near: Near) => `Within ${numberFormat("en-AU").format(near.km)} km of ${near.place}`;
