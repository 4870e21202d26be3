import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page, type Request } from "@playwright/test";
import { eq } from "drizzle-orm";
import { signInThroughApi } from "./sign-in";
import { demoTenants, siteUrl, viewports, axeProblems, reactHydrated } from "./helpers";
import { openDb } from "../../server/db";
import { analyticsEvents, leads } from "../../server/db/schema";
import { recentDeliveries } from "../../server/leads/admin";

// Lead forms on harbourline as a person uses them (spec leads §2–§5, §8; VDP §2 dialogs), sent to
// the real POST /api/leads: the enquiry form on /contact-us, the careers form, the VDP's Enquire
// Now, Book a Test Drive, Request Photos and Finance Enquiry dialogs, the hero lead form, the
// multi-step finance enquiry on /finance, and finance links from a VDP that fill in the finance form
// (harbourline's in steps, Kōwhai's in one piece).

const SLUG = "harbourline";
const url = (path: string) => siteUrl(SLUG, path);
const norm = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${SLUG}`);
  // Analytics events survive the redirect to /success: each push is also kept in sessionStorage.
  await page.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[] };
    w.dataLayer = [];
    const push = w.dataLayer.push.bind(w.dataLayer);
    w.dataLayer.push = (...items: unknown[]) => {
      const kept = JSON.parse(sessionStorage.getItem("e2e-events") || "[]");
      sessionStorage.setItem("e2e-events", JSON.stringify([...kept, ...items]));
      return push(...items);
    };
  });
});

/** The lead events pushed in this tab (labelled with the form; other events, e.g. the search page view 49, left out). */
const FORMS = ["enquiry", "careers", "finance", "vehicle-enquiry", "test-drive", "request-photos", "hero"];
const events = async (page: Page) =>
  (await page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-events") || "[]") as { id: number; label?: string }[])).filter((e) => FORMS.includes(e.label ?? ""));

/** The lead request the browser sends on submit; after the redirect to /success, the lead id it kept. */
async function submitAndCapture(page: Page, click: () => Promise<void>) {
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  const response = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
  await click();
  const req: Request = await request;
  expect((await response).status()).toBe(200);
  await page.waitForURL(url("/success"));
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("forecourt:lead-success") || "null"));
  expect(kept?.leadId).toMatch(/^[0-9a-f-]{36}$/);
  return { body: req.postDataJSON(), key: req.headers()["idempotency-key"], leadId: kept.leadId as string };
}

/**
 * The stored lead and its outbox rows, read with the app's own code. The running server holds the
 * e2e database (PGlite in .data-e2e), so a copy of its folder is opened (committed rows are on disk).
 */
async function storedLead(leadId: string) {
  const src = join(".data-e2e", "pglite");
  expect(existsSync(src)).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), "forms-e2e-db-"));
  cpSync(src, dir, { recursive: true, filter: (p) => !p.endsWith("forecourt.lock") });
  const h = await openDb({ url: "", dir });
  try {
    const [lead] = await h.db.select().from(leads).where(eq(leads.id, leadId));
    const deliveries = await recentDeliveries(h.db, { leadId });
    const events = await h.db.select().from(analyticsEvents).where(eq(analyticsEvents.tenant, SLUG));
    return { lead, deliveries, events };
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The lead is stored as sent and its e-mail is in the outbox (kept there: no SMTP in the tests). */
async function expectInOutbox(sent: { leadId: string; body: { form: string } }) {
  await expect.poll(async () => (await storedLead(sent.leadId)).deliveries.map((d) => d.channel), { timeout: 15_000 }).toContain("email");
  const { lead, deliveries } = await storedLead(sent.leadId);
  expect(lead.payload).toMatchObject({ form: sent.body.form });
  expect(deliveries.find((d) => d.channel === "email")!.target).toMatch(/@/);
}

test("contact-us: empty required fields are listed and shown under their fields; nothing is sent", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  let posted = 0;
  page.on("request", (r) => r.url().endsWith("/api/leads") && posted++);
  await page.goto(url("/contact-us"));
  await expect(page.getByRole("heading", { name: "Make an Enquiry" })).toBeVisible();
  const form = page.locator('form[data-form="enquiry"]');
  await expect(form.getByLabel("Dealership").locator("option").first()).toHaveText("Please select a dealership...");
  await expect(form.getByLabel("Keep me up to date with news and offers")).toBeChecked();
  await expect(form.getByText("By submitting this enquiry, I agree to the")).toHaveText("By submitting this enquiry, I agree to the Harbourline Motor Group Privacy Policy.");
  await reactHydrated(form);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await expect(form.getByText("Please fix the following errors:")).toBeVisible();
  const expected: [string, string][] = [
    ["First Name", "First Name is required."],
    ["Last Name", "Last Name is required."],
    ["Email Address", "Email Address is required."],
    ["Phone Number", "Phone Number is required."],
    ["Enquiry Type", "Enquiry Type is required."],
    ["Location", "Location is required."],
    ["Dealership", "Dealership is required."],
    ["Message", "Message is required."],
  ];
  for (const [label, message] of expected) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(form.locator("li")).toHaveText(expected.map(([, m]) => m));
  await expect(form.getByLabel("First Name", { exact: true })).toBeFocused();
  // A wrong e-mail is worded as such.
  await form.getByLabel("Email Address", { exact: true }).fill("ada@");
  await expect(form.getByLabel("Email Address", { exact: true })).toHaveAccessibleDescription("Please enter a valid email address.");
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.locator('[data-block="enquiry-form"]').screenshot({ path: `/tmp/forms-contact-errors-${viewport.width}.jpg` });
  }
  expect(await axeProblems(page)).toEqual([]);
  expect(posted).toBe(0);
  expect(errors).toEqual([]);
});

test("contact-us: a sent enquiry goes to /success and is stored with its outbox e-mail and tracking", async ({ page }) => {
  await page.goto(url("/?utm_source=e2e&utm_campaign=forms"));
  // The page view is recorded once the page is interactive.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("forecourt:lead-attributes"))).toContain("utm_campaign");
  await page.goto(url("/contact-us"));
  const form = page.locator('form[data-form="enquiry"]');
  await reactHydrated(form);
  await form.getByLabel("First Name", { exact: true }).fill("Ada");
  await form.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await form.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await form.getByLabel("Phone Number", { exact: true }).fill("0400 123 456");
  await form.getByLabel("Enquiry Type", { exact: true }).selectOption("Sales Enquiry");
  await form.getByLabel("Dealership", { exact: true }).selectOption("harbourline-mazda");
  // The dealership has one location: it is chosen for the visitor.
  await expect(form.getByLabel("Location", { exact: true })).toHaveValue("1003");
  await form.getByLabel("Message", { exact: true }).fill("Is the CX-5 in the window still available?");

  // Hold the request a moment to see the submitting state: button disabled, spinner.
  await page.route("**/api/leads", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const button = form.getByRole("button", { name: /Enquire Now/ });
  const sent = await submitAndCapture(page, async () => {
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(form.getByTestId("spinner")).toBeVisible();
  });
  await page.waitForURL(url("/success"));
  await expect(page.getByRole("heading", { level: 2, name: "Thank you" })).toBeVisible();
  await expect(page.getByTestId("lead-reference")).toHaveText(sent.leadId.slice(0, 8).toUpperCase());
  expect(await events(page)).toEqual([expect.objectContaining({ id: 22, label: "enquiry" })]);
  expect(sent.key).toMatch(/^lead-[0-9a-f]{32}$/);
  expect(sent.body).toMatchObject({
    form: "enquiry",
    source: "Website",
    category: "Sales Enquiry",
    url: url("/contact-us"),
    fields: { first_name: "Ada", dealership_slug: "harbourline-mazda", location_id: 1003, opt_in: true, page_id: "contact-us" },
    lead_attributes: { visited_pages: ["/?utm_source=e2e&utm_campaign=forms", "/contact-us"], linked_query_params: { utm_source: "e2e", utm_campaign: "forms" } },
  });
  await page.screenshot({ path: "/tmp/forms-success-1280.jpg" });

  // The same submission again (same Idempotency-Key and body) answers the stored lead: one lead.
  const replay = await page.evaluate(
    async ({ key, body }) => {
      const res = await fetch("/api/leads", { method: "POST", headers: { "content-type": "application/json", "idempotency-key": key }, body: JSON.stringify(body) });
      return { status: res.status, replayed: res.headers.get("idempotent-replayed"), body: await res.json() };
    },
    { key: sent.key, body: sent.body },
  );
  expect(replay).toEqual({ status: 200, replayed: "true", body: { lead_id: sent.leadId, event_id: `lead.${sent.leadId}` } });

  // In the database and its outbox: the e-mail to Harbourline Mazda's lead address and the ADF for its CRM.
  await expect
    .poll(async () => (await storedLead(sent.leadId)).deliveries.map((d) => d.channel).sort(), { timeout: 15_000 })
    .toEqual(["adf", "email"]);
  const { lead, deliveries, events: recorded } = await storedLead(sent.leadId);
  // The enquiry event is also recorded server-side (POST /api/events).
  expect(recorded).toContainEqual(expect.objectContaining({ eventId: 22, label: "enquiry", path: "/contact-us" }));
  expect(lead).toMatchObject({ tenant: SLUG, dealershipId: 102 });
  expect(lead.payload).toMatchObject({ form: "enquiry", category: "Sales Enquiry", fields: { last_name: "Lovelace", message: "Is the CX-5 in the window still available?" } });
  const email = deliveries.find((d) => d.channel === "email")!;
  expect(email.target).toBe("leads+harbourline-mazda@harbourlinemotors.com.au");
  expect(email.body).toContain("Ada");
  expect(email.body).toContain("Is the CX-5 in the window still available?");
  expect(deliveries.find((d) => d.channel === "adf")!.body).toContain('<name part="first">Ada</name>');
});

test("careers: sent as General Enquiry / Career Enquiry with event 51", async ({ page }) => {
  await page.goto(url("/careers"));
  const form = page.locator('form[data-form="careers"]');
  await expect(page.getByRole("heading", { name: "Careers Enquiry" })).toBeVisible();
  await expect(form.getByLabel("Enquiry Type")).toHaveCount(0);
  await reactHydrated(form);
  await form.getByLabel("First Name", { exact: true }).fill("Grace");
  await form.getByLabel("Last Name", { exact: true }).fill("Hopper");
  await form.getByLabel("Email Address", { exact: true }).fill("grace@example.com");
  await form.getByLabel("Phone Number", { exact: true }).fill("0400 765 432");
  await form.getByLabel("Dealership", { exact: true }).selectOption("harbourline-ford");
  await form.getByLabel("Message", { exact: true }).fill("Qualified technician looking for a role on the Gold Coast.");
  // The network fails: the form retries once with the same key, then shows the alert (leads §8).
  // At phone width the form is taller than the screen: the alert above it starts out of view.
  await page.setViewportSize(viewports.phone);
  const keys: string[] = [];
  await page.route("**/api/leads", (route) => {
    keys.push(route.request().headers()["idempotency-key"]);
    return route.abort("failed");
  });
  await form.getByRole("button", { name: "Enquire Now" }).click();
  // The alert, and under it the server's error or, with no answer at all, An unexpected error occured.
  await expect(form.getByRole("alert").locator("p")).toHaveText(["An error occurred when submitting this form", "An unexpected error occured"]);
  // Above the form: scrolled into view and focused (not left on <body>), so it is seen and read out.
  await expect(form.getByRole("alert")).toBeFocused();
  await expect(form.getByRole("alert")).toBeInViewport();
  await expect(form.getByRole("button", { name: "Enquire Now" })).toBeEnabled();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await page.unroute("**/api/leads");
  // Sent again by the visitor: the same submission keeps its Idempotency-Key.
  const sent = await submitAndCapture(page, () => form.getByRole("button", { name: "Enquire Now" }).click());
  expect(sent.key).toBe(keys[0]);
  await page.waitForURL(url("/success"));
  expect(sent.body).toMatchObject({ form: "careers", category: "General Enquiry", subcategory: "Career Enquiry", fields: { location_id: 1007 } });
  expect((await events(page)).map((e) => e.id)).toEqual([51]);
  await expectInOutbox(sent);
});

/** A car the site lists as available, opened from a search page. */
async function openAvailableCar(page: Page, search = "/search") {
  await page.goto(url(search));
  const card = page.locator("article").filter({ has: page.getByRole("link", { name: /^Explore Vehicle/ }) }).first();
  const href = (await card.getByRole("link", { name: /^Explore Vehicle/ }).getAttribute("href"))!;
  await page.goto(url(href));
  await page.waitForLoadState("networkidle");
  return href;
}

test("VDP dialogs: Enquire Now opens, closes with Esc back to its button, validates and sends the lead with the car", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const href = await openAvailableCar(page);
  const summary = page.locator('[data-block="vehicle-summary"]');
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await summary.screenshot({ path: `/tmp/forms-vdp-summary-${viewport.width}.jpg` });
  }
  const opener = summary.getByRole("button", { name: /^Enquire Now/ });
  // The dialog's form (a lazy part of its own) hydrates after the page around it: once it has, so has the opener.
  await reactHydrated(summary.locator('form[data-form="vehicle-enquiry"]'));
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Enquire Now" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("First Name", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Enquire Now" }).click();
  await expect(dialog.getByText("Please fix the following errors:")).toBeVisible();
  await expect(dialog.getByLabel("First Name", { exact: true })).toHaveAccessibleDescription("First Name is required.");
  // The message is optional on the VDP dialogs.
  await expect(dialog.getByLabel("Message", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/forms-vdp-enquire-${viewport.width}.jpg` });
  }
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByLabel("First Name", { exact: true }).fill("Ada");
  await dialog.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await dialog.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await dialog.getByLabel("Phone Number", { exact: true }).fill("0400 123 456");
  const sent = await submitAndCapture(page, () => dialog.getByRole("button", { name: "Enquire Now" }).click());
  await page.waitForURL(url("/success"));
  expect(sent.body.form).toBe("vehicle-enquiry");
  expect(sent.body.car_id).toEqual(expect.any(String));
  expect(sent.body.car_dealership_id).toEqual(expect.any(Number));
  expect(sent.body.fields).toMatchObject({ dealership_slug: expect.any(String), stock_number: expect.any(String), vehicle_make: expect.any(String), vehicle_model: expect.any(String) });
  expect(sent.body.fields.vehicle_status).toBe(sent.body.fields.car_type);
  expect(sent.body.url).toBe(url(href));
  expect((await events(page)).map((e) => e.id)).toEqual([sent.body.fields.car_type === "used" ? 15 : 14]);
  expect(errors).toEqual([]);
  await expectInOutbox(sent);
});

