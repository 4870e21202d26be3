import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { inArray } from "drizzle-orm";
import { demoTenants, siteUrl, viewports, expectAccessible, reactHydrated } from "./helpers";
import { addDays, preferredDateProblem, siteDay, specialHoursFor, weekdayOf } from "../../domain/opening-hours";
import {
  BOOK_A_SERVICE,
  CALL_US_NOW,
  DATE_PAST,
  dateClosed,
  FIND_VEHICLE,
  GENUINE_SERVICING,
  LEAD_STATUS_COMPLETE,
  LEAD_TOKEN_HEADER,
  SERVICE_CATEGORY,
  SERVICE_FEATURES,
  STEP_INCOMPLETE,
  VEHICLE_FOUND,
} from "../../domain/service-booking";
import { SUCCESS_KEY } from "../../blocks/_shared/lead-submit";
import { telHref } from "../../domain/phone";
import { openDb } from "../../server/db";
import { leads } from "../../server/db/schema";
import { recentDeliveries } from "../../server/leads/admin";
import type { Location } from "../../schemas/generated/tenant";

// Book a service as a person does (issue 15; spec leads §2 screens 5 and 8, §4 "Service wizard", §5,
// §9), against the real POST /api/leads and /api/service/rego-lookup. Each booking starts on the home
// page and follows the site's own menu link; every gate, required message and date message is seen
// once across the sites, and the stored leads and outbox rows are read in the last test.
//   coralstone-mazda  desktop  full: every step's gate, past / Sunday / Christmas Day dates, axe, screenshots
//   wattle-creek      desktop  minimal with Order Details: registration lookup, dealership → its one location, a service-only holiday
//   kowhai-motors     phone    minimal without Order Details (New Zealand, no state): mobile menu, make/model/year typed
//   harbourline       phone    full: mobile menu, the disclaimer of location 1002, the mobile bar, /book-a-service
//   redgate, bluegum  no booking form: the external page, no service links

test.describe.configure({ mode: "serial" });

const SHOTS = "test-results/screenshots";
const tenant = (slug: string) => demoTenants.find((t) => t.identity.slug === slug)!;
const location = (slug: string, id: number) => tenant(slug).locations.find((l) => l.id === id)!;

type Booked = { slug: string; leadId: string; locationId: number; dealership: string; fields: Record<string, unknown>; to: string };
const booked: Booked[] = [];

test.beforeEach(async ({ page }) => {
  for (const t of demoTenants) await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${t.identity.slug}`);
});

/** Days for the date checks at a location, from today in the site's time zone. */
function days(slug: string, loc: Location) {
  const tz = tenant(slug).identity.timeZone;
  const today = siteDay(new Date(), tz);
  const after = (from: string, ok: (d: string) => boolean) => {
    for (let d = addDays(from, 1); ; d = addDays(d, 1)) if (ok(d)) return d;
  };
  const open = (d: string) => preferredDateProblem(loc, d, tz, new Date()) === null;
  // A closed weekday of the usual week (Sunday at every demo location), and a holiday on a day the location usually opens.
  const weeklyClosed = after(today, (d) => loc.opening_hours!.some((h) => h.weekday === weekdayOf(d) && h.status === "closed") && !specialHoursFor(loc, "service").some((s) => s.date === d));
  const holiday = specialHoursFor(loc, "service").find((s) => s.status === "closed" && s.date > today && loc.opening_hours!.some((h) => h.weekday === weekdayOf(s.date) && h.status !== "closed"))!;
  // A holiday only the service department closes for (the sales department opens).
  const serviceOnly = (loc.special_hours ?? []).find((s) => s.department === "service" && s.status === "closed" && s.date > today);
  return { yesterday: addDays(today, -1), weeklyClosed, holiday, serviceOnly, open: after(addDays(today, 1), open) };
}

/** Home page → the menu's Book a Service (the mobile menu opened first at phone width) → the service page. */
async function openFromMenu(page: Page, slug: string, width: keyof typeof viewports): Promise<Locator> {
  // A visitor of its own per booking (the server trusts one proxy here): its leads count against no other flow's limits.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${40 + demoTenants.findIndex((t) => t.identity.slug === slug)}` });
  await page.setViewportSize(viewports[width]);
  await page.goto(siteUrl(slug, "/"));
  const main = page.getByRole("navigation", { name: "Main" });
  if (width === "phone") await reactHydrated(page.getByRole("button", { name: /menu/i }));
  if (width === "phone") await page.getByRole("button", { name: /menu/i }).click();
  const top = tenant(slug).navigation.items.find((i) => i.href === "/service" || i.children?.some((c) => c.href === "/service"))!;
  if (top.children) await main.getByText(top.label, { exact: true }).click();
  const label = top.children ? top.children.find((c) => c.href === "/service")!.label : top.label;
  await main.getByRole("link", { name: label, exact: true }).click();
  await page.waitForURL(siteUrl(slug, "/service"));
  const wizard = page.locator('[data-block="service-booking"]');
  await expect(wizard).toBeVisible();
  await reactHydrated(wizard.locator("form[data-form=service]"));
  return wizard;
}

