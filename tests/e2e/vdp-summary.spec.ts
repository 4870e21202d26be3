import { expect, test, type Page } from "@playwright/test";
import { demoTenants, perSite, siteUrl, viewports } from "./helpers";

// The vehicle page's sidebar (vehicle-summary) and breadcrumbs on every demo site whose
// vehicle-detail template has them: the car opened from the search page shows the card's title and
// price; the make breadcrumb opens a search with stock; a sold car shows the SOLD panel, no price.

const norm = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const summaryOf = (page: Page) => page.locator('[data-block="vehicle-summary"]');
const harbourlineSubmit = demoTenants.find((t) => t.identity.slug === "harbourline")!.forms.enquiry.submitLabel;
const availableCard = (page: Page) => page.locator("article").filter({ has: page.getByRole("link", { name: /^Explore Vehicle/ }) }).first();

async function searchCount(page: Page): Promise<number> {
  const text = norm(await page.locator('h2[id$="-count"]').textContent());
  const m = /^([\d,]+) /.exec(text);
  expect(m, `count heading "${text}"`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
}

/**
 * Whether the site lists its recently sold cars: the tenant document's features.soldCars.enabled (on
 * unless set off). The demo stock (server/demo/inventory.ts, the same on every first start) has sold
 * cars within each of these sites' soldCars.days.
 */
const LISTS_SOLD: Record<string, boolean> = {
  bluegum: true,
  "coralstone-mazda": true,
  harbourline: true,
  "kowhai-motors": false,
  redgate: true,
  "wattle-creek": true,
};

for (const tenant of demoTenants) {
  const { slug } = tenant.identity;
  const vdp = tenant.pages.find((p) => p.template === "vehicle-detail");
  const hasSummary = !!vdp?.blocks.some((b) => b.type === "vehicle-summary");
  const hasCrumbs = !!vdp?.blocks.some((b) => b.type === "breadcrumbs");
  if (!hasSummary) continue;

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  });

  test(`${slug}: the car from the search page — heading, price, breadcrumbs`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(siteUrl(slug, "/search"));
    const card = availableCard(page);
    const title = norm(await card.locator("h3").textContent());
    const price = norm(await card.locator("p[data-kind]").textContent());
    const href = (await card.getByRole("link", { name: /^Explore Vehicle/ }).getAttribute("href"))!;

    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      const response = await page.goto(siteUrl(slug, href));
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      const summary = summaryOf(page);
      await expect(summary.getByRole("heading", { level: 2 }).first()).toHaveText(title);
      await expect(summary.locator('p[data-kind="price"], p[data-kind="preorder"], p[data-kind="no-price"]').first()).toHaveText(price);
      await expect(summary).not.toContainText("This vehicle has recently sold.");
      // Only buttons that go somewhere: every link in the sidebar has an href.
      for (const a of await summary.locator("a").all()) expect(await a.getAttribute("href")).toBeTruthy();
      await page.screenshot({ path: `test-results/screenshots/vdp-${slug}-${viewport.width}.jpg`, fullPage: true });
    }

    if (hasCrumbs) {
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      // The current step is year make model: the start of the card's title.
      const current = norm(await crumbs.locator('[aria-current="page"]').textContent());
      expect(current).toMatch(/^\d{4} /);
      expect(title.startsWith(current)).toBe(true);
      await expect(crumbs.getByRole("link").first()).toHaveAttribute("href", "/");
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(ld.map((t) => JSON.parse(t)["@type"])).toContainEqual("BreadcrumbList");
      // The make: the third step (Home > car type list > make).
      const make = crumbs.getByRole("listitem").nth(2).getByRole("link");
      const makeName = norm(await make.textContent());
      expect(title).toContain(makeName);
      // The car's page rendered and hydrated cleanly, and so does the make's search page.
      expect(errors).toEqual([]);
      await make.click();
      await page.waitForURL((u) => u.pathname.startsWith("/search/"));
      await expect.poll(() => searchCount(page)).toBeGreaterThan(0);
      for (const t of await page.locator("article h3").allTextContents()) expect(t).toContain(makeName);
      expect(errors).toEqual([]);
    } else {
      expect(errors).toEqual([]);
    }
  });

  test(`${slug}: a sold car shows the SOLD panel and no price${perSite(LISTS_SOLD, slug) ? "" : " (none listed: the site does not list sold cars)"}`, async ({ page }) => {
    // Sold cars rank last (custom_rank, server/inventory/records.ts): the search's last page lists them.
    // (The search's URL takes no status filter: `refinementList[status]` was ignored, and this test
    // skipped itself on every site, finding no sold car on the first page.)
    await page.goto(siteUrl(slug, "/search"));
    await page.waitForLoadState("networkidle");
    const last = Math.ceil((await searchCount(page)) / tenant.search.hitsPerPage);
    if (last > 1) {
      await page.goto(siteUrl(slug, `/search?page=${last}`));
      await page.waitForLoadState("networkidle");
    }
    const sold = page.locator('article[data-status="sold"]').first();
    if (!perSite(LISTS_SOLD, slug)) {
      await expect(page.locator("article").first()).toBeAttached();
      await expect(page.locator('article[data-status="sold"]')).toHaveCount(0);
      return;
    }
    await expect(sold).toBeAttached();
    const title = norm(await sold.locator("h3").textContent());
    const href = (await sold.locator("h3 a").getAttribute("href"))!;
    // The card's Find Me Something Similar opens the car page's similar-car enquiry (issue 29: it was #enquire, on no page).
    await expect(sold.getByRole("link", { name: /^Find Me Something Similar/ })).toHaveAttribute("href", `${href}#similar`);
    await page.goto(siteUrl(slug, `${href}#similar`));
    const summary = summaryOf(page);
    // The address names the similar-car enquiry: it opens.
    await expect(page.getByRole("dialog", { name: "Find Me Something Similar" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(summary.getByRole("heading", { level: 2 }).first()).toHaveText(title);
    await expect(summary).toContainText("SOLD");
    await expect(summary).toContainText("This vehicle has recently sold.");
    await expect(summary).toContainText("Like this and want something similar?");
    await expect(summary.getByRole("link", { name: "See similar ones in stock" })).toHaveAttribute("href", /^\/search(\/|$)/);
    await expect(summary.locator('p[data-kind="price"], p[data-kind="preorder"], p[data-kind="no-price"]')).toHaveCount(0);
    await expect(summary.getByRole("link", { name: /^(Reserve This |Get Finance|Get Pre-Approved)/ })).toHaveCount(0);
    await page.setViewportSize(viewports.phone);
    await page.screenshot({ path: `test-results/screenshots/vdp-${slug}-sold-${viewports.phone.width}.jpg`, fullPage: true });
  });
}

// Issue 29: a result card's Quick Enquiry (/cars/{slug}#enquire) opens that car's enquiry form; it
// landed on the top of the car page, which had no such anchor. Without JavaScript the form shows in place.
test("Quick Enquiry on a result card opens the car's enquiry form, and lands on it without JavaScript", async ({ browser, page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), "forecourt:popup-dismissed:harbourline");
  await page.setViewportSize(viewports.phone);
  await page.goto(siteUrl("harbourline", "/search"));
  const card = availableCard(page);
  const title = norm(await card.locator("h3 a").textContent());
  const href = (await card.locator("h3 a").getAttribute("href"))!;
  const quick = card.getByRole("link", { name: /^Quick Enquiry/ });
  await expect(quick).toHaveAttribute("href", `${href}#enquire`);
  await quick.click();
  await page.waitForURL((u) => u.pathname === href && u.hash === "#enquire");
  const dialog = page.getByRole("dialog", { name: "Enquire Now" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title.split(" ").slice(0, 3).join(" "));
  await expect(dialog.locator("form")).toBeVisible();
  // Focus is in the form (its first field), and Close leaves the page as it was, the form not left in place.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("dialog form"))).toBe(true);
  await page.screenshot({ path: "test-results/screenshots/quick-enquiry-harbourline-390.jpg" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.locator("#enquire")).toBeHidden();

  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: viewports.desktop });
  const plain = await noScript.newPage();
  expect((await plain.goto(siteUrl("harbourline", `${href}#enquire`)))?.status()).toBe(200);
  const form = plain.locator("#enquire form");
  await expect(form).toBeVisible();
  await expect(form).toBeInViewport();
  await expect(form.getByRole("button", { name: harbourlineSubmit })).toBeVisible();
  await noScript.close();
});
