/**
 * Geocoding by postcode (spec leads §5 "Postcode", §7 "Geocoding by postal code", §8 "Invalid
 * postcode"): a postcode and a country in, the place's coordinates and a label out. The embedded
 * provider answers from local tables (server/geocoding/embedded.ts); a maps vendor's adapter would
 * be another GeocodingProvider (./types.ts). Callers go through geocodePostcode, which checks the input and
 * throws InvalidPostcodeError ("Invalid postcode.") when there is no answer.
 */
import { mobileCountry } from "../../domain/mobile";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { HttpError } from "../errors";
import type { GeocodingCountry, GeocodedPlace, GeocodingProvider } from "./types";
import { embeddedGeocodingProvider } from "./embedded";

export type { GeocodingCountry, GeocodedPlace, GeocodingProvider } from "./types";

/** The spec's geocoding message (§8). */
export const INVALID_POSTCODE = "Invalid postcode.";

/** No place for that postcode, or not a postcode at all (§5: "throws Invalid postcode when no result is found"). */
export class InvalidPostcodeError extends HttpError {
  constructor() {
    super(422, INVALID_POSTCODE);
  }
}

/** The provider the site uses: the embedded one (no vendor adapter is configured yet). */
export function geocodingProvider(): GeocodingProvider {
  return embeddedGeocodingProvider;
}

/** A site's country: its locale (en-NZ is New Zealand), as for its phone numbers. */
export function siteCountry(tenant: Pick<TenantDocument, "identity">): GeocodingCountry {
  return mobileCountry(tenant.identity.locale);
}

// Australian and New Zealand postcodes are both 4 digits. ASCII only (\d without the u flag):
// "٤٠٠٠" is not looked up as 4000.
const POSTCODE = /^\d{4}$/;
/** Longer input is not read at all. */
const MAX_INPUT = 20;

/** The 4-digit postcode in what a visitor typed (spaces around it allowed), or null. */
export function normalisePostcode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > MAX_INPUT) return null;
  const trimmed = input.trim();
  return POSTCODE.test(trimmed) ? trimmed : null;
}

/** The place of a postcode in the site's country; InvalidPostcodeError when it is not one or has no place. */
export async function geocodePostcode(input: unknown, country: GeocodingCountry, provider: GeocodingProvider = geocodingProvider()): Promise<GeocodedPlace> {
  const postcode = normalisePostcode(input);
  if (!postcode || !provider.countries.includes(country)) throw new InvalidPostcodeError();
  const place = await provider.geocode(postcode, country);
  if (!place) throw new InvalidPostcodeError();
  return place;
}
