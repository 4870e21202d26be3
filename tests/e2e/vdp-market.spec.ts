import { expect, test, type Browser, type Page } from "@playwright/test";
import { dealLabel, fillLevel, showPriceComparison, type PriceComparison } from "../../domain/price-comparison";
import { SIMILAR_CARS_LIMIT, similarPriceWindow } from "../../domain/vdp-rules";
import { formatMoney } from "../../domain/vehicle-display";
import { confidenceText, marketRangeText } from "../../blocks/price-comparison/texts";
import { siteUrl, viewports, axeProblems } from "./helpers";

// The VDP's market blocks on redgate (motorcycles and trucks): the price comparison panel against
// GET /api/cars/{slug}/autogauge, similar cars loaded on approach (in stock, in the price window),
// and the views count across two visitors.

const SLUG = "redgate";
const identity = { locale: "en-AU", currency: "AUD" } as const;
const money = (n: number) => formatMoney(n, identity, 0);

type Hit = { objectID: string; slug: string; path: string; price: number; status: string };

/** The site's in-stock priced cars, from its search endpoint (the browser speaks to it as the search page does). */
async function inStockCars(page: Page): Promise<Hit[]> {
  return page.evaluate(async () => {
    const res = await fetch("/api/search/1/indexes/*/queries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ indexName: "vehicles", params: { query: "", filters: "status:in_stock AND price > 10", hitsPerPage: 300 } }] }),
    });
    return (await res.json()).results[0].hits;
  });
}

/** A car whose comparison the panel shows (a bar partly filled, so its growth can be seen), with the API's answer. */
async function carWithComparison(page: Page): Promise<{ car: Hit; api: PriceComparison }> {
  await page.goto(siteUrl(SLUG, "/search"));
  for (const car of await inStockCars(page)) {
    const api = await page.evaluate(async (slug) => {
      const res = await fetch(`/api/cars/${slug}/autogauge`);
      return res.ok ? res.json() : null;
    }, car.slug);
    if (showPriceComparison(api) && api.fill >= 0.1 && api.fill <= 0.9) return { car, api };
  }
  throw new Error("no redgate car with a price comparison to show");
}

/** axe's WCAG A/AA rules on this spec's blocks only (the other sections have their own specs). */
const blockProblems = (page: Page) => axeProblems(page, "", ['section[data-block="price-comparison"]', 'section[data-block="similar-cars"]', '[data-block="vehicle-views"]']);

const dismissPopup = (page: Page) => page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${SLUG}`);

test.beforeEach(async ({ page }) => dismissPopup(page));

test("redgate VDP: price comparison panel against the API, animated to the fill over 2.5 s", async ({ page }) => {
  const { car, api } = await carWithComparison(page);
  // Hold the answer back a moment to see the skeleton first.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/cars/*/autogauge", async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize(viewports.desktop);
  await page.goto(siteUrl(SLUG, car.path));
  const panel = page.locator('section[data-block="price-comparison"]');
  await expect(panel.getByRole("heading", { level: 2, name: "How This Price Compares" })).toBeVisible();
  await expect(panel.getByText("Against similar bikes and trucks for sale now, new and used.")).toBeVisible();
  await expect(panel.getByTestId("price-comparison-skeleton")).toBeVisible();
  await expect(panel).toHaveAttribute("aria-busy", "true");
  release();

  await expect(panel.getByTestId("price-comparison-label")).toHaveText(dealLabel(api.fill));
  await expect(panel).toHaveAttribute("aria-busy", "false");
  await expect(panel.getByTestId("price-comparison-skeleton")).toHaveCount(0);
  await expect(panel.locator("[data-fill-level]")).toHaveAttribute("data-fill-level", fillLevel(api.fill));
  await expect(panel.getByTestId("price-comparison-listing")).toHaveText(money(api.listing_price));
  await expect(panel.getByTestId("price-comparison-range")).toHaveText(marketRangeText(api.market_range_min, api.market_range_max, identity));
  await expect(panel.getByTestId("price-comparison-confidence")).toHaveText(confidenceText(api.confidence, identity.locale));
  expect(confidenceText(api.confidence, identity.locale)).toBe(`${Math.round(api.confidence * 100)}%`);
  await expect(panel.getByText(api.description)).toBeVisible();
  expect(api.listing_price).toBe(car.price);
  const meter = panel.getByRole("meter", { name: "Price against the market" });
  await expect(meter).toHaveAttribute("aria-valuenow", String(Math.round(api.fill * 100)));

  // The bar grows over 2.5 s, then rests at the fill.
  const fill = panel.getByTestId("price-comparison-fill");
  expect(await fill.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("2.5s");
  await page.waitForTimeout(2700);
  const scale = await fill.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
  expect(scale).toBeCloseTo(api.fill, 2);

  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/vdp-market-panel-${viewports.desktop.width}.jpg` });
});

