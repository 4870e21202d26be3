/**
 * A place a shopper names — a postcode or a suburb or town ("near 2148", "near Parramatta",
 * "within 50 km of Hobart") — placed by the embedded postcode tables of the site's country.
 * A name several postcodes share is placed at the one in the site's state first, then at a street
 * postcode rather than a PO-box range, then the lowest: "Cleveland" is 4163 on a Queensland site,
 * 2530 on a New South Wales one.
 */
import { fold } from "../search/engine/text";
import { placeOf, TABLES } from "./embedded";
import { normalisePostcode } from "./provider";
import type { GeocodedPlace, GeocodingCountry } from "./types";

/** Longer input is not read: no place name is this long. */
const MAX_PLACE = 60;

// Australia's PO-box and large-volume postcode ranges (Australia Post), placed after street postcodes.
const PO_BOXES: [number, number][] = [[200, 299], [900, 999], [1000, 1999], [5800, 5999], [6800, 6999], [7800, 7999], [8000, 8999], [9000, 9999]];
const isPoBox = (postcode: string) => PO_BOXES.some(([lo, hi]) => +postcode >= lo && +postcode <= hi);

const nameKey = (s: string) => fold(s).replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/** Per country: a folded place name → its postcodes, best first (street before PO box, then lowest). */
const byName = new Map<GeocodingCountry, Map<string, string[]>>();

function namesOf(country: GeocodingCountry): Map<string, string[]> {
  let names = byName.get(country);
  if (names) return names;
  names = new Map();
  for (const [postcode, [, , place]] of Object.entries(TABLES[country])) {
    const key = nameKey(place);
    names.set(key, [...(names.get(key) ?? []), postcode]);
  }
  for (const list of names.values()) list.sort((a, b) => +isPoBox(a) - +isPoBox(b) || a.localeCompare(b));
  byName.set(country, names);
  return names;
}

/** The place a postcode or a place name stands for in the country (the site's state preferred), or null. */
export function findPlace(input: unknown, country: GeocodingCountry, state?: string | null): GeocodedPlace | null {
  if (typeof input !== "string" || input.length > MAX_PLACE || !TABLES[country]) return null;
  const postcode = normalisePostcode(input);
  if (postcode) return Object.hasOwn(TABLES[country], postcode) ? placeOf(postcode, country) : null;
  const postcodes = namesOf(country).get(nameKey(input));
  if (!postcodes) return null;
  const inState = state ? postcodes.find((p) => TABLES[country][p][3] === state) : undefined;
  return placeOf(inState ?? postcodes[0], country);
}
