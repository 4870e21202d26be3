import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEALER_COMMENTS_LIMIT, DEALER_COMMENTS_PENDING, FEATURES_VISIBLE, KEY_INFO_VISIBLE } from "../../domain/vdp-rules";
import { demoTenants, siteUrl, viewports, decodeHtml, siteGet, reactHydrated } from "./helpers";


// The vehicle page's detail blocks on every demo site whose vehicle-detail template has them:
// key information (4 shown, Show More / Show Less; caravans' sizes in feet and metres), all
// specifications (Show All Specs / Hide Specs, feature lists of 8 with Show All / Hide) and dealer
// comments (400 characters with Show More / Show Less, or the pending text).

const block = (page: Page, type: string) => page.locator(`[data-block="${type}"]`);
const visible = (scope: Locator, selector: string) => scope.locator(selector).filter({ visible: true });

/** The Explore Vehicle links of the search page's first page of results. */
async function carLinks(page: Page, slug: string): Promise<string[]> {
  await page.goto(siteUrl(slug, "/search"));
  const links = page.locator("article").getByRole("link", { name: /^Explore Vehicle/ });
  await expect(links.first()).toBeVisible();
  return (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))).filter(Boolean);
}

/** Opens a toggle and closes it again: aria-expanded and the spec's words follow; the region shows and hides. */
async function toggleBothWays(button: Locator, more: string, less: string) {
  const controls = (await button.getAttribute("aria-controls"))!;
  expect(controls).toBeTruthy();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveText(new RegExp(`^${more}`));
  await reactHydrated(button);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toHaveText(new RegExp(`^${less}`));
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveText(new RegExp(`^${more}`));
}

