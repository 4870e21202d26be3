import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { FEED_KEYS_FILE } from "../../playwright.config";
import { feedVehicle } from "../fixtures/vehicle";
import { reactHydrated, siteUrl, viewports } from "./helpers";

// The states a vehicle page differs for (issue 4 "Done when"): coming soon, reserved, sold,
// electric and caravan, each a car written through the dealer feed and opened in Chromium.

// Every car written here is removed after its test, so other tests' "first car" stays the demo stock's.
const written: { site: string; dealership: number; id: string }[] = [];
test.afterEach(async ({ page }) => {
  for (const car of written.splice(0)) {
    await page.goto(siteUrl(car.site, "/robots.txt"));
    const key = JSON.parse(readFileSync(FEED_KEYS_FILE, "utf8"))[String(car.dealership)];
    await page.evaluate(async ({ id, key }) => fetch(`/api/feed/vehicles/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } }).then((r) => r.status), { id: car.id, key });
  }
});

async function put(page: Page, site: string, dealership: number, vehicle: Record<string, unknown>): Promise<string> {
  written.push({ site, dealership, id: String(vehicle.id) });
  await page.goto(siteUrl(site, "/robots.txt"));
  const key = JSON.parse(readFileSync(FEED_KEYS_FILE, "utf8"))[String(dealership)];
  const answer = await page.evaluate(
    async ({ vehicle, key }) => {
      const r = await fetch(`/api/feed/vehicles/${vehicle.id}`, { method: "PUT", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(vehicle) });
      return { status: r.status, json: await r.json() };
    },
    { vehicle, key },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return `/cars/${answer.json.vehicle.slug}`;
}

const harbourline = (id: string, over: Record<string, unknown>) =>
  feedVehicle(id, { dealership_id: 101, location_id: 1001, stocknum: id.toUpperCase(), price: 33990, created_at: "2025-01-01T00:00:00Z", ...over }) as unknown as Record<string, unknown>;
const summary = (page: Page) => page.locator('[data-block="vehicle-summary"]');

for (const viewport of Object.values(viewports)) {
  const at = `${viewport.width}px`;

  test(`coming soon: available, tagged COMING SOON, priced, with its buttons (${at})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const path = await put(page, "harbourline", 101, harbourline("e2e-soon", { status: "coming_soon" }));
    await page.goto(siteUrl("harbourline", path));
    await expect(summary(page).getByText("COMING SOON", { exact: true })).toBeVisible();
    await expect(summary(page).getByText("$33,990").first()).toBeVisible();
    await expect(summary(page).getByRole("button", { name: /Enquire Now/ })).toBeVisible();
    await expect(page.getByText("This vehicle has recently sold.")).toHaveCount(0);
  });

  test(`reserved: tagged RESERVED, and no Reserve button (${at})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const path = await put(page, "harbourline", 101, harbourline("e2e-reserved", { reserved: true }));
    await page.goto(siteUrl("harbourline", path));
    await expect(summary(page).getByText("RESERVED", { exact: true })).toBeVisible();
    await expect(summary(page).getByText("$33,990").first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Reserve/ })).toHaveCount(0);
  });

  test(`sold: the SOLD panel and Find Me Something Similar instead of the price and buttons (${at})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // With the site's lender data, as an available car would show a finance card.
    const lender = { financeProvider: "Harbourline Finance", interestRate: 8.5, comparisonRate: 9.1, paymentWeek: 160, termYears: 5 };
    const path = await put(page, "harbourline", 101, harbourline("e2e-sold", { status: "sold", finance: { "Harbourline Finance": lender } }));
    await page.goto(siteUrl("harbourline", path));
    await expect(summary(page).getByText("This vehicle has recently sold.")).toBeVisible();
    await expect(summary(page).getByRole("link", { name: "See similar ones in stock" })).toHaveAttribute("href", /^\/search(\/|$)/);
    await expect(summary(page).getByText("$33,990")).toHaveCount(0);
    // Find Me Something Similar opens the enquiry about this car, its message started (issue 29).
    const similar = summary(page).getByRole("button", { name: "Find Me Something Similar" });
    await reactHydrated(similar);
    await similar.click();
    const dialog = page.getByRole("dialog", { name: "Find Me Something Similar" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^Message/)).toHaveValue(/^I'd like something similar to the \d{4} /);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("[data-vdp-bar]")).toHaveCount(0);
    // No finance on a sold car: no finance card, sticky estimate, calculator or finance disclaimer.
    await expect(page.locator("#finance-calculator")).toHaveCount(0);
    await expect(page.locator("#financeDisclaimer")).toHaveCount(0);
    await expect(page.getByText(/\/wk\*/)).toHaveCount(0);
    await expect(summary(page).getByText("Get Pre-Approved")).toHaveCount(0); // (the site's menu has a Get Pre-Approved page)
    await expect(page.getByRole("heading", { name: "Finance Calculator" })).toHaveCount(0);
  });

  test(`electric: tagged Electric, no fuel calculator (${at})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const path = await put(page, "harbourline", 101, harbourline("e2e-ev", { make: "Toyota", model: "bZ4X", badge: "AWD", series: "XEAM10R", fuel: "Electric", body: "SUV" }));
    await page.goto(siteUrl("harbourline", path));
    await expect(summary(page).getByText("Electric", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key Information" })).toBeVisible();
    await expect(page.getByText("Estimated fuel cost")).toHaveCount(0);
    // A petrol car on the same site has it.
    const petrol = await put(page, "harbourline", 101, harbourline("e2e-petrol", {}));
    await page.goto(siteUrl("harbourline", petrol));
    await expect(page.getByText("Estimated fuel cost")).toBeVisible();
  });

  test(`caravan: sizes in feet and metres with the caravan fields (${at})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const path = await put(
      page,
      "wattle-creek",
      401,
      feedVehicle("e2e-van", {
        dealership_id: 401, location_id: 4001, stocknum: "E2E-VAN", item_type: "caravan", car_type: "new", make: "Jayco", model: "Journey", badge: "21ft Outback", series: "MY26",
        body: "Caravan", km: 0, price: 89990, fuel: undefined, transmission: undefined,
        body_length_ft: 21, body_width_ft: 7.8, tare_weight: 2450, aggregate_trailer_mass: 2950, axle_type: "Tandem", sleeps: 4,
      } as never) as unknown as Record<string, unknown>,
    );
    await page.goto(siteUrl("wattle-creek", path));
    const info = page.locator("section").filter({ has: page.getByRole("heading", { name: /Key Information|Caravan/ }) }).first();
    // Key information shows 4 facts and the rest behind Show More (blocks/vehicle-key-info): a caravan has more.
    await info.getByRole("button", { name: /Show More/ }).click();
    await expect(info).toContainText("21 ft (6.40 m)");
    await expect(info).toContainText("7.8 ft (2.38 m)");
    await expect(info).toContainText("2,450 kg");
    await expect(info).toContainText("Tandem");
    await expect(page.getByText("Estimated fuel cost")).toHaveCount(0);
  });
}
