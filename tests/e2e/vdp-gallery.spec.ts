import { expect, test, type Page } from "@playwright/test";
import { demoTenants, perSite, reactHydrated, siteUrl, viewports } from "./helpers";

// The VDP image area (blocks/vehicle-gallery), end to end on every demo site whose vehicle-detail
// template has the block: a car with more than 3 photos opened from /search through Explore
// Vehicle; previous / next, arrow keys and thumbnails move the shown image; the 360° spin turns
// one frame per 20 px dragged and one per arrow key. Screenshots at phone and desktop widths.

const gallery = (page: Page) => page.locator('section[aria-label$=" images"]').first();
const shown = (page: Page) => gallery(page).locator("img[data-index]");
const CANDIDATES = 15;

async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForLoadState("networkidle");
  return response;
}

/** The VDP links of the first search page (Explore Vehicle buttons). */
async function exploreLinks(page: Page): Promise<string[]> {
  await open(page, "/search");
  const links = page.getByRole("link", { name: /^Explore Vehicle/ });
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs.filter((h) => h.startsWith("/cars/")))].slice(0, CANDIDATES);
}

/** Opens the Images tab when the gallery has tabs. */
async function showImages(page: Page) {
  const tab = gallery(page).getByRole("tab", { name: "Images" });
  if (await tab.count()) await tab.click();
}

/** The first car (of the first search page) whose gallery passes `fits`, opened from /search by its Explore Vehicle link. */
async function findCar(page: Page, fits: (page: Page) => Promise<boolean>): Promise<string | null> {
  for (const href of await exploreLinks(page)) {
    await open(page, href);
    // Every demo site's vehicle-detail template has the vehicle-gallery block (tenants/*.json).
    await expect(gallery(page), `${href}: the gallery`).toBeAttached();
    await reactHydrated(gallery(page));
    if (await fits(page)) {
      await open(page, "/search");
      await page.locator(`a[href="${href}"]`, { hasText: "Explore Vehicle" }).first().click();
      await page.waitForURL((u) => u.pathname === href);
      await page.waitForLoadState("networkidle");
      await reactHydrated(gallery(page));
      return href;
    }
  }
  return null;
}

// The spin is one component whose settings vary per site (shown first or after the pictures, turning on
// its own or not): it is tested once per distinct setting, on the first site with it (each run draws every frame).
const spinSettings = (t: (typeof demoTenants)[number]) => {
  const s = (t.features as { spinViewer?: { enabled?: boolean; defaultView?: string; autoRotate?: boolean } }).spinViewer;
  return s?.enabled ? `${s.defaultView ?? "gallery"}/${s.autoRotate ?? false}` : null;
};
/**
 * Whether the spin turns on its own when shown, so it has a Pause rotation button: the tenant
 * document's features.spinViewer.autoRotate (off unless set), on the sites whose spin is tested.
 */
const AUTO_ROTATE: Record<string, boolean> = { "coralstone-mazda": false, harbourline: true, "kowhai-motors": false };
const spinSites = new Set(demoTenants.filter((t, i) => spinSettings(t) && demoTenants.findIndex((u) => spinSettings(u) === spinSettings(t)) === i).map((t) => t.identity.slug));