for (const tenant of demoTenants) {
  const { slug } = tenant.identity;
  const vdp = tenant.pages.find((p) => p.template === "vehicle-detail");
  const types = new Set(vdp?.blocks.map((b) => b.type) ?? []);
  const hasKeyInfo = types.has("vehicle-key-info");
  const hasSpecs = types.has("vehicle-specs");
  // Specifications shown before Show All Specs: the block's specsShown (its schema's default: 6, blocks/vehicle-specs/schema.json).
  const specsProps = vdp?.blocks.find((b) => b.type === "vehicle-specs")?.props as { specsShown?: number } | undefined;
  const specsShown = Math.max(1, Math.floor(specsProps?.specsShown ?? 6));
  const hasComments = types.has("dealer-comments");
  if (!hasKeyInfo && !hasSpecs && !hasComments) continue;
  const caravans = tenant.identity.stockKinds?.includes("caravan") ?? false;

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  });

  test(`${slug}: key information, specifications and dealer comments of a car from the search page`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const hrefs = await carLinks(page, slug);
    expect(hrefs.length).toBeGreaterThan(0);

    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      expect((await page.goto(siteUrl(slug, hrefs[0])))?.status()).toBe(200);
      await page.waitForLoadState("networkidle");

      if (hasKeyInfo) {
        const block_ = block(page, "vehicle-key-info");
        await expect(block_).toBeVisible();
        // New Zealand's emissions and energy label follows the key facts: each figure or "Not Available".
        const label = block_.locator("[data-veeel]");
        await expect(label).toHaveCount(slug === "kowhai-motors" ? 1 : 0);
        if (slug === "kowhai-motors") {
          await expect(label.getByRole("heading", { level: 3 })).toHaveText("Vehicle emissions and energy economy");
          await expect(label.locator("dt")).toHaveText([/^(Fuel|Energy) economy$/, "CO₂ emissions"]);
          await expect(label.locator("dd").first()).toHaveText(/^(\d+(\.\d)? (L\/100 km|Wh\/km)|Not Available)$/);
        }
        // The key facts: every term but the label's.
        const info = block_;
        const FACT = "dt:not([data-veeel] dt)";
        const total = await info.locator(FACT).count();
        expect(total).toBeGreaterThan(0);
        await expect(visible(info, FACT)).toHaveCount(Math.min(total, KEY_INFO_VISIBLE));
        const more = info.getByRole("button", { name: /^Show More/ });
        if (total > KEY_INFO_VISIBLE) {
          await expect(more).toHaveAttribute("aria-expanded", "false");
          await reactHydrated(more);
          await more.click();
          await expect(visible(info, FACT)).toHaveCount(total);
          await expect(info.getByRole("button", { name: /^Show Less/ })).toHaveAttribute("aria-expanded", "true");
          await info.getByRole("button", { name: /^Show Less/ }).click();
          await expect(visible(info, FACT)).toHaveCount(KEY_INFO_VISIBLE);
        } else {
          await expect(more).toHaveCount(0);
        }
        // Caravans: sizes in feet and metres among the first items, e.g. "20 ft (6.10 m)".
        if (caravans) await expect(visible(info, "dd").filter({ hasText: /^\d+(\.\d+)? ft \(\d+\.\d{2} m\)$/ }).first()).toBeVisible();
        else await expect(visible(info, FACT).first()).toHaveText("Odometer");
      }

      if (hasSpecs) {
        const specs = block(page, "vehicle-specs");
        await expect(specs).toBeVisible();
        const allSpecs = specs.getByRole("button", { name: "Show All Specs" });
        const total = await specs.locator("dt").count();
        const shown = Math.min(total, specsShown);
        await expect(visible(specs, "dt")).toHaveCount(shown);
        if (total <= specsShown) await expect(allSpecs).toHaveCount(0);
        else {
          await reactHydrated(allSpecs);
          await allSpecs.click();
          await expect(visible(specs, "dt")).toHaveCount(total);
          await expect(specs.getByRole("button", { name: "Hide Specs" })).toHaveAttribute("aria-expanded", "true");
          await specs.getByRole("button", { name: "Hide Specs" }).click();
          await expect(visible(specs, "dt")).toHaveCount(shown);
        }
        // Feature lists: 8 items, then Show All / Hide.
        for (const group of await specs.locator("section").all()) {
          const items = await group.locator("li").count();
          await expect(visible(group, "li")).toHaveCount(Math.min(items, FEATURES_VISIBLE));
          if (items > FEATURES_VISIBLE) {
            await toggleBothWays(group.getByRole("button", { name: /^Show All/ }), "Show All", "Hide");
            break;
          }
        }
      }

      await page.screenshot({ path: `test-results/screenshots/vdp-details-${slug}-${viewport.width}.jpg`, fullPage: true });
    }

    if (hasComments) {
      // Every car shows its comments or the pending text; at least one car of the first page has
      // comments longer than 400 characters, collapsed with Show More / Show Less. The cars are read
      // as served (the server's HTML); the first with long comments is opened in the browser.
      let long: string | null = null;
      for (const href of hrefs) {
        const res = await siteGet(page.request, slug, href);
        expect(res.status(), href).toBe(200);
        const section = /<section[^>]*data-block="dealer-comments"[^>]*>([\s\S]*?)<\/section>/.exec(await res.text())?.[1] ?? "";
        const text = [...section.matchAll(/<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/g)].map((m) => m[1]).join("\n\n");
        expect(text.length, href).toBeGreaterThan(0);
        if (section.includes("aria-controls=")) {
          long = href;
          break;
        }
        if (!text.includes(DEALER_COMMENTS_PENDING)) expect(decodeHtml(text).length, href).toBeLessThanOrEqual(DEALER_COMMENTS_LIMIT);
      }
      expect(long, "a car on the first search page with dealer comments over 400 characters").not.toBeNull();
      await page.goto(siteUrl(slug, long!));
      const comments = block(page, "dealer-comments");
      await expect(comments).toBeVisible();
      const text = (await visible(comments, "p").allTextContents()).join("\n\n");
      const button = comments.locator("button[aria-controls]");
      // Collapsed: the first 400 characters, then "...".
      expect(text.endsWith("...")).toBe(true);
      expect(text.length).toBeLessThanOrEqual(DEALER_COMMENTS_LIMIT + 3 + 4);
      await page.waitForLoadState("networkidle");
      await expect(button).toHaveText(/^Show More/);
      await reactHydrated(button);
      await button.click();
      await expect(button).toHaveText(/^Show Less/);
      const full = (await visible(comments, "p").allTextContents()).join("\n\n");
      expect(full.length).toBeGreaterThan(DEALER_COMMENTS_LIMIT);
      expect(full.startsWith(text.slice(0, 100))).toBe(true);
      await button.click();
      await toggleBothWays(button, "Show More", "Show Less");
    }

    expect(errors).toEqual([]);
  });
}
