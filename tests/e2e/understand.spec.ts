import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { distanceKm } from "../../domain/delivery";
import { demoTenants, perSite, reactHydrated, siteUrl, viewports } from "./helpers";

// Issue 34's "done when": on every demo site, each of ten requests typed in the search box shows the
// right chips and only matching cars; removing a chip widens the results; the URL reloads to the same
// page. Reads only: one page per site, the requests typed in turn.
//
// "Only matching cars" is computed from the site's own search API: the same filters asked there give
// the count the page shows, every car the page lists is among those hits, and every hit carries the
// filters' values. A row's `filters` are those the chips stand for (a string list value or "lo:hi").
// A "near <place>" row per site names a postcode or suburb near one of the site's own locations; its
// chip, its URL (near, at, within) and its cars are checked against the postcode table and the
// site's locations: every car listed stands at a location within the radius.

const RANGES = new Set(["price", "weekly_price", "km", "year", "seats"]);

interface Row {
  ask: string;
  /** The chips' text, in order. */
  chips: string[];
  filters: Record<string, string>;
  /** Words left in the box (searched as text). */
  query?: string;
  /** Clear all filters first: a request that places nothing searches its words with the filters on. */
  clear?: boolean;
  /** The chip removed (by keyboard) after this request, and its filter: the results widen. */
  remove?: [chip: string, attribute: string];
  /** A place the request names (its postcode in the embedded table) and the radius asked. */
  near?: { postcode: string; km: number };
}

type Table = { postcodes: Record<string, [lat: number, lng: number, place: string, region: string]> };
const TABLES = { AU: "server/geocoding/au-postcodes.json", NZ: "server/geocoding/nz-postcodes.json" };
/** The place a row names, as the site's look-up answers it: "Midvale, WA", its point, and the chip. */
function placeOf(slug: string, near: NonNullable<Row["near"]>) {
  const country = demoTenants.find((t) => t.identity.slug === slug)!.identity.currency === "NZD" ? "NZ" : "AU";
  const [lat, lng, name, region] = (JSON.parse(readFileSync(TABLES[country], "utf8")) as Table).postcodes[near.postcode];
  const place = `${name}, ${region}`;
  return { place, lat, lng, chip: `Within ${near.km} km of ${place}` };
}

/** Where each of the site's locations stands, by name (a hit names its location). */
function locationsOf(slug: string): Map<string, { lat: number; lng: number }> {
  const { locations } = JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8")) as { locations: { name: string; address: { lat: number; long: number } }[] };
  return new Map(locations.map((l) => [l.name, { lat: l.address.lat, lng: l.address.long }]));
}

const ISSUE = {
  ute: { ask: "white diesel ute under 40k with less than 50,000 km", chips: ["Ute", "White", "Diesel", "Under $40,000", "Under 50,000 km"], filters: { body: "ute", colour: "White", fuel: "Diesel", price: ":40000", km: ":50000" } },
  suv: { ask: "7 seater suv 2019 or newer automatic", chips: ["SUV", "Automatic", "7+ seats", "2019 or newer"], filters: { body: "suv", transmission: "Automatic", seats: "7:", year: "2019:" } },
  cx5: { ask: "mazda cx5 or cx-5 around $30k", chips: ["Mazda", "CX-5", "$27,000 – $33,000"], filters: { make: "Mazda", model: "CX-5", price: "27000:33000" } },
} satisfies Record<string, Row>;

