import { expect, test, type Page } from "@playwright/test";
import { siteUrl, viewports } from "./helpers";

// The words follow the vehicle's kind (issue 29, domain/vehicle-terms.ts), once per kind that differs
// from a car: a redgate motorcycle is test-ridden and protected as a motorcycle; a wattle-creek
// caravan is viewed, has no odometer, and is reserved as a caravan. The trade-in wizard's caravan
// questions are checked in trade-in.spec.ts, the service intervals in domain/service-booking.test.ts.

type Hit = { slug: string; path: string; reserved?: boolean; body?: string | null };

/** The site's in-stock, priced vehicles of one kind, from its search endpoint (as the search page asks it). */
async function inStock(page: Page, slug: string, kind: string): Promise<Hit[]> {
  await page.goto(siteUrl(slug, "/about-us"));
  return page.evaluate(async (filters) => {
    const res = await fetch("/api/search/1/indexes/*/queries", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ indexName: "vehicles", params: { query: "", filters, hitsPerPage: 20 } }] }),
    });
    return (await res.json()).results[0].hits;
  }, `item_type:${kind} AND status:in_stock AND price > 10`);
}

const summary = (page: Page) => page.locator('[data-block="vehicle-summary"]');

test.beforeEach(async ({ page }) => {
  for (const slug of ["redgate", "wattle-creek"]) await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
});

test("redgate: a motorcycle's page offers a Test Ride and says Protect Your Motorcycle", async ({ page }) => {
  const [bike] = await inStock(page, "redgate", "motorcycle");
  expect(bike, "an in-stock motorcycle on redgate").toBeTruthy();
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto(siteUrl("redgate", bike.path));
    const button = summary(page).getByRole("button", { name: /^Book a Test Ride/ });
    await expect(button).toBeVisible();
    await expect(summary(page).getByRole("button", { name: /Test Drive/ })).toHaveCount(0);
    await expect(page.locator('[data-block="protect-your-car"] h2')).toHaveText("Protect Your Motorcycle");
    await expect(page.locator('[data-block="protect-your-car"]')).toContainText("Motorcycle insurance");
    await page.screenshot({ path: `test-results/screenshots/words-redgate-motorcycle-${name}.jpg`, fullPage: true });
  }
  // The dialog the button opens is titled the same.
  await summary(page).getByRole("button", { name: /^Book a Test Ride/ }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Book a Test Ride" })).toBeVisible();
});

test("wattle-creek: a caravan's page offers an Inspection, shows no odometer, and its checkout reserves a caravan", async ({ page }) => {
  const vans = await inStock(page, "wattle-creek", "caravan");
  // A camper trailer (a caravan with that body) has words of its own: "Reserve this camper trailer".
  const van = vans.find((v) => !v.reserved && v.body !== "camperTrailer");
  expect(van, "an unreserved in-stock caravan (not a camper trailer) on wattle-creek").toBeTruthy();
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto(siteUrl("wattle-creek", van!.path));
    await expect(summary(page).getByRole("button", { name: /^Book an Inspection/ })).toBeVisible();
    await expect(summary(page).getByRole("button", { name: /Test Drive/ })).toHaveCount(0);
    await expect(summary(page)).not.toContainText("Odometer");
    await page.screenshot({ path: `test-results/screenshots/words-wattle-creek-caravan-${name}.jpg`, fullPage: true });
  }
  const reserve = summary(page).getByRole("link", { name: /^Reserve This/ });
  const href = await reserve.getAttribute("href");
  expect(href).toMatch(/\/checkout$/);
  await page.goto(siteUrl("wattle-creek", href!));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reserve this caravan");
  await expect(page.getByText(/^The caravan is held for you for \d+ hours$/)).toBeVisible();
});
