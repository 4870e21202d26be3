import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { FEED_KEYS_FILE } from "../../playwright.config";
import { feedVehicle } from "../fixtures/vehicle";
import { openDb } from "../../server/db";
import { savedSearches } from "../../server/db/schema";
import { outboxOfSearch } from "../../server/saved-searches/store";
import { reactHydrated, siteUrl } from "./helpers";

// Issue 34: on Coralstone a shopper saves a search, confirms it from the e-mail in the outbox, and
// gets exactly one alert when the feed adds a matching car, one more (the next day) when a matching
// car's price drops, and none after unsubscribing by the alert's List-Unsubscribe link.

const SLUG = "coralstone-mazda";
// Whole days the server's alert clock is moved on (server/saved-searches/alerts.ts alertClock; set in playwright.config.ts).
const ALERT_DAYS_FILE = process.env.FORECOURT_TEST_ALERT_DAYS_FILE!;
const CAR_ID = "e2e-alert-cx5";
const EMAIL = `alerts-${Date.now()}@example.com`;
// Coralstone Mazda is dealership 201, selling from location 2001.
const car = (over: Record<string, unknown> = {}) =>
  feedVehicle(CAR_ID, { dealership_id: 201, location_id: 2001, stocknum: "E2E-ALERT-1", make: "Mazda", model: "CX-5", badge: "Akera", body: "SUV", year: 2024, price: 45990, ...over });

/** A feed write from the site's own origin (the browser resolves *.localhost; Node does not). */
async function feed(page: Page, method: "PUT" | "DELETE", body?: unknown) {
  const key = JSON.parse(readFileSync(FEED_KEYS_FILE, "utf8"))["201"];
  return page.evaluate(
    async ({ method, body, key, id }) => {
      const r = await fetch(`/api/feed/vehicles/${id}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      return r.status;
    },
    { method, body, key, id: CAR_ID },
  );
}

/** The saved search of this run and its e-mails, read from a copy of the running server's PGlite folder. */
async function stored() {
  const src = join(".data-e2e", "pglite");
  expect(existsSync(src)).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), "alerts-e2e-db-"));
  cpSync(src, dir, { recursive: true, filter: (p) => !p.endsWith("forecourt.lock") });
  const h = await openDb({ url: "", dir });
  try {
    const [search] = await h.db.select().from(savedSearches).where(eq(savedSearches.email, EMAIL));
    const mails = search ? await outboxOfSearch(h.db, search.id) : [];
    return { search, confirmation: mails.find((m) => m.idempotencyKey?.endsWith(":confirm")), alerts: mails.filter((m) => !m.idempotencyKey?.endsWith(":confirm")) };
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A link of the e-mail (the site's https domain) on this test server. */
const local = (link: string) => {
  const u = new URL(link);
  return siteUrl(SLUG, `${u.pathname}${u.search}`);
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${SLUG}`);
});
test.afterAll(() => rmSync(ALERT_DAYS_FILE, { force: true }));

test("a saved search on Coralstone: confirmed from its e-mail, one alert for a new car, one for a price drop the next day, none after one-click unsubscribe", async ({ page }) => {
  test.setTimeout(240_000);
  rmSync(ALERT_DAYS_FILE, { force: true });
  await page.goto(siteUrl(SLUG, "/search?refinementList[model][0]=CX-5&range[price]=:60000"));
  const open = page.getByText("Email me new cars for this search");
  await reactHydrated(open);
  await open.click();
  const email = page.getByLabel("Email address");
  await email.fill("not-an-address");
  await page.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Please enter a valid email address." })).toBeVisible();
  await email.fill(EMAIL);
  await email.press("Enter");
  await expect(page.getByText("Check your email: we sent a link to confirm this alert. No alerts are sent until you confirm.")).toBeVisible();

  // The confirmation e-mail is in the outbox; nothing is sent before the link is followed.
  await expect.poll(async () => !!(await stored()).confirmation, { timeout: 20_000 }).toBe(true);
  const first = await stored();
  expect(first.search).toMatchObject({ status: "pending", state: { refinementList: { model: ["CX-5"] }, range: { price: ":60000" } } });
  const link = /Confirm: (https:\/\/www\.coralstonemazda\.com\.au\/api\/saved-searches\/confirm\?token=\S+)/.exec(first.confirmation!.body)?.[1];
  expect(link).toBeTruthy();
  await page.goto(local(link!));
  await expect(page.getByRole("heading", { name: "Confirm your search alert" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(page.getByRole("heading", { name: "Alert confirmed" })).toBeVisible();
  expect((await stored()).search.status).toBe("active");

  // The feed adds a matching car: exactly one alert.
  await page.goto(siteUrl(SLUG, "/robots.txt"));
  expect(await feed(page, "PUT", car())).toBe(201);
  await expect.poll(async () => (await stored()).alerts.length, { timeout: 30_000 }).toBe(1);
  const [alert] = (await stored()).alerts;
  expect(alert.subject).toBe("Coralstone Mazda: 1 new car — CX-5 · up to $60,000");
  expect(alert.body).toContain("New car: 2024 Mazda CX-5 Akera");
  expect(alert.body).toContain("— $45,990");
  expect(alert.body).toMatch(/Picture: https:\/\/www\.coralstonemazda\.com\.au\/media\/vehicles\/\S+/);
  expect(alert.body).toContain("See every match: https://www.coralstonemazda.com.au/search?refinementList[model][0]=CX-5&range[price]=:60000");
  expect(alert.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  const unsubscribe = /^<(https:\/\/www\.coralstonemazda\.com\.au\/api\/saved-searches\/unsubscribe\?token=[^>]+)>$/.exec(alert.headers!["List-Unsubscribe"])?.[1];
  expect(unsubscribe).toBeTruthy();

  // Its price drops the next day (the alerts' clock moved a day on): one more.
  writeFileSync(ALERT_DAYS_FILE, "1");
  expect(await feed(page, "PUT", car({ price: 42990 }))).toBe(200);
  await expect.poll(async () => (await stored()).alerts.length, { timeout: 30_000 }).toBe(2);
  const drop = (await stored()).alerts[1];
  expect(drop.subject).toBe("Coralstone Mazda: 1 price drop — CX-5 · up to $60,000");
  expect(drop.body).toContain("— $42,990 (was $45,990)");

  // One-click unsubscribe, as a mail client does it: POST to the header's link, no sign-in.
  await page.goto(siteUrl(SLUG, "/robots.txt"));
  const status = await page.evaluate(
    async (url) => (await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" })).status,
    new URL(local(unsubscribe!)).pathname + new URL(local(unsubscribe!)).search,
  );
  expect(status).toBe(200);
  expect((await stored()).search.status).toBe("unsubscribed");
  writeFileSync(ALERT_DAYS_FILE, "2");
  expect(await feed(page, "PUT", car({ price: 39990 }))).toBe(200);
  await page.waitForTimeout(5000);
  expect((await stored()).alerts).toHaveLength(2);
  // Its GET page says so too.
  await page.goto(local(unsubscribe!));
  await expect(page.getByRole("heading", { name: "Unsubscribed" })).toBeVisible();

  expect(await feed(page, "DELETE")).toBe(200);
});
