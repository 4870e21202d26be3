/**
 * Placing a location on the map by its address (the editor's Locations section): the address's
 * postcode, looked up by the site's geocoding provider (server/geocoding/provider.ts; the embedded
 * one answers from local postcode tables, so the point is the postcode's centre), checked against the
 * state or region typed beside it. An address that cannot be placed gets a message saying why and
 * what to do; the coordinates can always be typed by hand (the form's Advanced part).
 */
import type { Db } from "../db";
import { HttpError } from "../errors";
import { geocodingProvider, normalisePostcode, siteCountry, type GeocodingCountry, type GeocodingProvider } from "../geocoding/provider";
import { getDraft } from "../tenants/store";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { AdminUser } from "./accounts";
import { assertTenantAccess } from "./access";

export interface PlacedAddress {
  lat: number;
  long: number;
  /** The place the point is the centre of: "Southport, QLD". */
  label: string;
  postcode: string;
}

const COUNTRY: Record<GeocodingCountry, string> = { AU: "Australia", NZ: "New Zealand" };
/** The location form's New Zealand region codes, as the postcode table names the regions. */
const NZ_REGIONS: Record<string, string> = { AUK: "Auckland", WGN: "Wellington", CAN: "Canterbury", WKO: "Waikato", BOP: "Bay of Plenty", OTA: "Otago" };

export const NO_POSTCODE = "Type the address's 4-digit postcode: the location is placed on the map by it.";
export const noSuchPostcode = (postcode: string, country: GeocodingCountry) =>
  `No place in ${COUNTRY[country]} has the postcode ${postcode}. Check the postcode, or type the coordinates under Advanced.`;
export const otherState = (postcode: string, place: string, area: string, state: string) =>
  `Postcode ${postcode} is in ${area} (${place}), not ${state}. Check the state or the postcode.`;

/** The message as a 422 answer. */
class CannotPlace extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}

/** Where an address is, in a country; CannotPlace (422) with the reason when it cannot be placed. */
export async function placeAddress(address: { postcode?: unknown; state?: unknown }, country: GeocodingCountry, provider: GeocodingProvider = geocodingProvider()): Promise<PlacedAddress> {
  const postcode = normalisePostcode(address.postcode);
  if (!postcode) throw new CannotPlace(NO_POSTCODE);
  const place = provider.countries.includes(country) ? await provider.geocode(postcode, country) : null;
  if (!place) throw new CannotPlace(noSuchPostcode(postcode, country));
  const [name, area] = place.label.split(/, (?=[^,]*$)/);
  const state = typeof address.state === "string" ? address.state.trim() : "";
  const expected = country === "NZ" ? NZ_REGIONS[state] : state;
  if (state && area && expected && expected.toLowerCase() !== area.toLowerCase()) throw new CannotPlace(otherState(postcode, name, area, expected));
  return { lat: place.lat, long: place.long, label: place.label, postcode };
}

/** The same for a site the person may edit, in the country of its draft's locale. */
export async function placeSiteAddress(db: Db, user: AdminUser, slug: string, address: { postcode?: unknown; state?: unknown }): Promise<PlacedAddress> {
  assertTenantAccess(user, slug);
  const draft = await getDraft(db, slug);
  const locale = (draft.document as Partial<TenantDocument>).identity?.locale;
  return placeAddress(address, siteCountry({ identity: { locale } } as Pick<TenantDocument, "identity">));
}
