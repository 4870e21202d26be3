import { expect, test, type Page } from "@playwright/test";
import { demoTenants, siteUrl, viewports } from "./helpers";

// The makes and models search on every demo page that has one: tiles at phone and desktop widths,
// typing a make narrows the tiles to it (and into the URL), paging by keyboard, the empty state with
// Clear, and a tile's count matching the search page it opens.

const numberIn = (text: string | null, re: RegExp) => {
  const m = re.exec(text ?? "");
  expect(m, `"${text}" matches ${re}`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
};
const searchCount = async (page: Page) => numberIn(await page.locator('h2[id$="-count"]').textContent(), /^([\d,]+) /);

const pages = demoTenants.flatMap((tenant) =>
  tenant.pages.flatMap((p) => {
    const block = p.blocks.find((b) => b.type === "model-search");
    return block && p.path ? [{ tenant, path: p.path, heading: (block.props as { heading?: string }).heading ?? null }] : [];
  }),
);

if (!pages.length) test.skip("makes and models search: no demo tenant has a model-search block yet", () => {});

for (const { tenant, path, heading } of pages) {
  const { slug } = tenant.identity;

  test(`${slug}: makes and models search on ${path}`, async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
    const block = heading ? page.getByRole("region", { name: heading }) : page.getByRole("region", { name: "Makes and models" });
    const input = block.getByLabel("Search makes, models or body types");
    const tiles = block.getByRole("list", { name: "Models" }).getByRole("link");
    const names = () => tiles.evaluateAll((els) => els.map((el) => el.querySelector("span:not([aria-hidden])")?.textContent ?? ""));
    const status = block.getByRole("status");

    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(siteUrl(slug, path));
      await page.waitForLoadState("networkidle");
      if (heading) await expect(block.getByRole("heading", { level: 2 })).toHaveText(heading);
      const n = await tiles.count();
      expect(n, `${viewport.width}px: tiles`).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(21);
      await expect(status).toHaveText(/^[\d,]+ models?$/);
      // The first row's pictures are there without scrolling. The first tile has one on every demo site
      // (the demo stock, the same on every first start, has photos of each site's first model's car).
      const first = tiles.first().locator("img");
      await expect(first).toHaveCount(1);
      await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await page.screenshot({ path: `test-results/screenshots/models-${slug}-${viewport.width}.jpg`, fullPage: true });
    }

    // Pages of 21, by keyboard: Next moves to page 2 (aria-current, ?page=2), Previous back.
    const pagination = block.getByRole("navigation", { name: "Model pages" });
    const models = numberIn(await status.textContent(), /^([\d,]+) models?$/);
    if (models <= 21) await expect(pagination).toHaveCount(0);
    else {
      const firstName = (await names())[0];
      await pagination.getByRole("link", { name: "Next" }).focus();
      await page.keyboard.press("Enter");
      await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      expect((await names())[0]).not.toBe(firstName);
      await pagination.getByRole("link", { name: "Previous" }).focus();
      await page.keyboard.press("Enter");
      await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
      await expect(page).not.toHaveURL(/[?&]page=/);
    }

    // Typing a make in the tiles narrows every tile to that make, and the URL keeps the query.
    const make = await tiles.first().getAttribute("data-make");
    expect(make).toBeTruthy();
    await input.fill(make!);
    await expect.poll(async () => (await names()).every((name) => name.startsWith(`${make} `))).toBe(true);
    expect((await names()).length).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`[?&]query=${encodeURIComponent(make!).replace(/%20/g, "\\+")}(&|$)`));

    // Opened with that URL, the page searches it again.
    await page.reload();
    await expect(input).toHaveValue(make!);
    await expect.poll(async () => (await names()).every((name) => name.startsWith(`${make} `))).toBe(true);

    // Nothing matches: the no-results card; Clear brings the models back.
    await input.fill("zzqxv");
    await expect(block.getByRole("heading", { name: "No Results Available" })).toBeVisible();
    await expect(status).toHaveText("0 models");
    await block.getByRole("button", { name: "Clear" }).click();
    await expect(input).toHaveValue("");
    await expect.poll(() => tiles.count()).toBeGreaterThan(0);
    await expect(page).not.toHaveURL(/[?&]query=/);

    // A tile's "N in stock" is what its model's search page counts.
    await input.fill(make!);
    await expect.poll(async () => (await names()).every((name) => name.startsWith(`${make} `))).toBe(true);
    const tile = tiles.first();
    const count = numberIn(await tile.textContent(), /([\d,]+) [A-Za-z ]+ in stock/);
    const href = await tile.getAttribute("href");
    expect(href).toMatch(/^\/search\//);
    await tile.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => searchCount(page)).toBe(count);
  });
}
