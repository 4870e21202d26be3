/**
 * What a geocoding provider is (server/geocoding/provider.ts chooses one; the embedded one,
 * ./embedded.ts, and any vendor adapter implement it).
 */
import type { MobileCountry } from "../../domain/mobile";

export type GeocodingCountry = MobileCountry;

export interface GeocodedPlace {
  /** The postcode as looked up: 4 ASCII digits. */
  postcode: string;
  country: GeocodingCountry;
  lat: number;
  long: number;
  /** The place as shown: "Southport, QLD", "Penrose, Auckland". */
  label: string;
}

export interface GeocodingProvider {
  readonly name: string;
  /** The countries whose postcodes it looks up. */
  readonly countries: readonly GeocodingCountry[];
  /**
   * The place of a postcode (already 4 ASCII digits) in a country, or null when it has none.
   * Throws only when it fails (a vendor that does not answer).
   */
  geocode(postcode: string, country: GeocodingCountry): Promise<GeocodedPlace | null>;
}