test("VDP dialogs: Book a Test Drive asks for the terms, then sends the car, location and time; Request Photos and Finance Enquiry open", async ({ page }) => {
  // A Mazda: the site finances it (not its trucks or motorcycles), so Get Finance opens the Finance Enquiry modal.
  await openAvailableCar(page, "/search/mazda");
  const summary = page.locator('[data-block="vehicle-summary"]');
  const tag = norm(await summary.locator('p[data-kind="custom"]').first().textContent({ timeout: 1000 }).catch(() => null));

  await reactHydrated(summary.locator('form[data-form="request-photos"]'));
  await summary.getByRole("button", { name: /^Request Photos/ }).click();
  const photos = page.getByRole("dialog", { name: "Request Photos" });
  await expect(photos).toBeVisible();
  await photos.getByRole("button", { name: "Request Photos" }).click();
  await expect(photos.getByLabel("Email Address", { exact: true })).toHaveAccessibleDescription("Email Address is required.");
  await photos.getByRole("button", { name: "Close" }).click();
  await expect(photos).toBeHidden();

  const finance = summary.getByRole("button", { name: /^Get Finance/ });
  await expect(finance).toHaveCount(1);
  {
    await finance.click();
    const dialog = page.getByRole("dialog", { name: "Finance Enquiry" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('form[data-form="finance"]')).toBeVisible();
    // The site's finance enquiry is in steps, in the modal too; the first field shown has the focus.
    await expect(dialog.getByRole("heading", { level: 3 })).toHaveText("Step 1 of 3: Your Details");
    await expect(dialog.getByLabel("First Name", { exact: true })).toBeFocused();
    // Its budget starts at the car's price.
    const priced = summary.locator('p[data-kind="price"] span').first();
    await expect(dialog.getByLabel("Vehicle Price / Budget", { exact: true })).toHaveValue((await priced.count()) ? norm(await priced.textContent()) : "");
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `/tmp/forms-vdp-finance-${viewport.width}.jpg` });
    }
    await page.setViewportSize(viewports.desktop);
    await page.keyboard.press("Escape");
    await expect(finance).toBeFocused();
  }

  await summary.getByRole("button", { name: /^Book a Test Drive/ }).click();
  const dialog = page.getByRole("dialog", { name: "Book a Test Drive" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First Name", { exact: true }).fill("Ada");
  await dialog.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await dialog.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await dialog.getByLabel("Phone Number", { exact: true }).fill("0400 123 456");
  await dialog.getByRole("button", { name: "Book a Test Drive" }).click();
  const terms = dialog.getByRole("checkbox", { name: /I acknowledge the Personal Information Collection Statement/ });
  await expect(terms).toHaveAccessibleDescription("*You must agree to the terms of use before submitting.");
  await expect(dialog.locator("li")).toContainText(["*You must agree to the terms of use before submitting."]);
  await page.setViewportSize(viewports.phone);
  await page.screenshot({ path: "/tmp/forms-vdp-test-drive-390.jpg" });
  await page.setViewportSize(viewports.desktop);
  await terms.check();
  await dialog.getByLabel("Preferred Date and Time").fill("2027-02-03T10:30");
  const location = dialog.getByLabel("Preferred Location", { exact: true });
  if (!(await location.inputValue())) await location.selectOption({ index: 1 });
  const sent = await submitAndCapture(page, () => dialog.getByRole("button", { name: "Book a Test Drive" }).click());
  await page.waitForURL(url("/success"));
  expect(sent.body).toMatchObject({
    form: "test-drive",
    category: "Test Drive",
    car_id: expect.any(String),
    fields: { preferred_date: "2027-02-03T10:30", terms_conditions: true, location_id: expect.any(Number) },
  });
  const used = sent.body.fields.car_type === "used";
  expect((await events(page)).map((e) => e.id)).toEqual([used && tag !== "Test Drive Only" ? 48 : 17]);
  await expectInOutbox(sent);
});