const REQUESTS: Record<string, Row[]> = {
  harbourline: [
    { ...ISSUE.ute, remove: ["Under 50,000 km", "km"] },
    ISSUE.suv,
    ISSUE.cx5,
    { ask: "cheap first car", chips: ["Car", "Under $30,000"], filters: { item_type: "car", price: ":30000" } },
    { ask: "towing 3500kg", chips: [], filters: {}, query: "towing 3500kg", clear: true },
    { ask: "hilux 4x4 auto", chips: ["HiLux", "Automatic", "4x4"], filters: { model: "HiLux", transmission: "Automatic", drive: "4x4" } },
    { ask: "used hatchback under $20k", chips: ["Used", "Hatch", "Under $20,000"], filters: { car_type: "used", body: "hatch", price: ":20000" } },
    { ask: "kawasaki motorbike", chips: ["Motorcycle", "Kawasaki"], filters: { item_type: "motorcycle", make: "Kawasaki" } },
    { ask: "hino truck", chips: ["Truck", "Hino"], filters: { item_type: "truck", make: "Hino" } },
    { ask: "ford ranger diesel 2022+", chips: ["Ford", "Ranger", "Diesel", "2022 or newer"], filters: { make: "Ford", model: "Ranger", fuel: "Diesel", year: "2022:" } },
    { ask: "within 30 km of 2285", chips: [], filters: {}, near: { postcode: "2285", km: 30 } },
  ],
  "coralstone-mazda": [
    { ...ISSUE.cx5, remove: ["$27,000 – $33,000", "price"] },
    { ask: "white cx-5 auto", chips: ["CX-5", "White", "Automatic"], filters: { model: "CX-5", colour: "White", transmission: "Automatic" } },
    { ask: "used mazda3 under 20k", chips: ["Used", "Mazda3", "Under $20,000"], filters: { car_type: "used", model: "Mazda3", price: ":20000" } },
    { ask: "bt-50 4x4 diesel", chips: ["BT-50", "Diesel", "4x4"], filters: { model: "BT-50", fuel: "Diesel", drive: "4x4" } },
    { ask: "mx-5 convertible", chips: ["MX-5", "Convertible"], filters: { model: "MX-5", body: "convertible" } },
    { ask: "red mazda2 hatch", chips: ["Mazda2", "Hatch", "Red"], filters: { model: "Mazda2", body: "hatch", colour: "Red" } },
    { ask: "cheap first car", chips: ["Under $30,000"], filters: { price: ":30000" } },
    { ask: "suv 2022 or newer", chips: ["SUV", "2022 or newer"], filters: { body: "suv", year: "2022:" } },
    { ask: "demo cx-30", chips: ["Demo", "CX-30"], filters: { car_type: "demo", model: "CX-30" } },
    { ask: "low kms suv", chips: ["SUV", "Under 50,000 km"], filters: { body: "suv", km: ":50000" } },
    { ask: "near Cairns", chips: [], filters: {}, near: { postcode: "4870", km: 50 } },
  ],
  bluegum: [
    ISSUE.ute,
    ISSUE.suv,
    { ask: "cheap first car", chips: ["Under $30,000"], filters: { price: ":30000" } },
    { ask: "used hatch under 15k", chips: ["Hatch", "Under $15,000"], filters: { body: "hatch", price: ":15000" } },
    { ask: "hybrid suv", chips: ["SUV", "Hybrid"], filters: { body: "suv", fuel: "Hybrid" }, remove: ["Hybrid", "fuel"] },
    { ask: "toyota corolla", chips: ["Toyota", "Corolla"], filters: { make: "Toyota", model: "Corolla" } },
    { ask: "mitsi triton 4wd", chips: ["Mitsubishi", "Triton", "4x4"], filters: { make: "Mitsubishi", model: "Triton", drive: "4x4" } },
    { ask: "ev under $50k", chips: ["Electric", "Under $50,000"], filters: { fuel: "Electric", price: ":50000" } },
    { ask: "low kms sedan", chips: ["Sedan", "Under 50,000 km"], filters: { body: "sedan", km: ":50000" } },
    { ask: "people mover", chips: ["People Mover"], filters: { body: "peopleMover" } },
    { ask: "within 10 km of 6056", chips: [], filters: {}, near: { postcode: "6056", km: 10 } },
  ],
  redgate: [
    { ask: "naked bike under $15k", chips: ["Naked", "Under $15,000"], filters: { body: "naked", price: ":15000" }, remove: ["Under $15,000", "price"] },
    { ask: "yamaha dirt bike", chips: ["Yamaha", "Off-road"], filters: { make: "Yamaha", body: "offRoad" } },
    { ask: "used ktm under 30000km", chips: ["Used", "KTM", "Under 30,000 km"], filters: { car_type: "used", make: "KTM", km: ":30000" } },
    { ask: "cheap prime mover", chips: ["Prime Mover", "Under $10,000"], filters: { body: "primeMover", price: ":10000" } },
    { ask: "fuso truck 2020+", chips: ["Truck", "Fuso", "2020 or newer"], filters: { item_type: "truck", make: "Fuso", year: "2020:" } },
    { ask: "royal enfield between 5 and 15k", chips: ["Royal Enfield", "$5,000 – $15,000"], filters: { make: "Royal Enfield", price: "5000:15000" } },
    { ask: "isuzu trucks", chips: ["Isuzu Trucks"], filters: { make: "Isuzu Trucks" } },
    { ask: "adventure bike", chips: ["Adventure"], filters: { body: "adventure" } },
    { ask: "triumph 2022 or newer", chips: ["Triumph", "2022 or newer"], filters: { make: "Triumph", year: "2022:" } },
    { ask: "curtainsider", chips: ["Curtainsider"], filters: { body: "curtainsider" } },
    { ask: "near 4350", chips: [], filters: {}, near: { postcode: "4350", km: 50 } },
  ],
  "wattle-creek": [
    { ask: "caravan under 60k", chips: ["Caravan", "Under $60,000"], filters: { body: "caravan", price: ":60000" }, remove: ["Under $60,000", "price"] },
    { ask: "jayco pop top", chips: ["Jayco", "Pop Top"], filters: { make: "Jayco", body: "popTop" } },
    { ask: "coromal 2018 onwards", chips: ["Coromal", "2018 or newer"], filters: { make: "Coromal", year: "2018:" } },
    { ask: "cheap camper trailer", chips: ["Camper Trailer", "Under $40,000"], filters: { body: "camperTrailer", price: ":40000" } },
    { ask: "used caravan", chips: ["Used", "Caravan"], filters: { car_type: "used", body: "caravan" } },
    { ask: "new jayco", chips: ["New", "Jayco"], filters: { car_type: "new", make: "Jayco" } },
    { ask: "poptop under $40k", chips: ["Pop Top", "Under $40,000"], filters: { body: "popTop", price: ":40000" } },
    { ask: "jayco journey", chips: ["Jayco", "Journey"], filters: { make: "Jayco", model: "Journey" } },
    { ask: "caravans from 50k", chips: ["Caravan", "From $50,000"], filters: { body: "caravan", price: "50000:" } },
    { ask: "avan 2016 onwards", chips: ["Avan", "2016 or newer"], filters: { make: "Avan", year: "2016:" } },
    { ask: "near 3551", chips: [], filters: {}, near: { postcode: "3551", km: 50 } },
  ],
  // New Zealand words: WoF, rego, dual cab, 4wd, second hand.
  "kowhai-motors": [
    ISSUE.ute,
    ISSUE.suv,
    { ask: "4wd ute with wof", chips: ["Ute", "4x4"], filters: { body: "ute", drive: "4x4" } },
    { ask: "dual cab ute", chips: ["Ute"], filters: { body: "ute" } },
    { ask: "auto hatch under $20k with rego", chips: ["Hatch", "Automatic", "Under $20,000"], filters: { body: "hatch", transmission: "Automatic", price: ":20000" }, remove: ["Under $20,000", "price"] },
    { ask: "hybrid suv", chips: ["SUV", "Hybrid"], filters: { body: "suv", fuel: "Hybrid" } },
    { ask: "ev under 50k", chips: ["Electric", "Under $50,000"], filters: { fuel: "Electric", price: ":50000" } },
    { ask: "second hand suv low kms", chips: ["Used", "SUV", "Under 50,000 km"], filters: { car_type: "used", body: "suv", km: ":50000" } },
    { ask: "mitsi triton", chips: ["Mitsubishi", "Triton"], filters: { make: "Mitsubishi", model: "Triton" } },
    { ask: "suzuki swift", chips: ["Suzuki", "Swift"], filters: { make: "Suzuki", model: "Swift" } },
    { ask: "near Lower Hutt", chips: [], filters: {}, near: { postcode: "5010", km: 50 } },
  ],
};

