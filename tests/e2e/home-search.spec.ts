import { expect, test, type Page } from "@playwright/test";
import { showMeCount as countOf } from "../../domain/search-rules";
import { demoTenants, reactHydrated, siteUrl, viewports } from "./helpers";

// The search hero and facet tiles on every demo home page: counts that match what the search page
// then lists, toggles, selectors, quick picks, and the links they make.

const heroOf = (page: Page) => page.locator("section").filter({ has: page.getByRole("link", { name: /^Show Me / }) });
const showMe = (page: Page) => page.getByRole("link", { name: /^Show Me / });
const numberIn = (text: string | null, re: RegExp) => {
  const m = re.exec(text ?? "");
  expect(m, `"${text}" matches ${re}`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
};
const showMeCount = async (page: Page) => numberIn(await showMe(page).textContent(), /^Show Me ([\d,]+) /);
const searchCount = async (page: Page) => numberIn(await page.locator('h2[id$="-count"]').textContent(), /^([\d,]+) /);

for (const tenant of demoTenants) {
  const { slug } = tenant.identity;
  const home = tenant.pages.find((p) => p.path === "/");
  const hero = home?.blocks.find((b) => b.type === "search-hero");
  const tiles = home?.blocks.find((b) => b.type === "facet-tiles");
  if (!hero) continue;
  // The hero's toggles are there when the site sells used and new or demo cars (blocks/search-hero/hero.ts),
  // its quick picks unless the block turns them or the price slider off.
  const carTypes: string[] = tenant.identity.carTypes;
  const hasUsedToggle = carTypes.includes("used") && carTypes.some((t) => t !== "used");
  const heroProps = hero.props as { quickPicks?: boolean; priceSlider?: boolean };
  const hasQuickPicks = heroProps.quickPicks !== false && heroProps.priceSlider !== false;

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  });

  test(`${slug}: search hero — choices change the count, Show Me opens that search`, async ({ page }) => {
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(siteUrl(slug, "/"));
      await page.waitForLoadState("networkidle");
      await expect(heroOf(page).getByRole("heading", { level: 2 }).first()).toHaveText(tenant.search?.heroHeading ?? "Search Our New & Used Vehicles");
      await page.screenshot({ path: `test-results/screenshots/home-${slug}-${viewport.width}.jpg`, fullPage: true });
      expect(await showMeCount(page), `${name}: stock on the home page`).toBeGreaterThan(0);
    }

    // A car type toggle, where the site sells more than one.
    const used = heroOf(page).getByRole("button", { name: "Used", exact: true });
    await reactHydrated(heroOf(page).getByRole("combobox").first());
    if (hasUsedToggle) {
      await used.click();
      await expect(used).toHaveAttribute("aria-pressed", "true");
      await expect(showMe(page)).toHaveAttribute("href", "/search/used-cars");
    } else {
      await expect(used).toHaveCount(0);
    }

    // The first selector's most common value: the count becomes that value's count (options may
    // still be re-rendering with new counts, so pick by value and compare with the chosen option).
    const select = heroOf(page).getByRole("combobox").first();
    const value = (await select.locator("option").nth(1).getAttribute("value"))!;
    await select.selectOption(value);
    await expect
      .poll(async () => {
        const chosen = numberIn(await select.locator("option:checked").textContent(), /\(([\d,]+)\)$/);
        return chosen > 0 && (await showMeCount(page)) === chosen;
      })
      .toBe(true);

    // A quick pick puts a price ceiling on it.
    const quickPick = heroOf(page).getByRole("button", { name: /^Under \$/ }).last();
    if (!hasQuickPicks) await expect(quickPick).toHaveCount(0);
    else {
      await expect(quickPick).toBeVisible();
      const before = await showMeCount(page);
      const ceiling = numberIn(await quickPick.textContent(), /\$([\d,]+)/);
      // The answer to the query with this ceiling (an earlier query's answer may still be arriving):
      // the hero then shows its count, no more than before.
      const filter = `price<=${ceiling}`;
      const asksCeiling = (body: string) => body.includes(filter) || body.includes(encodeURIComponent(filter));
      const answered = page.waitForResponse((r) => r.url().includes("/api/search/") && asksCeiling(r.request().postData() ?? ""), { timeout: 10_000 });
      await quickPick.click();
      const [main] = ((await (await answered).json()) as { results: { nbHits: number; facets?: Record<string, Record<string, number>> }[] }).results;
      const hits = countOf(main.nbHits, main.facets);
      await expect(quickPick).toHaveAttribute("aria-pressed", "true");
      await expect(showMe(page)).toHaveAttribute("href", new RegExp(`range\\[price\\]=:${ceiling}$`));
      expect(hits).toBeLessThanOrEqual(before);
      await expect.poll(() => showMeCount(page)).toBe(hits);
    }

    // The search page lists exactly as many (once the animated count has reached what the live status says).
    const expected = numberIn(await heroOf(page).getByRole("status").textContent(), /^Show Me ([\d,]+) /);
    await expect.poll(() => showMeCount(page)).toBe(expected);
    await showMe(page).click();
    await page.waitForURL(/\/search/);
    await expect.poll(() => searchCount(page)).toBe(expected);
  });

  if (tiles) {
    test(`${slug}: facet tiles link to a search with as many vehicles as they say`, async ({ page }) => {
      await page.setViewportSize(viewports.desktop);
      await page.goto(siteUrl(slug, "/"));
      const list = page.getByRole("region", { name: (tiles.props as { heading: string }).heading }).getByRole("listitem");
      expect(await list.count()).toBeGreaterThan(0);
      const first = list.first().getByRole("link");
      const text = (await first.textContent()) ?? "";
      const n = numberIn(text, /([\d,]+) \S+$/);
      // Body drawings load.
      await list.last().scrollIntoViewIfNeeded();
      for (const img of await list.locator("img").all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await first.click();
      await page.waitForURL(/\/search/);
      await expect.poll(() => searchCount(page)).toBe(n);
    });
  }
}
