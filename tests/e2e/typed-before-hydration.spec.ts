import { expect, test, type Page } from "@playwright/test";
import { fuelCalculatorDefaults, weeklyFuelCost } from "../../domain/fuel";
import { validateTenant } from "../../domain/tenant-validation";
import { formatMoney } from "../../domain/vehicle-display";
import { demoTenants, reactHydrated, siteUrl } from "./helpers";

// A visitor on a slow phone types before the page's scripts have run. React then hydrates the
// field with its server value in state while the page still shows what was typed, so the form acted
// on the old value: the trade-in wizard said a typed registration was required (seen once in CI).
// Each test holds the page's scripts back, types, lets them run, and checks the form uses what was typed.

test.beforeEach(async ({ page }) => {
  for (const t of demoTenants) await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${t.identity.slug}`);
});

/** Opens `url` with its scripts held back until the returned function is called; that waits for them to run. */
async function openBeforeScripts(page: Page, url: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => "next" in window), "Next has not started").toBe(false);
  return async () => {
    release();
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => document.readyState === "complete");
  };
}

test("trade-in: a registration typed before the scripts ran is looked up, not reported missing", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.201" });
  const run = await openBeforeScripts(page, siteUrl("wattle-creek", "/trade-in"));
  const wizard = page.locator("main");
  await wizard.getByLabel(/^Registration/).fill("BX42MZ");
  await wizard.getByLabel(/^State/).selectOption("NSW");
  await run();
  await expect(wizard.getByLabel(/^Registration/)).toHaveValue("BX42MZ");
  await reactHydrated(wizard.getByRole("button", { name: "Find My Caravan" }));
  await wizard.getByRole("button", { name: "Find My Caravan" }).click();
  await expect(wizard.getByRole("heading", { name: /^Step (Two|Three|Four):/ })).toBeVisible();
  await expect(wizard.getByText("This field is required")).toHaveCount(0);
});

test("service booking: fields filled before the scripts ran count when Next checks the step", async ({ page }) => {
  const run = await openBeforeScripts(page, siteUrl("coralstone-mazda", "/service"));
  const form = page.locator("form[data-form=service]");
  const first = form.getByRole("textbox", { name: /^First Name/ });
  await first.fill("Ada");
  await run();
  await reactHydrated(form);
  await form.getByRole("button", { name: "Next" }).click();
  // The step still stops on the fields left empty, but not on the one typed early, which keeps its value.
  await expect(form.locator("[aria-invalid=true]").first()).toBeVisible();
  await expect(first).not.toHaveAttribute("aria-invalid", "true");
  await expect(first).toHaveValue("Ada");
});

test("search: a query typed before the scripts ran is searched", async ({ page }) => {
  const status = page.locator('h2[id$="-count"]');
  await page.goto(siteUrl("harbourline", "/search"), { waitUntil: "networkidle" });
  const all = await status.textContent();
  await page.getByRole("searchbox").fill("Mazda");
  await expect(status).not.toHaveText(all ?? "");
  const narrowed = await status.textContent();

  const run = await openBeforeScripts(page, siteUrl("harbourline", "/search"));
  await page.getByRole("searchbox").fill("Mazda");
  await run();
  await expect(status).toHaveText(narrowed ?? "");
  await expect(page.getByRole("searchbox")).toHaveValue("Mazda");
});

test("fuel calculator: a distance typed before the scripts ran is in the weekly cost", async ({ page }) => {
  const tenant = demoTenants
    .map((raw) => validateTenant(raw))
    .flatMap((c) => (c.ok ? [c.document] : []))
    .find((t) => t.features.calculators.fuel && t.pages.find((p) => p.template === "vehicle-detail")?.blocks.some((b) => b.type === "fuel-calculator"));
  expect(tenant, "a demo site with the fuel calculator").toBeTruthy();
  const slug = tenant!.identity.slug;
  await page.goto(siteUrl(slug, "/search"));
  const hrefs = await page.locator("article").getByRole("link", { name: /^Explore Vehicle/ }).evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  let release: (() => Promise<void>) | null = null;
  for (const href of hrefs.slice(0, 10)) {
    const run = await openBeforeScripts(page, siteUrl(slug, href));
    if (await page.getByTestId("fuel-result").count()) {
      release = run;
      break;
    }
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
  expect(release, "a car whose page shows the fuel calculator").not.toBeNull();
  await page.getByRole("textbox", { name: /^Distance/ }).fill("400");
  await release!();
  const defaults = fuelCalculatorDefaults(tenant!.features);
  const cost = formatMoney(weeklyFuelCost({ ...defaults, kmPerWeek: 400 }), { locale: tenant!.identity.locale, currency: tenant!.identity.currency }, 2);
  await expect(page.getByTestId("fuel-result")).toHaveText(`Estimated fuel cost ${cost} per week`);
});
