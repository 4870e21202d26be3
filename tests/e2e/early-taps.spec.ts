import { expect, test } from "@playwright/test";
import { siteUrl, viewports } from "./helpers";

// A tap made before the page's scripts have hydrated it is held and then handled, not lost
// (renderer/early-taps.ts): React drops a click that lands before its root hydrates. The scripts are
// held back here until the taps are made, as on a slow phone.

const SLUG = "harbourline";
test.use({ viewport: viewports.phone });

test("taps on a search page before its scripts run — a card's heart, then a filter chip — are handled once it hydrates", async ({ page }) => {
  let letScriptsGo!: () => void;
  const scriptsMayGo = new Promise<void>((go) => (letScriptsGo = go));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await scriptsMayGo;
    await route.continue();
  });
  await page.goto(siteUrl(SLUG, "/search?refinementList[make][0]=Toyota"), { waitUntil: "domcontentloaded" });
  const count = page.locator('h2[id$="-count"]');
  const toyotas = Number((await count.textContent())!.replace(/\D/g, ""));
  expect(toyotas).toBeGreaterThan(0);
  const heart = page.locator('article.fc-card button[data-list="favourites"]').first();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  expect(await heart.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__react")))).toBe(false); // not hydrated yet

  await heart.click();
  const chip = page.getByRole("list", { name: "Selected filters" }).getByRole("button", { name: "Remove Toyota" });
  await chip.focus();
  await page.keyboard.press("Enter");
  // Nothing has happened yet, and nothing was submitted or navigated natively.
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(chip).toBeVisible();

  letScriptsGo();
  // Both taps are handled, in order: the Toyota was saved, then the filter removed.
  await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, `forecourt:${SLUG}:favourites`)).toBe(1);
  await expect(chip).toBeHidden();
  await expect.poll(async () => Number((await count.textContent())!.replace(/\D/g, ""))).toBeGreaterThan(toyotas);
  await expect.poll(() => new URL(page.url()).search).toBe(""); // the router writes the URL after a pause
});