const stepHeading = (w: Locator, n: number, of: number, title: string) => expect(w.getByRole("heading", { level: 3 })).toHaveText(`Step ${n} of ${of}: ${title}`);

/** Next (or the submit on the last step) refused: the step message and each field's message. */
async function refused(w: Locator, button: string, messages: string[]) {
  await w.getByRole("button", { name: button, exact: true }).click();
  await expect(w.getByTestId("step-incomplete")).toHaveText(STEP_INCOMPLETE);
  for (const m of messages) await expect(w.locator("p[id$='-error']", { hasText: m }).first()).toBeVisible();
  await expect(w.locator("p[id$='-error']")).toHaveCount(messages.length);
}

async function dateMessage(w: Locator, day: string, message: string) {
  await w.getByLabel("Preferred Service Date").fill(day);
  await w.getByRole("button", { name: BOOK_A_SERVICE, exact: true }).click();
  await expect(w.locator("[id$='-preferred_date-error']")).toHaveText(message);
}

/** Sends the last step and reads the lead id the success page keeps. */
async function submit(page: Page, w: Locator): Promise<string> {
  await w.getByRole("button", { name: BOOK_A_SERVICE, exact: true }).click();
  await page.waitForURL(/\/success$/);
  await expect(page.getByRole("heading", { level: 2, name: "Thank you" })).toBeVisible();
  const kept = await page.evaluate((key) => localStorage.getItem(key), SUCCESS_KEY);
  const { leadId, form, category } = JSON.parse(kept!);
  expect({ form, category }).toEqual({ form: "service", category: SERVICE_CATEGORY });
  return leadId;
}

const contact = { "First Name": "Ada", "Last Name": "Lovelace", "Email Address": "ada@example.com", "Mobile Number": "0400 000 000" };
async function fill(w: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await w.getByLabel(label, { exact: true }).fill(value);
}

