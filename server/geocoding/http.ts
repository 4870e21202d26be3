/**
 * GET /api/places?q=2148: the place a shopper named in the search box ("near 2148", "near
 * Parramatta", "within 50 km of Hobart"), looked up in the embedded postcode table of the site of
 * the Host header, a name several places share placed in the state or region of the site's first
 * location first (places.ts). The search page then carries the answer in its URL (domain/near.ts).
 * Answers JSON:
 *   200 { place: "Blacktown, NSW", lat, lng }
 *   400 { error } — no place given, or longer than any place name;
 *   404 { error } — unknown site, or no such place: "No place called “Narnia” in Australia."
 */
import { NEAR_MAX_PLACE } from "../../domain/near";
import { NZ_REGIONS } from "../../domain/new-site";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { BadRequest, HttpError } from "../errors";
import { underError } from "../http/error-response";
import { brand, endpoint, reply, type Endpoint } from "../http/endpoint";
import { siteOfHost } from "../http/site-route";
import type { LiveDocument } from "../tenants/store";
import { tenantForHost } from "../tenants/live";
import { findPlace } from "./places";
import { siteCountry } from "./provider";

const COUNTRY_NAME = { AU: "Australia", NZ: "New Zealand" } as const;

/** The state or region the tables name for the site's first location ("QLD"; "AUK" → "Auckland"). */
function homeState(tenant: Pick<TenantDocument, "locations">): string | null {
  const state = tenant.locations[0]?.address.state;
  if (!state) return null;
  return NZ_REGIONS.find(([code]) => code === state)?.[1] ?? state;
}

export const noSuchPlace = (typed: string, tenant: Pick<TenantDocument, "identity">) => `No place called “${typed}” in ${COUNTRY_NAME[siteCountry(tenant)]}.`;

/** The place `q` names for a site, or an HttpError (400 bad input, 404 none). */
export function placeFor(q: string | null, tenant: Pick<TenantDocument, "identity" | "locations">) {
  const typed = (q ?? "").replace(/\s+/g, " ").trim();
  if (!typed) throw new BadRequest("Please name a suburb, town or postcode.");
  if (typed.length > NEAR_MAX_PLACE) throw new BadRequest(`A place name is at most ${NEAR_MAX_PLACE} characters.`);
  const found = findPlace(typed, siteCountry(tenant), homeState(tenant));
  if (!found) throw new HttpError(404, noSuchPlace(typed, tenant));
  return { place: found.label, lat: found.lat, lng: found.long };
}

export function placesEndpoint(find: (host: string | null) => Promise<LiveDocument | null>): Endpoint {
  return endpoint(
    { context: async (request) => (await siteOfHost(find)(request)).document, errorBody: underError, log: "[places] request failed:" },
    // The tables change only with a release: the same place gives the same answer.
    (request, tenant) => reply(200, placeFor(new URL(request.url).searchParams.get("q"), tenant), { "cache-control": "public, max-age=3600" }),
  );
}

/** GET /api/places with the live site of the Host header. */
export const placesRoute = brand((request, route) => placesEndpoint(tenantForHost)(request, route));
