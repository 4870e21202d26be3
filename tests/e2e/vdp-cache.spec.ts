import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { FEED_KEYS_FILE } from "../../playwright.config";
import { feedVehicle } from "../fixtures/vehicle";
import { siteUrl } from "./helpers";

// Harbourline's dealership 101 sells from location 1001.
const car = (over: Record<string, unknown> = {}) =>
  feedVehicle("e2e-cache-1", { dealership_id: 101, location_id: 1001, stocknum: "E2E-CACHE-1", price: 31990, ...over });

/** A feed write from the site's own origin (the browser resolves *.localhost; Node does not). */
async function feed(page: Page, method: "PUT" | "DELETE", body?: unknown) {
  const key = JSON.parse(readFileSync(FEED_KEYS_FILE, "utf8"))["101"];
  return page.evaluate(
    async ({ method, body, key }) => {
      const r = await fetch("/api/feed/vehicles/e2e-cache-1", { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      return { status: r.status, json: await r.json() };
    },
    { method, body, key },
  );
}

test("a vehicle page is rendered once and served from the cache until its car changes through the feed", async ({ page }) => {
  await page.goto(siteUrl("harbourline", "/robots.txt"));
  const created = await feed(page, "PUT", car());
  expect(created.status).toBe(201);
  const slug = created.json.vehicle?.slug ?? created.json.slug;
  expect(slug).toMatch(/^2021-toyota-corolla/);
  const url = siteUrl("harbourline", `/cars/${slug}`);

  const first = await page.goto(url);
  expect(first!.status()).toBe(200);
  expect(first!.headers()["x-forecourt-cache"]).toBe("MISS");
  await expect(page.getByText("$31,990").first()).toBeVisible();
  const second = await page.goto(url);
  expect(second!.headers()["x-forecourt-cache"]).toBe("HIT");

  // A price change is on the page at once.
  expect((await feed(page, "PUT", car({ price: 29990 }))).status).toBe(200);
  const changed = await page.goto(url);
  expect(changed!.headers()["x-forecourt-cache"]).toBe("MISS");
  await expect(page.getByText("$29,990").first()).toBeVisible();
  await expect(page.getByText("$31,990")).toHaveCount(0);

  // Sold: the SOLD panel replaces the price.
  await feed(page, "PUT", car({ price: 29990, status: "sold" }));
  await page.goto(url);
  await expect(page.getByText("This vehicle has recently sold.")).toBeVisible();

  // Removed: the page is gone.
  expect((await feed(page, "DELETE")).status).toBe(200);
  expect((await page.goto(url))!.status()).toBe(404);
});

test("each site has its own sitemap.xml listing its cars, and a robots.txt naming it", async ({ page }) => {
  const robots = await page.goto(siteUrl("kowhai-motors", "/robots.txt"));
  expect(robots!.headers()["content-type"]).toContain("text/plain");
  const text = await page.locator("body").innerText();
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain("Sitemap: https://www.kowhaimotors.co.nz/sitemap.xml");
  const sitemap = await page.goto(siteUrl("kowhai-motors", "/sitemap.xml"));
  expect(sitemap!.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap!.text();
  const cars = [...xml.matchAll(/<loc>https:\/\/www\.kowhaimotors\.co\.nz(\/cars\/[^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(cars.length).toBeGreaterThan(10);
  expect(xml).not.toContain("/sign-in<");
  // Every listed car is a page of this site.
  expect((await page.goto(siteUrl("kowhai-motors", cars[0])))!.status()).toBe(200);
  // …and not of another.
  expect((await page.goto(siteUrl("harbourline", cars[0])))!.status()).toBe(404);
});