const decodedUrl = (page: Page) => decodeURIComponent(page.url());
const countHeading = (page: Page) => page.locator('h2[id$="-count"]');
const chips = (page: Page) => page.getByRole("list", { name: "Selected filters" }).getByRole("button");
const removeNames = (labels: string[]) => labels.map((l) => `Remove ${l}`);
/** The cars listed: each card's link. */
const listed = (page: Page) => page.locator("article.fc-card h3 a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));

async function count(page: Page): Promise<number> {
  const text = (await countHeading(page).textContent()) ?? "";
  const m = /^([\d,]+) /.exec(text.trim());
  expect(m, `count heading "${text}"`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
}

/** The site's search API asked for a row's filters (under the site's own base filter, as the page is). */
async function answer(page: Page, row: Row, slug: string) {
  const facetFilters = Object.entries(row.filters).filter(([a]) => !RANGES.has(a)).map(([a, v]) => [`${a}:${v}`]);
  const numericFilters = Object.entries(row.filters).filter(([a]) => RANGES.has(a)).flatMap(([a, v]) => {
    const [lo, hi] = v.split(":");
    return [...(lo ? [`${a}>=${lo}`] : []), ...(hi ? [`${a}<=${hi}`] : [])];
  });
  const near = row.near ? placeOf(slug, row.near) : undefined;
  const around = near ? { aroundLatLng: `${near.lat},${near.lng}`, aroundRadius: row.near!.km * 1000 } : {};
  const body = { requests: [{ indexName: "vehicles", params: { query: row.query ?? "", facetFilters, numericFilters, hitsPerPage: 1000, ...around } }] };
  const result = await page.evaluate(async (b) => {
    const res = await fetch("/api/search/1/indexes/*/queries", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    return ((await res.json()) as { results: { nbHits: number; hits: Record<string, unknown>[] }[] }).results[0];
  }, body);
  const locations = locationsOf(slug);
  for (const hit of result.hits) {
    if (near) {
      // Within the radius, by the site's own location data.
      const at = locations.get(String(hit.location_name));
      expect(at, `${row.ask}: ${String(hit.path)} stands at ${String(hit.location_name)}`).toBeDefined();
      expect(distanceKm(near, at!), `${row.ask}: ${String(hit.path)} at ${String(hit.location_name)}`).toBeLessThanOrEqual(row.near!.km);
    }
    for (const [a, v] of Object.entries(row.filters)) {
      if (!RANGES.has(a)) expect(String(hit[a]), `${row.ask}: ${String(hit.path)} ${a}`).toBe(v);
      else {
        const [lo, hi] = v.split(":").map((x) => (x ? Number(x) : undefined));
        const x = Number(hit[a]);
        expect(lo === undefined || x >= lo, `${row.ask}: ${String(hit.path)} ${a} ${x} ≥ ${lo}`).toBe(true);
        expect(hi === undefined || x <= hi, `${row.ask}: ${String(hit.path)} ${a} ${x} ≤ ${hi}`).toBe(true);
      }
    }
  }
  return { nbHits: result.nbHits, paths: new Set(result.hits.map((h) => String(h.path))) };
}

async function ask(page: Page, request: string) {
  const box = page.getByRole("searchbox");
  await reactHydrated(box);
  await box.fill(request);
  await box.press("Enter");
}

/** The page shows the row's chips and exactly the API's cars for its filters; answers the count. */
async function expectRow(page: Page, row: Row, slug: string) {
  const near = row.near ? placeOf(slug, row.near) : undefined;
  await expect(chips(page), row.ask).toHaveText(removeNames([...row.chips, ...(near ? [near.chip] : [])]));
  await expect(page.getByRole("searchbox")).toHaveValue(row.query ?? "");
  // The ordinary search URL of those filters. Waiting for it also lets the router's delayed write
  // land before the next request (InstantSearchNext re-reads the URL when it changes).
  const params = [
    ...Object.entries(row.filters).map(([a, v]) => (RANGES.has(a) ? `range[${a}]=${v}` : `refinementList[${a}][0]=${v}`)),
    ...(row.query ? [`query=${row.query}`] : []),
    ...(near ? [`near=${near.place}`, `at=${near.lat},${near.lng}`, `within=${row.near!.km}`] : []),
  ];
  await expect.poll(() => decodeURIComponent(new URL(page.url()).search).slice(1).split("&").filter(Boolean).sort(), { message: `${row.ask}: the URL` }).toEqual(params.sort());
  const { nbHits, paths } = await answer(page, row, slug);
  await expect.poll(() => count(page), { message: `${row.ask}: the count` }).toBe(nbHits);
  // The previous request's cars stay on screen until this one's arrive.
  await expect.poll(async () => (await listed(page)).filter((path) => !paths.has(path)), { message: `${row.ask}: cars that do not match` }).toEqual([]);
  const shown = await listed(page);
  expect(shown.length > 0, row.ask).toBe(nbHits > 0);
  return { nbHits, shown };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  for (const { identity } of demoTenants) {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${identity.slug}`);
  }
});

for (const { identity } of demoTenants) {
  const slug = identity.slug;
  test(`${slug}: ten requests become the right chips and only matching cars; a chip removed widens; a reload keeps the page`, async ({ page }) => {
    test.setTimeout(180_000);
    const rows = perSite(REQUESTS, slug);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // What the browser saw go wrong, said when a row fails (a search that failed leaves the last results up).
    const seen: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && seen.push(m.text())));
    page.on("requestfailed", (r) => seen.push(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`));
    await page.goto(siteUrl(slug, "/search"));
    const all = await count(page);

    for (const [i, row] of rows.entries()) {
      if (row.clear) await page.getByRole("button", { name: "Clear all" }).click();
      await ask(page, row.ask);
      const { nbHits, shown } = await expectRow(page, row, slug).catch((e: Error) => {
        throw new Error(`${e.message}\nThe browser saw: ${JSON.stringify([...errors, ...seen])}`);
      });
      if (Object.keys(row.filters).length) expect(nbHits, row.ask).toBeLessThan(all);

      if (i === 0) {
        // The URL alone gives the same page (the server's render).
        const url = page.url();
        await page.reload();
        expect(page.url()).toBe(url);
        await expect(chips(page)).toHaveText(removeNames(row.chips));
        await expect.poll(() => listed(page)).toEqual(shown);
      }
      if (row.remove) {
        // By keyboard: the results widen, the chip goes, and the focus stays among the chips.
        const [chip, attribute] = row.remove;
        await page.getByRole("button", { name: `Remove ${chip}` }).focus();
        await page.keyboard.press("Enter");
        const wider = { ...row, chips: row.chips.filter((c) => c !== chip), filters: Object.fromEntries(Object.entries(row.filters).filter(([a]) => a !== attribute)) };
        await expect(page.locator(":focus")).toHaveText(/^Remove /);
        expect((await expectRow(page, wider, slug)).nbHits, `removing ${chip}`).toBeGreaterThan(nbHits);
      }
    }
    expect(errors).toEqual([]);
  });
}

