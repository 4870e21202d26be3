import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { generateDemoInventory } from "../../server/demo/inventory";
import { DEMO_HISTORY_REPORT } from "../../server/demo/vehicle";
import { COPIED_MS, COPIED_TEXT, PDF_PREPARING, shareHref } from "../../domain/vdp-share";
import { formatMoney, vehicleHeading } from "../../domain/vehicle-display";
import { carLocation } from "../../domain/vehicle-links";
import { demoTenants, siteUrl, viewports, axeProblems, reactHydrated } from "./helpers";

// The vehicle actions bar on bluegum's vehicle page: copy link (Copied for 1.5 s), share windows
// of 550 × 400, Download PDF (Preparing..., saved as {slug}.pdf, an alert on failure), the print
// view (/print?car_id={slug}, 404 for a car not on the site) and the History Report button.

const SITE = "bluegum";
const tenant = demoTenants.find((t) => t.identity.slug === SITE)!;
// The demo stock is the same on every run (only dates move), so the cars can be picked here.
const stock = generateDemoInventory(tenant, { now: new Date() });
const shown = stock.filter((v) => v.status === "in_stock" && v.show_on_dealer_website !== false && v.images.length > 0 && (v.price ?? 0) > 10);
const withReport = shown.find((v) => v.history_report_url === DEMO_HISTORY_REPORT)!;
const withoutReport = shown.find((v) => !v.history_report_url)!;
const nameOf = (v: typeof withReport) => {
  const { title, subtitle } = vehicleHeading(v);
  return [title, subtitle].filter(Boolean).join(" ");
};
const canonical = (slug: string) => `https://${tenant.identity.domains[0]}/cars/${slug}`;
const bar = (page: Page) => page.locator('[data-block="vehicle-actions"]');
const dataLayerIds = (page: Page) => page.evaluate(() => ((window as { dataLayer?: { id: number }[] }).dataLayer ?? []).map((e) => e.id));