test("redgate VDP: with reduced motion the bar shows the fill at once", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: viewports.phone });
  const page = await context.newPage();
  await dismissPopup(page);
  const { car, api } = await carWithComparison(page);
  await page.goto(siteUrl(SLUG, car.path));
  const panel = page.locator('section[data-block="price-comparison"]');
  await expect(panel.getByRole("meter", { name: "Price against the market" })).toBeVisible();
  const fill = panel.getByTestId("price-comparison-fill");
  expect(await fill.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  expect(await fill.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a)).toBeCloseTo(api.fill, 2);
  await fill.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/vdp-market-panel-${viewports.phone.width}.jpg` });
  await context.close();
});

test("redgate VDP: similar cars load on approach, in stock and in the price window, never the car itself", async ({ page }) => {
  for (const viewport of [viewports.desktop, viewports.phone]) {
    await page.setViewportSize(viewport);
    const { car } = await carWithComparison(page);
    const queries: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/search/") && r.postData()?.includes("status:in_stock AND price:")) queries.push(r.postData()!);
    });
    await page.goto(siteUrl(SLUG, car.path));
    await page.waitForLoadState("networkidle");
    const section = page.locator('section[data-block="similar-cars"]');
    await expect(section.getByRole("heading", { level: 2, name: "Similar Vehicles" })).toBeAttached();
    await expect(section.getByTestId("similar-placeholder")).toHaveCount(6);
    // Far below the first screen: nothing asked yet.
    const distance = await section.evaluate((el) => el.getBoundingClientRect().top - window.innerHeight);
    expect(distance).toBeGreaterThan(500);
    expect(queries).toEqual([]);

    const answer = page.waitForResponse((r) => r.url().includes("/api/search/") && !!r.request().postData()?.includes("status:in_stock AND price:"));
    await section.scrollIntoViewIfNeeded();
    const body = await (await answer).json();
    // algoliasearch v5 sends each query's parameters flat beside indexName.
    const request = JSON.parse(queries[0]).requests[0];
    const w = similarPriceWindow(car.price);
    expect(request).toMatchObject({ indexName: "vehicles" });
    expect(request.params ?? request).toMatchObject({ hitsPerPage: 10, facets: [], filters: `status:in_stock AND price:${Math.max(0, car.price - w)} TO ${car.price + w}` });
    const hits: Hit[] = body.results[0].hits;
    for (const h of hits) {
      expect(h.status).toBe("in_stock");
      expect(h.price).toBeGreaterThanOrEqual(car.price - w);
      expect(h.price).toBeLessThanOrEqual(car.price + w);
    }
    const expected = hits.filter((h) => h.objectID !== car.objectID).slice(0, SIMILAR_CARS_LIMIT);
    expect(expected.length).toBeGreaterThan(0);
    const cards = section.locator("article");
    await expect(cards).toHaveCount(expected.length);
    await expect(section.getByTestId("similar-placeholder")).toHaveCount(0);
    const hrefs = await cards.getByRole("link", { name: /^Explore Vehicle/ }).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(expected.map((h) => h.path));
    expect(hrefs).not.toContain(car.path);
    await section.screenshot({ path: `/tmp/vdp-market-similar-${viewport.width}.jpg` });
    await expect(page.locator('section[data-block="price-comparison"]').getByTestId("price-comparison-label")).toBeVisible();
    await expect(page.getByTestId("vehicle-views-text")).toBeVisible();
    expect(await blockProblems(page)).toEqual([]);
    page.removeAllListeners("request");
  }
});

test("redgate VDP: the views count goes up by one for another visitor, not on a reload", async ({ browser }) => {
  const visit = async (b: Browser, ip: string) => {
    const context = await b.newContext({ extraHTTPHeaders: { "x-forwarded-for": ip }, viewport: viewports.desktop });
    const page = await context.newPage();
    await dismissPopup(page);
    return { context, page };
  };
  const a = await visit(browser, "203.0.113.10");
  await a.page.goto(siteUrl(SLUG, "/search"));
  const [car] = (await inStockCars(a.page)).slice(-1);
  const count = async (page: Page) => {
    const text = page.getByTestId("vehicle-views-text");
    await expect(text).toHaveText(/^[\d,]+ (people have|person has) viewed this vehicle$/);
    return Number((await text.innerText()).replace(/\D/g, ""));
  };
  const viewCall = (page: Page) => page.waitForResponse((r) => r.url().includes(`/api/cars/${car.slug}/view.json`));
  const firstCall = viewCall(a.page);
  await a.page.goto(siteUrl(SLUG, car.path));
  const first = await (await firstCall).json();
  const n = await count(a.page);
  expect(n).toBe(first.views);
  expect(first.car_fields).toMatchObject({ status: "in_stock", price: car.price });
  expect(n).toBeGreaterThan(0);

  // The same visitor again: recorded once.
  await a.page.reload();
  expect(await count(a.page)).toBe(n);

  const b = await visit(browser, "203.0.113.11");
  await b.page.goto(siteUrl(SLUG, car.path));
  expect(await count(b.page)).toBe(n + 1);
  await expect(b.page.getByTestId("vehicle-views-text")).toHaveText(`${new Intl.NumberFormat("en-AU").format(n + 1)} people have viewed this vehicle`);
  await b.page.getByTestId("vehicle-views-text").scrollIntoViewIfNeeded();
  await b.page.screenshot({ path: `/tmp/vdp-market-views-${viewports.desktop.width}.jpg` });
  await a.context.close();
  await b.context.close();
});