test("coralstone (full, desktop): every step's gate, the date rules, axe and screenshots", async ({ page }) => {
  const slug = "coralstone-mazda";
  const loc = location(slug, 2002);
  const w = await openFromMenu(page, slug, "desktop");
  // The page: the title, the feature list, BOOK NOW to the form, contact details from the location data.
  await expect(page.getByRole("heading", { name: GENUINE_SERVICING })).toBeVisible();
  for (const f of SERVICE_FEATURES) await expect(page.getByText(f, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "BOOK NOW" }).first()).toHaveAttribute("href", "#service-form");
  const contactBlock = page.locator('[data-block="service-contact"]');
  await expect(contactBlock).toContainText(loc.name);
  await expect(contactBlock).toContainText("Mon-Fri");
  await expect(contactBlock).toContainText("7am to 5pm");
  await expect(contactBlock.getByRole("link", { name: "07 5550 2012" })).toHaveAttribute("href", telHref("07 5550 2012"));
  await expect(page.locator('[data-block="service-mobile-bar"]')).toBeHidden(); // phone width only

  await stepHeading(w, 1, 3, "Contact Details");
  await refused(w, "Next", ["First Name is required.", "Last Name is required.", "Email Address is required.", "Mobile Number is required."]);
  await fill(w, contact);
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 2, 3, "Vehicle Details");
  await refused(w, "Next", ["Service Interval is required."]);
  await fill(w, { "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": "2021", "Vehicle Rego": "825MZD" });
  await w.getByLabel("Service Interval").selectOption("40,000 km or 48 months");
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 3, 3, "Order Details");
  // One service location: preselected.
  await expect(w.getByLabel("Service Location")).toHaveValue("2002");
  await refused(w, BOOK_A_SERVICE, ["Service Type is required."]);
  await w.getByLabel("Service Type").selectOption("Scheduled service");
  const d = days(slug, loc);
  await dateMessage(w, d.yesterday, DATE_PAST);
  await dateMessage(w, d.weeklyClosed, dateClosed(d.weeklyClosed));
  // The demo documents' fixed-date holidays run to Christmas 2028; after that this needs new ones there.
  expect(d.holiday, "a holiday ahead in the demo document").toBeDefined();
  await dateMessage(w, d.holiday.date, dateClosed(d.holiday.date, d.holiday.name));
  await w.getByLabel("Preferred Service Date").fill(d.open);
  await w.getByLabel("I would also like a quote for replacement tyres").check();
  await w.getByLabel("Comments").fill("Brakes squeal when cold");

  await expectAccessible(page);
  // Keyboard: the focus ring shows on the fields.
  await w.getByLabel("Comments").focus();
  await page.keyboard.press("Shift+Tab");
  await page.screenshot({ path: `${SHOTS}/service-${slug}-desktop.jpg`, fullPage: true });

  // Back keeps what was typed.
  await w.getByRole("button", { name: "Back" }).click();
  await expect(w.getByLabel("Vehicle Model")).toHaveValue("CX-5");
  await w.getByRole("button", { name: "Next" }).click();
  const leadId = await submit(page, w);
  booked.push({
    slug,
    leadId,
    locationId: 2002,
    dealership: "coralstone-mazda",
    to: loc.contact_detail!.email!,
    fields: { vehicle_make: "Mazda", vehicle_model: "CX-5", vehicle_year: 2021, rego: "825MZD", state: "QLD", service_interval: "40,000 km or 48 months", service_type: "Scheduled service", preferred_date: d.open, tyres_replacement: true, comments: "Brakes squeal when cold", page_title: "Service" },
  });
});

test("wattle-creek (minimal with Order Details, desktop): registration lookup, dealership and location required, a service-only holiday", async ({ page }) => {
  const slug = "wattle-creek";
  const loc = location(slug, 4002);
  const w = await openFromMenu(page, slug, "desktop");
  await stepHeading(w, 1, 3, "Vehicle Details");
  await expect(w.getByLabel("Vehicle State")).toHaveValue("VIC");
  await refused(w, "Next", ["Vehicle Rego is required.", "Vehicle Make is required.", "Vehicle Model is required.", "Vehicle Year is required."]);
  await w.getByLabel("Vehicle Rego").fill("1JY5CR");
  await w.getByRole("button", { name: FIND_VEHICLE }).click();
  await expect(w.getByTestId("lookup-status")).toHaveText(VEHICLE_FOUND);
  await expect(w.getByLabel("Vehicle Make")).toHaveValue("Jayco");
  await expect(w.getByLabel("Vehicle Model")).toHaveValue("Journey");
  await expect(w.getByLabel("Vehicle Year")).toHaveValue("2020");
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 2, 3, "Contact Details");
  await refused(w, "Next", ["First Name is required.", "Last Name is required.", "Email Address is required.", "Mobile Number is required.", "Service Interval is required."]);
  await fill(w, contact);
  await w.getByLabel("Service Interval").selectOption("Not sure");
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 3, 3, "Order Details");
  // One dealership with a service location, and one location: both preselected (§4); emptied, both are required (§5).
  await expect(w.getByLabel("Dealership")).toHaveValue("wattle-creek-bendigo");
  await expect(w.getByLabel("Service Location")).toHaveValue("4002");
  await w.getByLabel("Dealership").selectOption("");
  await w.getByLabel("Service Location").selectOption("");
  await refused(w, BOOK_A_SERVICE, ["Dealership is required.", "Service Location is required.", "Service Type is required."]);
  await w.getByLabel("Dealership").selectOption("wattle-creek-bendigo");
  await w.getByLabel("Service Location").selectOption("4002");
  await w.getByLabel("Service Type").selectOption("Pre-trip safety check");
  const d = days(slug, loc);
  // A holiday only the service department closes for (Australia Day at Bendigo).
  expect(d.serviceOnly).toBeDefined();
  await dateMessage(w, d.serviceOnly!.date, dateClosed(d.serviceOnly!.date, d.serviceOnly!.name));
  await w.getByLabel("Preferred Service Date").fill(d.open);
  const leadId = await submit(page, w);
  booked.push({
    slug,
    leadId,
    locationId: 4002,
    dealership: "wattle-creek-bendigo",
    to: loc.contact_detail!.email!,
    fields: { rego: "1JY5CR", state: "VIC", vehicle_make: "Jayco", vehicle_model: "Journey", vehicle_year: 2020, service_interval: "Not sure", service_type: "Pre-trip safety check", preferred_date: d.open },
  });
});

