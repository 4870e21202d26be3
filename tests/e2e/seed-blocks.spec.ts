import { expect, test } from "@playwright/test";
import { salesThisMonth } from "../../domain/sales-counter";
import { demoTenants, expectAccessible, siteUrl } from "./helpers";

// The seed lines' small blocks on the demo sites, as a visitor sees them.

test("harbourline: the brands page's stats banner, and the home page's sales counter counting up to the formula's value", async ({ page }) => {
  await page.goto(siteUrl("harbourline", "/brands"));
  await expect(page.locator('[data-block="stats-banner"] li')).toHaveText(["50+ Locations", "40+ Brands", "30+ Years"]);

  const timeZone = demoTenants.find((t) => t.identity.slug === "harbourline")!.identity.timeZone;
  await page.goto(siteUrl("harbourline", "/"));
  const counter = page.locator('[data-block="sales-counter"]');
  await counter.scrollIntoViewIfNeeded();
  await expect(counter).toContainText("Cars sold across our dealerships this month");
  // Counted up in 2 s to the value of the minute (a refresh could move it by one).
  const settled = counter.locator('[aria-hidden="true"]');
  await expect.poll(async () => Number((await settled.textContent())!.replace(/,/g, "")), { timeout: 5_000 }).toBeGreaterThanOrEqual(salesThisMonth(new Date(Date.now() - 60_000), timeZone));
  expect(Number((await counter.locator(".fc-visually-hidden").textContent())!.replace(/,/g, ""))).toBeLessThanOrEqual(salesThisMonth(new Date(), timeZone));
  await expectAccessible(page, "harbourline home with the sales counter");
});

test("coralstone-mazda: a brand page names the ways to pay", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("forecourt:popup-dismissed:coralstone-mazda", "1"));
  await page.goto(siteUrl("coralstone-mazda", "/mazda/overview"));
  const strip = page.locator('[data-block="payment-logos"]');
  await expect(strip.getByRole("heading", { name: "Payment accepted" })).toBeVisible();
  await expect(strip.getByRole("img")).toHaveCount(5);
  for (const name of ["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"]) await expect(strip.getByRole("img", { name })).toBeVisible();
  await expectAccessible(page, "coralstone brand page with the payment strip");
});
