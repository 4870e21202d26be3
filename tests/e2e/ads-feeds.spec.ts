import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { REQUIRED_FIELDS, type AdsFeed } from "../../domain/ads-feeds";
import { parseCsv } from "../../server/inventory/csv";
import { decodeHtml, demoTenants, siteGet, siteUrl } from "./helpers";

// Issue 35: every demo site's vehicle ads feeds over HTTP, as Google and Meta fetch them.
const PATHS: Record<AdsFeed, string> = { google: "/feeds/google-vehicle-ads.xml", meta: "/feeds/meta-vehicles.csv" };
const TYPES: Record<AdsFeed, string> = { google: "application/xml; charset=utf-8", meta: "text/csv; charset=utf-8" };

/** A group attribute's XML (vehicle_fulfillment: option and store codes) in its text form, "in_store:CODE". */
const FULFILLMENT = /<g:vehicle_fulfillment><g:option>([^<]*)<\/g:option>((?:<g:store_code>[^<]*<\/g:store_code>)*)<\/g:vehicle_fulfillment>/g;
const fulfillmentText = (_m: string, option: string, codes: string) => `<g:vehicle_fulfillment>${[option, ...[...codes.matchAll(/<g:store_code>([^<]*)</g)].map((c) => c[1])].join(":")}</g:vehicle_fulfillment>`;

/** Google's items: each <item>'s fields, as a reader of the XML gets them. */
function googleItems(xml: string): Record<string, string>[] {
  // Well-formed, as xmllint reads it (it throws on an error).
  execFileSync("xmllint", ["--noout", "-"], { input: xml });
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => Object.fromEntries([...m[1].replace(FULFILLMENT, fulfillmentText).matchAll(/<(g:[a-z_-]+)>([^<]*)<\/\1>/g)].map((f) => [f[1], decodeHtml(f[2])])));
}

/** Meta's items: each row by its header's columns, empty cells left out. */
function metaItems(csv: string): Record<string, string>[] {
  const [head, ...rows] = parseCsv(csv).map((r) => r.fields);
  for (const column of Object.keys(REQUIRED_FIELDS.meta)) expect(head, column).toContain(column);
  return rows.map((r) => Object.fromEntries(head.flatMap((c, i) => (r[i] ? [[c, r[i]]] : []))));
}

test("every demo site serves the feeds it publishes, each item with every required field, and 404 for one it does not", async ({ request }) => {
  test.setTimeout(300_000);
  for (const doc of demoTenants) {
    const slug = doc.identity.slug;
    for (const feed of ["google", "meta"] as const) {
      const where = `${slug} ${feed}`;
      const res = await siteGet(request, slug, PATHS[feed]);
      if (!doc.features.adsFeeds?.[feed]) {
        expect(res.status(), where).toBe(404);
        continue;
      }
      expect(res.status(), where).toBe(200);
      expect(res.headers()["content-type"], where).toBe(TYPES[feed]);
      const etag = res.headers().etag;
      expect(etag, where).toMatch(/^"[0-9a-f]{16}"$/);
      const again = await request.get(`${new URL(res.url()).origin}${PATHS[feed]}`, { headers: { host: new URL(siteUrl(slug)).host, "if-none-match": etag }, failOnStatusCode: false });
      expect(again.status(), where).toBe(304);
      expect(await again.body(), where).toHaveLength(0);
      const body = await res.text();
      const items = feed === "google" ? googleItems(body) : metaItems(body);
      expect(items.length, where).toBeGreaterThan(0);
      // Every required field in its form, and each car's store one of the site's locations by its store code (the misses listed, one check).
      const codes = new Set(doc.locations.map((l) => l.store_code));
      const misses = items.flatMap((item) => [
        ...Object.entries(REQUIRED_FIELDS[feed]).flatMap(([field, form]) => (form.test(item[field] ?? "") ? [] : [`${item["g:id"] ?? item.vehicle_id} ${field}: ${item[field]}`])),
        ...(codes.has(item["g:store_code"] ?? item.dealer_id) ? [] : [`${item["g:id"] ?? item.vehicle_id} store: ${item["g:store_code"] ?? item.dealer_id}`]),
      ]);
      expect(misses, where).toEqual([]);
    }
  }
});

test("a used car sold at an NSW dealership shows its rego and the dealer licence number (Harbourline: Bluegum is in WA)", async ({ page, request }) => {
  const doc = demoTenants.find((d) => d.identity.slug === "harbourline")!;
  const rows = metaItems(await (await siteGet(request, "harbourline", PATHS.meta)).text());
  const car = rows.find((r) => r["address.region"] === "NSW" && r.state_of_vehicle === "USED")!;
  expect(car).toBeTruthy();
  const location = doc.locations.find((l) => l.store_code === car.dealer_id)!;
  expect(location.address.state).toBe("NSW");
  await page.goto(siteUrl("harbourline", new URL(car.url).pathname));
  const facts = page.locator('[data-block="vehicle-key-info"]');
  const more = facts.getByRole("button", { name: /Show More/ });
  if (await more.count()) await more.click();
  await expect(facts).toContainText(/Rego\s*[A-Z0-9]{5,7}\b/);
  await expect(page.locator("main")).toContainText(`Dealer licence ${location.dealer_license_number}`);
});