test("kowhai-motors (minimal without Order Details, phone): the mobile menu, make, model and year typed", async ({ page }) => {
  const slug = "kowhai-motors";
  const w = await openFromMenu(page, slug, "phone");
  await stepHeading(w, 1, 2, "Vehicle Details");
  await expect(w.getByLabel("Vehicle State")).toHaveCount(0);
  await expect(w.getByRole("button", { name: FIND_VEHICLE })).toHaveCount(0);
  // New Zealand words: a plate number, not a rego.
  await refused(w, "Next", ["Plate Number is required.", "Vehicle Make is required.", "Vehicle Model is required.", "Vehicle Year is required."]);
  await fill(w, { "Plate Number": "KWH123", "Vehicle Make": "Toyota", "Vehicle Model": "RAV4", "Vehicle Year": "1899" });
  await refused(w, "Next", ["Please enter a year between 1900 and"]);
  await fill(w, { "Vehicle Year": "2018" });
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 2, 2, "Contact Details");
  // The interval is optional here (intervalRequired false); dealership and location are required (minimal variant).
  await expect(w.getByLabel("Dealership")).toHaveValue("kowhai-motors-auckland");
  await expect(w.getByLabel("Service Location")).toHaveValue("6002");
  await refused(w, BOOK_A_SERVICE, ["First Name is required.", "Last Name is required.", "Email Address is required.", "Mobile Number is required."]);
  await fill(w, { ...contact, "Mobile Number": "021 555 0199" });
  await page.screenshot({ path: `${SHOTS}/service-${slug}-phone.jpg`, fullPage: true });
  const leadId = await submit(page, w);
  booked.push({ slug, leadId, locationId: 6002, dealership: "kowhai-motors-auckland", to: location(slug, 6002).contact_detail!.email!, fields: { rego: "KWH123", vehicle_make: "Toyota", vehicle_model: "RAV4", vehicle_year: 2018 } });
});