test("VDP dialogs: Request Photos sends the car's lead to the outbox", async ({ page }) => {
  await openAvailableCar(page, "/search/mazda");
  const summary = page.locator('[data-block="vehicle-summary"]');
  await reactHydrated(summary.locator('form[data-form="request-photos"]'));
  await summary.getByRole("button", { name: /^Request Photos/ }).click();
  const photos = page.getByRole("dialog", { name: "Request Photos" });
  await photos.getByLabel("First Name", { exact: true }).fill("Ada");
  await photos.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await photos.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await photos.getByLabel("Phone Number", { exact: true }).fill("0400 123 456");
  await photos.getByLabel("Message", { exact: true }).fill("Could you send photos of the boot?");
  const sent = await submitAndCapture(page, () => photos.getByRole("button", { name: "Request Photos" }).click());
  expect(sent.body).toMatchObject({ form: "request-photos", car_id: expect.any(String) });
  await expectInOutbox(sent);
});

test("hero lead form: the 4-digit postcode rule and message, then sent", async ({ page }) => {
  await page.goto(url("/fleet"));
  const form = page.locator('form[data-form="hero"]');
  const postcode = form.getByLabel("Postcode", { exact: true });
  await expect(postcode).toHaveAttribute("maxlength", "4");
  await reactHydrated(form);
  await form.getByLabel("First Name", { exact: true }).fill("Ada");
  await form.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await postcode.fill("40a");
  await form.getByLabel("Mobile Number", { exact: true }).fill("0400 123 456");
  await form.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await form.getByLabel("Location", { exact: true }).selectOption("1009");
  await form.getByRole("button", { name: "Get in Touch" }).click();
  await expect(postcode).toHaveAccessibleDescription("Invalid postcode. Please enter a 4-digit number.");
  await expect(form.getByText("Please fix the following errors:")).toBeVisible();
  await postcode.fill("45581");
  await expect(postcode).toHaveValue("4558");
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/forms-hero-${viewport.width}.jpg`, fullPage: true });
  }
  const sent = await submitAndCapture(page, () => form.getByRole("button", { name: "Get in Touch" }).click());
  await page.waitForURL(url("/success"));
  expect(sent.body).toMatchObject({ form: "hero", fields: { postcode: "4558", location_id: 1009, phone: "0400 123 456" } });
  await expectInOutbox(sent);
});

test("finance (multi-step): Next refuses an incomplete step with the spec's message, Back keeps what was typed, the last step sends one lead with every step's fields", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  let posted = 0;
  page.on("request", (r) => r.url().endsWith("/api/leads") && r.method() === "POST" && posted++);
  // Harbourline keeps /finance for signed-in visitors (features.auth.gatedRoutes; accounts.spec.ts tests the gate).
  await page.goto(url("/"));
  await signInThroughApi(page, "0412 555 001", "+61412555001", "203.0.113.61");
  await page.goto(url("/finance"));
  await reactHydrated(page.locator('form[data-form="finance"]'));
  const form = page.locator('form[data-form="finance"]');
  const heading = form.getByRole("heading", { level: 3 });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  const next = form.getByRole("button", { name: "Next", exact: true });
  const back = form.getByRole("button", { name: "Back", exact: true });
  const incomplete = form.getByText("Please complete the form step before proceeding.", { exact: true });

  // Step 1 of 3: Your Details. Only its fields can be reached; no Back, no send button yet.
  await expect(heading).toHaveText("Step 1 of 3: Your Details");
  await expect(form.getByRole("list", { name: "Form steps" }).getByRole("listitem")).toHaveText(["Your Details", "Your Finance", "Confirm"]);
  await expect(form.locator('[aria-current="step"]')).toHaveText("Your Details");
  await expect(field("Message")).toBeHidden();
  await expect(back).toHaveCount(0);
  await expect(form.getByRole("button", { name: /Enquire Now/ })).toHaveCount(0);

  // Next refuses the incomplete step: the spec's message, the fields to fix, the focus on the first.
  await field("First Name").fill("Ada");
  await next.click();
  await expect(incomplete).toBeVisible();
  await expect(incomplete).toHaveAttribute("role", "alert");
  await expect(field("Last Name")).toHaveAccessibleDescription("Last Name is required.");
  await expect(field("Email Address")).toHaveAccessibleDescription("Email Address is required.");
  await expect(field("Phone Number")).toHaveAccessibleDescription("Phone Number is required.");
  await expect(form.getByText("Please fix the following errors:")).toBeVisible();
  await expect(field("Last Name")).toBeFocused();
  await expect(heading).toHaveText("Step 1 of 3: Your Details");
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.locator('[data-block="enquiry-form"]').screenshot({ path: `/tmp/forms-finance-step1-${viewport.width}.jpg` });
  }
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize(viewports.desktop);

  await field("Last Name").fill("Lovelace");
  await field("Email Address").fill("ada@example.com");
  await field("Phone Number").fill("0400 123 456");
  await expect(incomplete).toBeHidden();
  await next.click();

  // Step 2 of 3: Your Finance, its heading focused.
  await expect(heading).toHaveText("Step 2 of 3: Your Finance");
  await expect(heading).toBeFocused();
  await expect(field("First Name")).toBeHidden();
  await next.click();
  await expect(incomplete).toBeVisible();
  await expect(field("Dealership")).toHaveAccessibleDescription("Dealership is required.");
  await expect(field("Message")).toHaveAccessibleDescription("Message is required.");
  await field("Dealership").selectOption("harbourline-hyundai-kia");
  await field("Location").selectOption("1005");
  // The price field: $ with thousands separators once the visitor leaves it (leads §5).
  await field("Vehicle Price / Budget").fill("34500");
  await field("Vehicle Price / Budget").press("Tab");
  await expect(field("Vehicle Price / Budget")).toHaveValue("$34,500");
  await field("Message").fill("Finance for a Tucson over five years, please.");
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.locator('[data-block="enquiry-form"]').screenshot({ path: `/tmp/forms-finance-step2-${viewport.width}.jpg` });
  }
  await page.setViewportSize(viewports.desktop);

  // Back keeps what was typed on both steps.
  await back.click();
  await expect(heading).toHaveText("Step 1 of 3: Your Details");
  await expect(heading).toBeFocused();
  await expect(field("First Name")).toHaveValue("Ada");
  await expect(field("Phone Number")).toHaveValue("0400 123 456");
  await next.click();
  await expect(heading).toHaveText("Step 2 of 3: Your Finance");
  await expect(field("Location")).toHaveValue("1005");
  await expect(field("Vehicle Price / Budget")).toHaveValue("$34,500");
  await expect(field("Message")).toHaveValue("Finance for a Tucson over five years, please.");
  await next.click();

  // Step 3 of 3: Confirm, with the answers to check, the opt-in and the consent; the send button.
  await expect(heading).toHaveText("Step 3 of 3: Confirm");
  const review = form.getByTestId("review");
  await expect(review.locator("dt")).toHaveText(["First Name", "Last Name", "Email Address", "Phone Number", "Location", "Dealership", "Vehicle Price / Budget", "Message"]);
  await expect(review.locator("dd")).toHaveText(["Ada", "Lovelace", "ada@example.com", "0400 123 456", "Harbourline Gold Coast Service Centre", "Harbourline Hyundai & Kia Southport", "$34,500", "Finance for a Tucson over five years, please."]);
  await expect(field("Keep me up to date with news and offers")).toBeChecked();
  await expect(form.getByText("By submitting this enquiry, I agree to the")).toBeVisible();
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.locator('[data-block="enquiry-form"]').screenshot({ path: `/tmp/forms-finance-step3-${viewport.width}.jpg` });
  }
  expect(await axeProblems(page)).toEqual([]);
  await page.setViewportSize(viewports.desktop);
  expect(posted, "earlier steps do not post").toBe(0);

  const sent = await submitAndCapture(page, () => form.getByRole("button", { name: "Enquire Now" }).click());
  expect(posted).toBe(1);
  expect(sent.body).toMatchObject({ form: "finance", category: "Finance Enquiry", isLastStep: true });
  expect((await events(page)).map((e) => e.id)).toEqual([22]);

  // In the database: the lead of the last step, with the fields of every step, and its deliveries.
  await expect.poll(async () => (await storedLead(sent.leadId)).deliveries.map((d) => d.channel).sort(), { timeout: 15_000 }).toEqual(["adf", "email"]);
  const { lead, deliveries } = await storedLead(sent.leadId);
  expect(lead).toMatchObject({ tenant: SLUG, dealershipId: 103 });
  expect(lead.payload).toMatchObject({
    form: "finance",
    isLastStep: true,
    fields: {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "0400 123 456",
      location_id: 1005,
      dealership_slug: "harbourline-hyundai-kia",
      vehicle_price_budget: 34500,
      message: "Finance for a Tucson over five years, please.",
      opt_in: true,
      page_id: "finance",
    },
  });
  expect(deliveries.find((d) => d.channel === "email")!.body).toContain("Vehicle price / budget: $34,500");
  expect(errors).toEqual([]);
});

test("finance links: a VDP's Get Finance opens the finance form with the dealership chosen, the budget filled in, and the car on the lead", async ({ page }) => {
  // Harbourline: the sticky header's Get Finance (its sidebar's opens the Finance Enquiry modal), on a
  // Mazda (the site's trucks and motorcycles are not financed, so their pages have no finance links).
  await page.setViewportSize(viewports.desktop);
  // Harbourline's /finance is for signed-in visitors (features.auth.gatedRoutes).
  await page.goto(url("/"));
  await signInThroughApi(page, "0412 555 002", "+61412555002", "203.0.113.62");
  await page.goto(url("/search/mazda"));
  const href = (await page.locator("article").getByRole("link", { name: /^Explore Vehicle/ }).first().getAttribute("href"))!;
  await page.goto(url(href));
  const bar = page.locator("[data-vdp-bar]");
  await page.mouse.wheel(0, 1200);
  await expect(bar).toHaveAttribute("data-shown", "true");
  const link = bar.getByRole("link", { name: "Get Finance" });
  const target = new URL((await link.getAttribute("href"))!, url("/"));
  const carId = target.searchParams.get("car_id")!;
  const dealership = target.searchParams.get("preferredDealership")!;
  const price = Number(target.searchParams.get("vehiclePriceBudget"));
  expect(target.pathname).toBe("/finance");
  expect(target.hash).toBe("#finance-form");
  expect(carId).toBeTruthy();
  expect(dealership).toMatch(/^harbourline-/);
  expect(price).toBeGreaterThan(10);
  expect(["new", "used", "demo"]).toContain(target.searchParams.get("car_type"));
  await link.click();
  await page.waitForURL((u) => u.pathname === "/finance");
  await reactHydrated(page.locator('form[data-form="finance"]'));
  const form = page.locator('form[data-form="finance"]');
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field("First Name").fill("Grace");
  await field("Last Name").fill("Hopper");
  await field("Email Address").fill("grace@example.com");
  await field("Phone Number").fill("0400 765 432");
  await form.getByRole("button", { name: "Next", exact: true }).click();
  await expect(form.getByRole("heading", { level: 3 })).toHaveText("Step 2 of 3: Your Finance");
  await expect(field("Dealership")).toHaveValue(dealership);
  const budget = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(Math.round(price));
  await expect(field("Vehicle Price / Budget")).toHaveValue(budget);
  const location = field("Location");
  if (!(await location.inputValue())) await location.selectOption({ index: 1 });
  await field("Message").fill("Finance for this car, please.");
  await form.getByRole("button", { name: "Next", exact: true }).click();
  await expect(form.getByTestId("review").locator("dd").nth(6)).toHaveText(budget);
  const sent = await submitAndCapture(page, () => form.getByRole("button", { name: "Enquire Now" }).click());
  expect(sent.body).toMatchObject({ car_id: carId, fields: { dealership_slug: dealership, vehicle_price_budget: Math.round(price), car_type: target.searchParams.get("car_type") } });
  const { lead } = await storedLead(sent.leadId);
  expect(lead.payload).toMatchObject({ car_id: carId, fields: { dealership_slug: dealership, vehicle_price_budget: Math.round(price) } });

  // Kōwhai Motors: the sidebar's Get Finance link, to a finance form in one piece without a
  // dealership select: the car's dealership goes with the lead and the location list narrows to it.
  const kowhai = (path: string) => siteUrl("kowhai-motors", path);
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), "forecourt:popup-dismissed:kowhai-motors");
  await page.goto(kowhai("/search/used-cars"));
  const kHref = (await page.locator("article").getByRole("link", { name: /^Explore Vehicle/ }).first().getAttribute("href"))!;
  await page.goto(kowhai(kHref));
  const kLink = page.locator('[data-block="vehicle-summary"]').getByRole("link", { name: /^Get Finance/ });
  const kTarget = new URL((await kLink.getAttribute("href"))!, kowhai("/"));
  const kPrice = Number(kTarget.searchParams.get("vehiclePriceBudget"));
  const kDealership = kTarget.searchParams.get("preferredDealership")!;
  expect(kDealership).toMatch(/^kowhai-motors-/);
  await kLink.click();
  await page.waitForURL((u) => u.pathname === "/finance");
  await reactHydrated(page.locator('form[data-form="finance"]'));
  const kForm = page.locator('form[data-form="finance"]');
  const kField = (label: string) => kForm.getByLabel(label, { exact: true });
  await expect(page.getByRole("heading", { name: "Finance Enquiry" })).toBeVisible();
  await expect(kForm.getByRole("heading", { level: 3 })).toHaveCount(0);
  const kBudget = new Intl.NumberFormat("en-NZ", { style: "currency", currency: "NZD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(Math.round(kPrice));
  await expect(kField("Vehicle Price / Budget")).toHaveValue(kBudget);
  await expect(kField("Dealership")).toHaveCount(0);
  // The location list offers the car's dealership's locations only.
  const kSite = demoTenants.find((t) => t.identity.slug === "kowhai-motors")!;
  const kDealershipId = kSite.dealerships.find((d) => d.slug === kDealership)!.id;
  const kOwn = kSite.locations.filter((l) => l.dealership_id === kDealershipId && l.visible !== false).map((l) => String(l.id));
  await expect(kField("Location").locator("option:not([value=''])")).toHaveCount(kOwn.length);
  expect(await kField("Location").locator("option:not([value=''])").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(kOwn);
  await kField("First Name").fill("Mere");
  await kField("Last Name").fill("Ngata");
  await kField("Email Address").fill("mere@example.co.nz");
  await kField("Phone Number").fill("021 555 0199");
  if (!(await kField("Location").inputValue())) await kField("Location").selectOption({ index: 1 });
  await kField("Message").fill("Kia ora, finance for this car please.");
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.locator('[data-block="enquiry-form"]').screenshot({ path: `/tmp/forms-kowhai-finance-${viewport.width}.jpg` });
  }
  await page.setViewportSize(viewports.desktop);
  const kRequest = page.waitForRequest((r) => r.url().endsWith("/api/leads") && r.method() === "POST");
  const kResponse = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
  await kForm.getByRole("button", { name: "Enquire Now" }).click();
  expect((await kResponse).status()).toBe(200);
  await page.waitForURL(kowhai("/success"));
  expect((await kRequest).postDataJSON()).toMatchObject({
    form: "finance",
    car_id: kTarget.searchParams.get("car_id"),
    fields: { dealership_slug: kDealership, vehicle_price_budget: Math.round(kPrice), car_type: kTarget.searchParams.get("car_type") },
  });
});