test.beforeEach(async ({ page }) => {
  expect(withReport, "a bluegum car with a history report").toBeTruthy();
  expect(withoutReport, "a bluegum car without one").toBeTruthy();
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${SITE}`);
});

test("copy link puts the car's canonical URL on the clipboard and shows Copied for 1.5 s", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl(SITE, "").replace(/\/$/, "") });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  expect((await page.goto(siteUrl(SITE, `/cars/${withReport.slug}`)))?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  page.on("dialog", (d) => errors.push(`unexpected ${d.type()}: ${d.message()}`));
  const button = bar(page).locator("button", { hasText: /^(Copy link|Copied)$/ });
  await expect(button).toHaveText("Copy link");
  // Before the fake clock, which holds requestAnimationFrame and requestIdleCallback too.
  await reactHydrated(button);
  // The page's timers run on a paused fake clock from here, so 1.5 s is exact however busy the machine.
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await button.click();
  await expect(button).toHaveText(COPIED_TEXT);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical(withReport.slug));
  await page.clock.runFor(COPIED_MS - 1);
  await expect(button).toHaveText(COPIED_TEXT);
  await page.clock.runFor(1);
  await expect(button).toHaveText("Copy link");
  // By keyboard too.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveText(COPIED_TEXT);
  expect(errors).toEqual([]);
});

test("share buttons open the network's share page for the car in a 550 × 400 window", async ({ page, context }) => {
  // No internet here: the networks' pages are answered locally.
  await context.route(/^https:\/\/(www\.facebook\.com|x\.com|www\.linkedin\.com|wa\.me)\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Share</title><p>share page</p>" }),
  );
  await page.addInitScript(() => {
    const w = window as unknown as { opens: string[][] };
    w.opens = [];
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      w.opens.push([String(url), target ?? "", features ?? ""]);
      return open(url, target, features);
    };
  });
  await page.setViewportSize(viewports.desktop);
  await page.goto(siteUrl(SITE, `/cars/${withReport.slug}`));
  await page.waitForLoadState("networkidle");
  const name = nameOf(withReport);

  const facebook = bar(page).getByRole("link", { name: "Share on Facebook (opens in a new window)" });
  await reactHydrated(facebook);
  const [popup] = await Promise.all([context.waitForEvent("page"), facebook.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(shareHref("facebook", canonical(withReport.slug), name));
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight, window.innerWidth, window.innerHeight]);
  const opens = await page.evaluate(() => (window as unknown as { opens: string[][] }).opens);
  expect(opens).toHaveLength(1);
  expect(opens[0][0]).toBe(shareHref("facebook", canonical(withReport.slug), name));
  expect(opens[0][1]).toBe("share-facebook");
  expect(opens[0][2]).toMatch(/^width=550,height=400,left=\d+,top=\d+,noopener,noreferrer$/);
  // The window is the size asked for (its content area at most that).
  expect(size.slice(0, 2)).toEqual([550, 400]);
  expect(size[2]).toBeLessThanOrEqual(550);
  expect(size[3]).toBeLessThanOrEqual(400);
  // The page stays where it was.
  expect(page.url()).toBe(siteUrl(SITE, `/cars/${withReport.slug}`));
  await popup.close();

  // X by keyboard.
  await bar(page).getByRole("link", { name: "Share on X (opens in a new window)" }).focus();
  const [x] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("Enter")]);
  await x.waitForLoadState();
  expect(x.url()).toBe(shareHref("x", canonical(withReport.slug), name));
  await x.close();

  await expect(bar(page).getByRole("link", { name: "Share by Email" })).toHaveAttribute("href", shareHref("email", canonical(withReport.slug), name));
});

test("Download PDF reads Preparing... while the server makes it and saves {slug}.pdf; a failure is an alert", async ({ page }) => {
  const slug = withReport.slug;
  // Hold the PDF back a little so its Preparing... state can be seen.
  await page.route(`**/api/cars/${slug}/pdf`, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto(siteUrl(SITE, `/cars/${slug}`));
  await page.waitForLoadState("networkidle");
  // Found by what it is, not its name: the name changes to Preparing... while it works.
  const button = bar(page).locator("button[aria-busy]");
  await expect(button).toHaveText("Download PDF");
  await expect(bar(page).getByRole("link", { name: /^Print/ })).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await reactHydrated(button);
  await button.click();
  await expect(button).toHaveText(PDF_PREPARING);
  await expect(button).toHaveAttribute("aria-busy", "true");
  await page.screenshot({ path: "test-results/screenshots/vdp-share-preparing.jpg" });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(20_000); // the photo is in it
  await expect(button).toHaveText("Download PDF");
  expect(await dataLayerIds(page)).toContain(61);

  // The server's answer for a car that is not on the site.
  const unknown = await page.evaluate(async () => {
    const r = await fetch("/api/cars/no-such-car-000000/pdf");
    return [r.status, r.headers.get("content-type"), await r.json()];
  });
  expect(unknown).toEqual([404, expect.stringMatching(/^application\/json/), { message: "That car is not listed on this site." }]);
  const headers = await page.evaluate(async (path) => {
    const r = await fetch(path);
    return [r.status, r.headers.get("content-type"), r.headers.get("content-disposition")];
  }, `/api/cars/${slug}/pdf`);
  expect(headers).toEqual([200, "application/pdf", `attachment; filename="${slug}.pdf"`]);

  // Spec §8: a failure is a browser alert with the error message, and the button comes back.
  await page.unroute(`**/api/cars/${slug}/pdf`);
  await page.route(`**/api/cars/${slug}/pdf`, (route) => route.fulfill({ status: 503, json: { message: "The PDF service is busy; please try again." } }));
  const alerted = new Promise<string>((resolve) =>
    page.once("dialog", async (d) => {
      resolve(`${d.type()}: ${d.message()}`);
      await d.accept();
    }),
  );
  await button.click();
  expect(await alerted).toBe("alert: The PDF service is busy; please try again.");
  await expect(button).toHaveText("Download PDF");
});

test("the print view shows the car for printing; a car not on the site is a 404", async ({ page }) => {
  const car = withReport;
  const { title, subtitle } = vehicleHeading(car);
  const location = carLocation(tenant, car)!;
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    const res = await page.goto(siteUrl(SITE, `/print?car_id=${car.slug}`));
    expect(res?.status()).toBe(200);
    const view = page.locator("main[data-print-view]");
    await expect(view.getByRole("heading", { level: 1 })).toHaveText(`${title} ${subtitle}`.trim());
    await expect(view).toContainText(`${formatMoney(car.price!, tenant.identity)} ${car.price_type}`);
    await expect(view.getByRole("heading", { name: "Key details" })).toBeVisible();
    await expect(view.getByRole("heading", { name: "Location" })).toBeVisible();
    await expect(view).toContainText(location.name);
    await expect(view).toContainText(`Dealer licence ${location.dealer_license_number}`);
    await expect(view).toContainText(`View online: ${canonical(car.slug)}`);
    await expect(view).toContainText("Please confirm all details with Bluegum Pre-Owned before you buy.");
    const photo = view.locator(`img[alt="${nameOf(car)}"]`);
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page).toHaveTitle(`${nameOf(car)} | Bluegum Pre-Owned`);
    await page.screenshot({ path: `test-results/screenshots/print-${viewport.width}.jpg`, fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
  }
  // On paper the Print this page button goes.
  await expect(page.getByRole("button", { name: "Print this page" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print this page" })).toBeHidden();
  await page.screenshot({ path: "test-results/screenshots/print-media.jpg", fullPage: true });
  await page.emulateMedia({ media: "screen" });

  for (const query of ["?car_id=no-such-car-000000", "?car_id=", "", "?car_id=../cars/x"]) {
    const res = await page.goto(siteUrl(SITE, `/print${query}`));
    expect(res?.status(), query).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
});

test("History Report shows only for a car with a report, opens it in a new tab and records event 60", async ({ page, context }) => {
  for (const viewport of [viewports.phone, viewports.desktop]) {
    await page.setViewportSize(viewport);
    await page.goto(siteUrl(SITE, `/cars/${withReport.slug}`));
    await page.waitForLoadState("networkidle");
    await bar(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/vdp-share-${viewport.width}.jpg` });
    expect(await axeProblems(page, "actions", ['[data-block="vehicle-actions"]'])).toEqual([]);
  }
  const link = bar(page).getByRole("link", { name: "History Report (opens in a new tab)" });
  await expect(link).toHaveAttribute("href", DEMO_HISTORY_REPORT);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener");
  // The report is a real document the site serves.
  const report = await page.evaluate(async (href) => {
    const r = await fetch(href);
    return [r.status, r.headers.get("content-type"), (await r.text()).slice(0, 5)];
  }, DEMO_HISTORY_REPORT);
  expect(report).toEqual([200, "application/pdf", "%PDF-"]);
  await reactHydrated(link);
  const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
  expect(await dataLayerIds(page)).toContain(60);
  await tab.close();

  await page.goto(siteUrl(SITE, `/cars/${withoutReport.slug}`));
  await expect(bar(page).getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(bar(page).getByRole("link", { name: /History Report/ })).toHaveCount(0);
});