test("harbourline (full, phone): the mobile bar, the disclaimer of the chosen location, /book-a-service", async ({ page }) => {
  const slug = "harbourline";
  // The booking's posts: the first step's answer gives a token that each later step sends back.
  const posts: { token: string | null; leadId: string | undefined; answer: { lead_id?: string; lead_token?: string } | null }[] = [];
  page.on("response", async (res) => {
    if (!res.url().endsWith("/api/leads") || res.request().method() !== "POST") return;
    const sent = res.request().postDataJSON() as { lead_id?: string };
    const token = (await res.request().allHeaders())[LEAD_TOKEN_HEADER] ?? null;
    // The last answer's body is gone once the page has moved on to /success: null then.
    posts.push({ token, leadId: sent.lead_id, answer: await res.json().catch(() => null) });
  });
  const w = await openFromMenu(page, slug, "phone");
  const bar = page.locator('[data-block="service-mobile-bar"]');
  await expect(bar.getByRole("link", { name: CALL_US_NOW })).toHaveAttribute("href", telHref(location(slug, 1002).contact_detail!.phone!));
  await expect(bar.getByRole("link", { name: BOOK_A_SERVICE })).toHaveAttribute("href", "#service-form");
  await fill(w, contact);
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 2, 3, "Vehicle Details");
  await w.getByLabel("Service Interval").selectOption("10,000 km or 12 months");
  await fill(w, { "Vehicle Make": "Toyota", "Vehicle Model": "HiLux" });
  await w.getByRole("button", { name: "Next" }).click();
  await stepHeading(w, 3, 3, "Order Details");
  await expect(w.getByTestId("service-disclaimer")).toHaveCount(0);
  await w.getByLabel("Service Location").selectOption("1002");
  await expect(w.getByTestId("service-disclaimer")).toHaveText(tenant(slug).forms.service.disclaimers![0].text);
  await w.getByLabel("Service Type").selectOption("Logbook service");
  const d = days(slug, location(slug, 1002));
  await w.getByLabel("Preferred Service Date").fill(d.open);
  await page.screenshot({ path: `${SHOTS}/service-${slug}-phone.jpg`, fullPage: true });
  // The bar as a person sees it: fixed to the bottom of the screen over the form.
  await page.screenshot({ path: `${SHOTS}/service-${slug}-phone-bar.jpg` });
  await expectAccessible(page);
  // Book a Service in the bar goes to the form.
  await bar.getByRole("link", { name: BOOK_A_SERVICE }).click();
  await expect(page).toHaveURL(/#service-form$/);
  const leadId = await submit(page, w);
  await expect.poll(() => posts.length).toBe(3);
  const token = posts[0].answer!.lead_token!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Each step's answer names the lead (the last one's, when the page moved on before it could be read, is the one /success kept).
  expect(posts.map((p) => [p.token, p.leadId ?? null, p.answer?.lead_id ?? leadId])).toEqual([
    [null, null, leadId],
    [token, leadId, leadId],
    [token, leadId, leadId],
  ]);
  expect(posts[0].answer?.lead_id).toBe(leadId);
  booked.push({ slug, leadId, locationId: 1002, dealership: "harbourline-toyota", to: location(slug, 1002).contact_detail!.email!, fields: { vehicle_make: "Toyota", vehicle_model: "HiLux", service_type: "Logbook service" } });

  // /book-a-service: the service page (its canonical the page's own path); 404 where a site has none.
  await page.setViewportSize(viewports.desktop);
  const alias = await page.goto(siteUrl(slug, "/book-a-service"));
  expect(alias!.status()).toBe(200);
  await expect(page.locator('[data-block="service-booking"]')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/service$/);
  await page.screenshot({ path: `${SHOTS}/service-${slug}-desktop.jpg`, fullPage: true });
  expect((await page.goto(siteUrl("bluegum", "/book-a-service")))!.status()).toBe(404);
});

test("redgate's Book a Service links go to its external booking page; bluegum links to no service page", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await page.goto(siteUrl("redgate", "/"));
  const external = tenant("redgate").forms.service.externalBookingUrl!;
  const links = page.getByRole("link", { name: /Book a Service/ });
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toBe(external);
  expect((await page.goto(siteUrl("redgate", "/book-a-service")))!.status()).toBe(404);
  await page.goto(siteUrl("bluegum", "/"));
  expect(await page.locator('a[href^="/service"], a[href^="/book-a-service"]').count()).toBe(0);
  await expect(page.getByRole("link", { name: /Book a Service/ })).toHaveCount(0);
});

test("the stored bookings: Service Booking, Complete, their fields, and one e-mail to the service location", async () => {
  expect(booked.map((b) => b.slug)).toEqual(["coralstone-mazda", "wattle-creek", "kowhai-motors", "harbourline"]);
  // The running server holds the e2e database (PGlite in .data-e2e): a copy of its folder is read.
  const src = join(".data-e2e", "pglite");
  expect(existsSync(src)).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), "service-e2e-db-"));
  cpSync(src, dir, { recursive: true, filter: (p) => !p.endsWith("forecourt.lock") });
  const h = await openDb({ url: "", dir });
  try {
    const rows = await h.db.select().from(leads).where(inArray(leads.id, booked.map((b) => b.leadId)));
    for (const b of booked) {
      const row = rows.find((r) => r.id === b.leadId)!;
      expect(row.tenant, b.slug).toBe(b.slug);
      expect(row.dealershipId).toBe(tenant(b.slug).dealerships.find((x) => x.slug === b.dealership)!.id);
      expect(row.payload, b.slug).toMatchObject({
        form: "service",
        category: SERVICE_CATEGORY,
        lead_status: LEAD_STATUS_COMPLETE,
        form_completed: true,
        isLastStep: true,
        fields: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", location_id: b.locationId, dealership_slug: b.dealership, page_title: "Service", ...b.fields },
      });
      const deliveries = await recentDeliveries(h.db, { leadId: b.leadId });
      expect(deliveries.map((x) => [x.channel, x.target]), b.slug).toEqual([["email", b.to]]);
      expect(deliveries[0].body).toContain("Service Booking");
    }
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
