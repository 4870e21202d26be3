import { expect, test } from "@playwright/test";
import { liveOfferCount, offerRecords } from "../../domain/offers";
import { NO_LIVE_OFFERS } from "../../blocks/offers-search/offers";
import { demoTenants, reactHydrated, siteUrl, viewports } from "./helpers";

// /special-offers on every demo site with offers: live offers only, categories, the dealer's stock
// link, the empty state (a site with none running: a plain line and its stock); and the menu's
// offers-only items follow whether the site has live offers.

const NO_OFFERS = "There appears to be no offers currently available that meet the conditions of your search.";

for (const raw of demoTenants) {
  // The seed documents leave out what has a default.
  const tenant = { ...raw, offers: raw.offers ?? [] };
  const { slug } = tenant.identity;
  const now = new Date();
  const live = liveOfferCount(tenant, now);
  const onlyWhenOffers = tenant.navigation.items.flatMap((i) => [i, ...(i.children ?? [])]).filter((i) => i.onlyWhenOffers);

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  });

  test(`${slug}: offers-only menu items ${live ? "show" : "stay hidden"} (${live} live offers)`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(siteUrl(slug, "/"));
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of onlyWhenOffers) {
      if (live) await expect(nav.locator(`a[href="${item.href}"]`).first()).toBeAttached();
      else await expect(nav.locator(`a[href="${item.href}"]`)).toHaveCount(0);
    }
  });

  if (!tenant.pages.some((p) => p.path === "/special-offers")) continue;

  if (!live) {
    test(`${slug}: /special-offers with no offer running says so and links the stock`, async ({ page }) => {
      expect((await page.goto(siteUrl(slug, "/special-offers")))?.status()).toBe(200);
      const block = page.locator('[data-block="offers-search"]');
      await expect(block.getByText(NO_LIVE_OFFERS)).toBeVisible();
      await expect(block.getByRole("link", { name: "Browse all our cars" })).toHaveAttribute("href", "/search");
      await expect(block.getByRole("button", { name: "Clear Filters" })).toHaveCount(0);
    });
    continue;
  }

  test(`${slug}: /special-offers lists live offers, filters by category, links to the dealer's stock`, async ({ page }) => {
    const records = offerRecords(tenant);
    const ts = now.getTime() / 1000;
    const liveRecords = records.filter((o) => o.start_ts <= ts && ts < o.expiry_ts);
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(siteUrl(slug, "/special-offers"));
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { name: "Latest Offers", level: 2 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /offers?$/ })).toHaveText(`${live} ${live === 1 ? "offer" : "offers"}`);
      await page.screenshot({ path: `test-results/screenshots/offers-${slug}-${viewport.width}.jpg`, fullPage: true });
    }
    const titles = await page.locator("article h3").allTextContents();
    expect(titles.sort()).toEqual(liveRecords.map((o) => o.title).sort());

    // A category narrows to the offers in it, in the URL, and a reload keeps it.
    const category = liveRecords[0].categories[0];
    const categoryButton = page.getByRole("group", { name: "Offer categories" }).getByRole("button", { name: new RegExp(`^${category} \\(`) });
    await reactHydrated(categoryButton);
    await categoryButton.click();
    const inCategory = liveRecords.filter((o) => o.categories.includes(category)).length;
    await expect(page.locator("article")).toHaveCount(inCategory);
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`refinementList[categories][0]=${category}`);
    await page.reload();
    await expect(page.locator("article")).toHaveCount(inCategory);

    // The dealer's stock.
    const dealer = liveRecords.find((o) => o.categories.includes(category))!;
    await page.locator("article", { hasText: dealer.title }).getByRole("link", { name: /^See more from this dealer/ }).click();
    await page.waitForURL(/\/search\?/);
    await expect(page.getByRole("list", { name: "Selected filters" })).toContainText(dealer.dealership_name);
  });

  test(`${slug}: an offers search with nothing to show says so, and Clear Filters brings the offers back`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto(siteUrl(slug, "/special-offers?refinementList[categories][0]=Nothing%20Here"));
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "No Results Available" })).toBeVisible();
    await expect(page.getByText(NO_OFFERS)).toBeVisible();
    await reactHydrated(page.getByRole("button", { name: "Clear Filters" }));
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.locator("article")).toHaveCount(live);
    await expect.poll(() => page.url()).toBe(siteUrl(slug, "/special-offers"));
  });
}