for (const tenant of demoTenants) {
  const { slug } = tenant.identity;

  test.describe(`${slug}: VDP gallery`, () => {
    test.use({ baseURL: siteUrl(slug) });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
    });

    test("images: next / previous, arrow keys and thumbnails; screenshots", async ({ page }) => {
      await page.setViewportSize(viewports.desktop);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const href = await findCar(page, async (p) => {
        await showImages(p);
        return (await gallery(p).getByRole("list", { name: "Thumbnails" }).getByRole("button").count()) > 3;
      });
      test.skip(!href, "no in-stock car with more than 3 photos on the first search page");
      await showImages(page);

      // Each thumbnail is another view of the car's own model drawing: no picture repeated, none the body's generic one.
      const pictures = await gallery(page)
        .getByRole("list", { name: "Thumbnails" })
        .locator("img")
        .evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).searchParams.get("url") ?? new URL((i as HTMLImageElement).src).pathname));
      expect(new Set(pictures).size).toBe(pictures.length);
      for (const t of pictures) expect(t).toMatch(/^\/media\/vehicles\/[a-z-]+\/[a-z0-9-]+\/[0-9a-f]{6}\/[a-z0-9-]+\.jpg$/);

      const img = shown(page);
      const thumbs = gallery(page).getByRole("list", { name: "Thumbnails" }).getByRole("button");
      const total = await thumbs.count();
      expect(total).toBeGreaterThan(3);
      await expect(img).toHaveAttribute("data-index", "0");
      await expect(img).toHaveAttribute("width", "1200");
      await expect(img).toHaveAttribute("height", "800");
      const firstSrc = await img.getAttribute("src");
      await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");

      // Next / previous buttons.
      await gallery(page).getByRole("button", { name: "Next image" }).click();
      await expect(img).toHaveAttribute("data-index", "1");
      expect(await img.getAttribute("src")).not.toBe(firstSrc);
      await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
      await expect(thumbs.nth(0)).not.toHaveAttribute("aria-current", "true");
      await expect(gallery(page).getByRole("group", { name: new RegExp(`^Image 2 of ${total}\\.`) })).toBeVisible();
      await gallery(page).getByRole("button", { name: "Previous image" }).click();
      await expect(img).toHaveAttribute("data-index", "0");
      await expect(img).toHaveAttribute("src", firstSrc!);

      // Wrapping backwards from the first image.
      await gallery(page).getByRole("button", { name: "Previous image" }).click();
      await expect(img).toHaveAttribute("data-index", String(total - 1));
      await gallery(page).getByRole("button", { name: "Next image" }).click();
      await expect(img).toHaveAttribute("data-index", "0");

      // Arrow keys while the gallery has focus.
      await gallery(page).getByRole("group", { name: /^Image 1 of / }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(img).toHaveAttribute("data-index", "1");
      await page.keyboard.press("ArrowRight");
      await expect(img).toHaveAttribute("data-index", "2");
      await page.keyboard.press("ArrowLeft");
      await expect(img).toHaveAttribute("data-index", "1");

      // A thumbnail.
      await thumbs.nth(3).click();
      await expect(img).toHaveAttribute("data-index", "3");
      await expect(thumbs.nth(3)).toHaveAttribute("aria-current", "true");

      // Leaving the gallery resets its index.
      // Tabs are there only when the car has more than images (a video or a spin): then one is not Images.
      const tabs = await gallery(page).getByRole("tab").count();
      const other = gallery(page).getByRole("tab").filter({ hasNotText: "Images" }).first();
      if (!tabs) await expect(other).toHaveCount(0);
      else {
        expect(tabs).toBeGreaterThan(1);
        await other.click();
        await showImages(page);
        await expect(shown(page)).toHaveAttribute("data-index", "0");
      }

      // The picture is fully in the server HTML and nothing shifts it: reserved 3:2 space.
      const box = await gallery(page).locator("img[data-index]").boundingBox();
      expect(box && Math.abs(box.width / box.height - 1.5)).toBeLessThan(0.02);

      await page.screenshot({ path: `test-results/screenshots/vdp-gallery-${slug}-${viewports.desktop.width}.jpg` });
      await page.setViewportSize(viewports.phone);
      await gallery(page).scrollIntoViewIfNeeded();
      // On a phone the buttons sit under the picture.
      const picture = (await gallery(page).locator("img[data-index]").boundingBox())!;
      const next = (await gallery(page).getByRole("button", { name: "Next image" }).boundingBox())!;
      expect(next.y).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
      await page.screenshot({ path: `test-results/screenshots/vdp-gallery-${slug}-${viewports.phone.width}.jpg` });
      expect(errors).toEqual([]);
    });

    test("spin: loads every frame, then 100 px of drag turns 5 frames and an arrow key 1", async ({ page }) => {
      test.skip(!spinSites.has(slug), "the spin is off on this site, or another site has the same spin settings");
      test.setTimeout(180_000);
      await page.setViewportSize(viewports.desktop);
      const failures: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" && m.text().includes("Error loading images:")) failures.push(m.text());
      });
      const href = await findCar(page, async (p) => (await gallery(p).getByRole("tab", { name: "Spin" }).count()) > 0);
      test.skip(!href, "no car with a 360° spin on the first search page");

      const spinTab = gallery(page).getByRole("tab", { name: "Spin" });
      await spinTab.click();
      await expect(spinTab).toHaveAttribute("aria-selected", "true");
      // Frames are drawn on first request: allow time for all of them.
      await expect(gallery(page).locator('[data-spin-state="ready"]')).toBeVisible({ timeout: 120_000 });
      expect(failures).toEqual([]);

      const slider = gallery(page).getByRole("slider");
      const total = Number(await slider.getAttribute("aria-valuemax"));
      expect(total).toBeGreaterThan(5);
      const pause = gallery(page).getByRole("button", { name: "Pause rotation" });
      if (perSite(AUTO_ROTATE, slug)) await pause.click();
      else await expect(pause).toHaveCount(0);

      const box = (await slider.boundingBox())!;
      // Start where the pointer lands on the picture itself, not on a hotspot button or a control.
      const candidates = [0.5, 0.3, 0.7, 0.2, 0.8].flatMap((fy) => [0.2, 0.35, 0.5].map((fx) => [box.x + box.width * fx, box.y + box.height * fy] as const));
      let x = candidates[0][0];
      let y = candidates[0][1];
      for (const [cx, cy] of candidates) {
        const onPicture = await slider.evaluate((el, [px, py]) => {
          const hit = document.elementFromPoint(px, py);
          return !!hit && el.contains(hit) && !hit.closest("button");
        }, [cx, cy] as const);
        if (onPicture) {
          [x, y] = [cx, cy];
          break;
        }
      }
      await page.mouse.move(x, y);
      await page.mouse.down(); // a press stops any auto-rotation
      const start = Number(await slider.getAttribute("aria-valuenow"));
      await page.mouse.move(x + 50, y, { steps: 5 });
      await page.mouse.move(x + 100, y, { steps: 5 });
      await page.mouse.up();
      const afterDrag = ((start - 1 + 5) % total) + 1;
      await expect(slider).toHaveAttribute("aria-valuenow", String(afterDrag));
      await expect(slider).toHaveAttribute("aria-valuetext", `Frame ${afterDrag} of ${total}`);

      await slider.focus();
      await page.keyboard.press("ArrowRight");
      await expect(slider).toHaveAttribute("aria-valuenow", String((afterDrag % total) + 1));
      await page.keyboard.press("ArrowLeft");
      await expect(slider).toHaveAttribute("aria-valuenow", String(afterDrag));

      // Hotspots on the shown frame are buttons; one opens its description. Not every spin car has
      // hotspots (coralstone-mazda's first has none), and the page does not say which do: still guarded.
      const hotspot = gallery(page).getByRole("button", { name: /^Feature: / }).first();
      if (await hotspot.count()) {
        await hotspot.click();
        await expect(hotspot).toHaveAttribute("aria-expanded", "true");
      }
      await page.screenshot({ path: `test-results/screenshots/vdp-gallery-spin-${slug}-${viewports.desktop.width}.jpg` });
    });
  });
}