test("harbourline: near a postcode keeps the cars within 50 km, nearest first; reload keeps it; removing the chip widens", async ({ page }) => {
  // Southport (4215) from the embedded table; each location's point from the site's document. Cleveland,
  // 50.8 km away, is just outside.
  const [lat, lng] = (JSON.parse(readFileSync("server/geocoding/au-postcodes.json", "utf8")) as { postcodes: Record<string, [number, number]> }).postcodes["4215"];
  const locations = (JSON.parse(readFileSync("tenants/harbourline.json", "utf8")) as { locations: { name: string; address: { lat: number; long: number } }[] }).locations
    .map((l) => ({ name: l.name, km: distanceKm({ lat, lng }, { lat: l.address.lat, lng: l.address.long }) }))
    .sort((a, b) => b.name.length - a.name.length);
  /** Each card's distance from Southport, by the location it names. */
  const distances = async () =>
    (await page.locator("article").allTextContents()).map((text) => {
      const at = locations.find((l) => text.includes(l.name));
      expect(at, text).toBeDefined();
      return at!.km;
    });

  await page.goto(siteUrl("harbourline", "/search"));
  const all = await count(page);
  await ask(page, "near 4215");
  await expect(chips(page)).toHaveText(["Remove Within 50 km of Southport, QLD"]);
  await expect.poll(() => decodedUrl(page)).toBe(siteUrl("harbourline", `/search?near=Southport, QLD&at=${lat},${lng}&within=50`));
  await expect.poll(async () => (await distances()).every((km) => km <= 50)).toBe(true);
  const found = await count(page);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(all);
  const near = await distances();
  expect(near).toEqual([...near].sort((a, b) => a - b));
  const titles = await page.locator("article h3").allTextContents();

  // The server's render of the URL alone agrees.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(chips(page)).toHaveText(["Remove Within 50 km of Southport, QLD"]);
  expect(await page.locator("article h3").allTextContents()).toEqual(titles);

  await page.getByRole("button", { name: "Remove Within 50 km of Southport, QLD" }).click();
  await expect(chips(page)).toHaveCount(0);
  await expect.poll(() => count(page)).toBe(all);
  await expect.poll(() => decodedUrl(page)).toBe(siteUrl("harbourline", "/search"));
});
