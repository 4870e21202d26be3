import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { demoTenants, siteUrl, viewports, expectAccessible, reactHydrated } from "./helpers";
import {
  CHOOSE_CAR_MESSAGE,
  NOT_FOUND_MESSAGE,
  OFFER_VALID_DAYS,
  REQUIRED_MESSAGE,
  TRADE_IN_CATEGORY,
  TRADE_IN_STAGES,
  noOnlineEstimateReason,
  tradeInFaq,
} from "../../domain/trade-in";
import { REQUIRED_DETAILS } from "../../domain/trade-in-details";
import { siteTerms } from "../../domain/vehicle-terms";
import { openDb } from "../../server/db";
import { leads, tradeInEvaluations } from "../../server/db/schema";
import { recentDeliveries } from "../../server/leads/admin";

// "Sell my car" as a person uses it (issue 14; spec leads §2 screen 4, §4, §5, §9), against the real
// /api/eval-expert/* and the embedded valuation provider (its demo registrations, valued from each
// site's own seeded stock). The paths are spread over the trade-in sites and the two widths rather
// than multiplied by them: every path, every trade-in site and both widths once.
//   harbourline  desktop  single match → offer (sent on to /api/miscellaneous, kept with the evaluation) → accept (e-mail + ADF, interest="trade-in")
//   coralstone   phone    candidates ("* Please choose one car.", the required fields) → accept (ADF)
//   bluegum      desktop  image step: a real JPEG and a HEIC → accept
//   redgate      phone    not found: the panel, its phone link, Contact (200), Back (Step One reset) → single match → accept
//   wattle-creek desktop  a 2012 car: no online figure, the FAQ's reason, "2. Registration Lookup" sent at once
//   wattle-creek phone    the VDP's Trade-In Valuation → /cars/trade-in?car_id= names the car in the lead
// Each starts on the home page and clicks the menu's link. The stored rows are read once at the end.

test.describe.configure({ mode: "serial" });

const SHOTS = "test-results/screenshots";
const TRADE_IN_PATHS = ["/trade-in", "/sell-my-car"];
const tenant = (slug: string) => demoTenants.find((t) => t.identity.slug === slug)!;
const money = (n: number) => new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 }).format(n);

/** What each flow left in the database, checked in the last test. */
type Expected = { slug: string; leadId: string; stage: string; offer: number | null; channels: string[]; carId?: string; images?: number; evalId?: string; misc?: boolean; caravan?: boolean };
const expected: Expected[] = [];

test.beforeEach(async ({ page }) => {
  for (const t of demoTenants) await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${t.identity.slug}`);
});

/** Home page → the menu's Sell My Car (the mobile menu opened first at phone width) → Step One. */
async function openFromMenu(page: Page, slug: string, width: keyof typeof viewports): Promise<Locator> {
  await page.setViewportSize(viewports[width]);
  await page.goto(siteUrl(slug, "/"));
  const item = tenant(slug).navigation.items.find((i) => TRADE_IN_PATHS.includes(i.href ?? ""))!;
  if (width === "phone") await reactHydrated(page.getByRole("button", { name: /menu/i }));
  if (width === "phone") await page.getByRole("button", { name: /menu/i }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: item.label, exact: true }).filter({ visible: true }).first().click();
  await page.waitForURL(siteUrl(slug, item.href!));
  const wizard = page.locator('[data-block="trade-in-wizard"]');
  await expect(wizard.getByRole("heading", { name: "Step One: Vehicle Details" })).toBeVisible();
  // The button names what the site sells (issue 29): Find My Car, Find My Caravan, Find My Vehicle (motorcycles and trucks).
  await reactHydrated(wizard.getByRole("button", { name: `Find My ${siteTerms(tenant(slug).identity).Noun}`, exact: true }));
  return wizard;
}

/** Step One's lookup button, whichever word the site's is (checked exactly in openFromMenu). */
const findButton = (wizard: Locator) => wizard.getByRole("button", { name: /^Find My (Car|Caravan|Vehicle)$/ });

async function lookUp(wizard: Locator, rego: string, state: string, next: string) {
  await wizard.getByLabel(/^Registration/).fill(rego);
  await wizard.getByLabel(/^State/).selectOption(state);
  await findButton(wizard).click();
  await expect(wizard.getByRole("heading", { name: next })).toBeVisible();
  await expect(wizard.getByRole("heading", { name: next })).toBeFocused();
}

/** Step Four filled in as a person would, then Get My Offer: update-eval's answer. `km` null: a caravan, asked no odometer or keys. */
async function sendDetails(page: Page, wizard: Locator, who: string, km: string | null, condition = "Good") {
  await wizard.getByLabel(/^First Name/).fill(who);
  await wizard.getByLabel(/^Last Name/).fill("Tester");
  await wizard.getByLabel(/^Email Address/).fill(`${who.toLowerCase()}@example.com`);
  await wizard.getByLabel(/^Phone Number/).fill("0412 345 678");
  await wizard.getByLabel(/^Postcode/).fill("4000");
  if (km !== null) await wizard.getByLabel(/^Odometer/).fill(km);
  await wizard.getByLabel(/^Service History/).selectOption("Full service history");
  if (km !== null) await wizard.getByLabel(/^Number of Keys/).selectOption("2");
  await wizard.getByLabel(/^Condition/).selectOption(condition);
  await wizard.getByLabel(/^Comments/).fill("Garaged, one owner.");
  await expect(wizard.getByRole("group", { name: "Preferred Contact Method" }).getByLabel("Phone")).toBeChecked();
  await wizard.getByRole("group", { name: /finance/ }).getByLabel("No").check();
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/eval-expert/update-eval"));
  await wizard.getByRole("button", { name: "Get My Offer" }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const [item] = (await res.json()) as { EvalID: string; lead_id: string; stage: string; offer_price: number | null; reason?: string }[];
  expect(item.lead_id).toMatch(/^[0-9a-f-]{36}$/);
  return item;
}

/** The offer as shown (its figure, valid 7 days), then Accept: "3. Offer Accepted". */
async function acceptShownOffer(page: Page, wizard: Locator, item: { offer_price: number | null; stage: string }) {
  expect(item.stage).toBe(TRADE_IN_STAGES.valuation);
  expect(item.offer_price).toBeGreaterThanOrEqual(500);
  await expect(wizard.getByRole("heading", { name: "Your offer" })).toBeVisible();
  await expect(wizard.getByTestId("offer")).toHaveText(money(item.offer_price!));
  await expect(wizard.getByText(`Valid for ${OFFER_VALID_DAYS} days, until`)).toBeVisible();
  const accepted = page.waitForResponse((r) => r.url().endsWith("/api/eval-expert/accept-offer"));
  await wizard.getByRole("button", { name: "Accept Offer" }).click();
  expect((await accepted).status()).toBe(200);
  await expect(wizard.getByRole("heading", { name: "Offer accepted" })).toBeFocused();
  await expect(wizard.getByRole("status")).toHaveText("Thank you. Our buying team will contact you to arrange the sale.");
  await expect(wizard.getByRole("button", { name: "Accept Offer" })).toHaveCount(0);
}

// axe (expectAccessible): the trade-in pages are checked here, in the wizard's states (errors shown,
// not found, the offer), on each site once, rather than on load only by the page sweep of
// accessibility.spec.ts (which leaves them out).

/** What a person sees at that moment (the viewport, scrolled where focus took it). */
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/trade-in-${name}.jpg` });

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test("harbourline, desktop: the menu's Sell My Car → a single match → the offer → accepted", async ({ page }) => {
  const wizard = await openFromMenu(page, "harbourline", "desktop");
  await shot(page, "harbourline-desktop-1-vehicle");
  // Step One's own check before any call.
  await wizard.getByRole("button", { name: "Find My Car" }).click();
  await expect(wizard.getByLabel(/^Registration/)).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  await expectAccessible(page, "harbourline step one with an error");
  await lookUp(wizard, "bx 42 mz", "NSW", "Step Four: Your Details");
  await expect(wizard.getByTestId("found-car")).toContainText("2022 Mazda Mazda3 G20 Evolve");
  await expect(wizard.getByTestId("found-car")).toContainText("Registration: BX42MZ");
  // Harbourline keeps valuations (features.tradeIn.sendValuationToMiscellaneous, spec §7): once
  // update-eval answers, the browser sends that answer on to /api/miscellaneous.
  expect(tenant("harbourline").features.tradeIn?.sendValuationToMiscellaneous).toBe(true);
  const misc = page.waitForRequest((r) => r.url().endsWith("/api/miscellaneous") && r.method() === "POST");
  const item = await sendDetails(page, wizard, "Harriet", "45,000 km");
  // The visitor's answer carries the offer and the reasons from their own answers, never the dealer's workings.
  const reasons = (item as unknown as { adjustments: { label: string }[] }).adjustments.map((a) => a.label);
  for (const label of reasons) expect(label).toMatch(/^(Condition|Full service history|Partial service history|No service history|Keys)\b/);
  expect(JSON.stringify(item)).not.toMatch(/retail|margin|median|comparable|rounded/i);
  // The trade-in lead's analytics event (18, spec leads §9), once.
  expect(await page.evaluate(() => ((window as unknown as { dataLayer?: { id: number }[] }).dataLayer ?? []).filter((e) => e.id === 18).length)).toBe(1);
  const sent = await misc;
  expect(sent.postDataJSON()).toEqual({ ...item, column_name: "valuation" });
  expect((await sent.response())?.status()).toBe(200);
  await shot(page, "harbourline-desktop-2-offer");
  await expectAccessible(page, "harbourline offer");
  await acceptShownOffer(page, wizard, item);
  await shot(page, "harbourline-desktop-3-accepted");
  expected.push({ slug: "harbourline", leadId: item.lead_id, stage: TRADE_IN_STAGES["offer-accepted"], offer: item.offer_price, channels: ["adf", "email"], evalId: item.EvalID, misc: true });
});

test("coralstone-mazda, phone: candidates (choose one) → the required fields → the offer → accepted", async ({ page }) => {
  const wizard = await openFromMenu(page, "coralstone-mazda", "phone");
  // Sites without sendValuationToMiscellaneous never call it.
  const miscCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/miscellaneous")) miscCalls.push(r.url());
  });
  await lookUp(wizard, "310TYA", "QLD", "Step Two: Vehicle Selection");
  const choices = wizard.getByRole("group", { name: "Choose your car" }).getByRole("radio");
  await expect(choices).toHaveCount(3);
  await wizard.getByRole("button", { name: "Continue" }).click();
  await expect(wizard.getByText(CHOOSE_CAR_MESSAGE)).toBeVisible();
  await shot(page, "coralstone-phone-2-candidates");
  await wizard.getByLabel(/Ascent Sport Hybrid/).check();
  await wizard.getByRole("button", { name: "Continue" }).click();
  await expect(wizard.getByRole("heading", { name: "Step Four: Your Details" })).toBeVisible();
  await expect(wizard.getByTestId("found-car")).toContainText("2020 Toyota Corolla Ascent Sport Hybrid");
  // Everything required (spec §5), each with the spec's message; the first is focused.
  await wizard.getByRole("button", { name: "Get My Offer" }).click();
  await expect(wizard.getByText(REQUIRED_MESSAGE, { exact: true })).toHaveCount(REQUIRED_DETAILS.length);
  await expect(wizard.getByLabel(/^First Name/)).toBeFocused();
  await shot(page, "coralstone-phone-4-required");
  await expectAccessible(page, "coralstone details with errors");
  const item = await sendDetails(page, wizard, "Cora", "38000", "Excellent");
  await acceptShownOffer(page, wizard, item);
  expect(miscCalls).toEqual([]);
  expected.push({ slug: "coralstone-mazda", leadId: item.lead_id, stage: TRADE_IN_STAGES["offer-accepted"], offer: item.offer_price, channels: ["adf", "email"] });
});

test("bluegum, desktop: the image step (a JPEG and a HEIC) → the offer → accepted", async ({ page }) => {
  const wizard = await openFromMenu(page, "bluegum", "desktop");
  await lookUp(wizard, "1DMX452", "WA", "Step Three: Upload Images");
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6ea5" } }).jpeg().toBuffer();
  // An iPhone photo's ISO-BMFF boxes (ftyp heic; meta → iprp → ipco → ispe, its size): stored as sent once size-checked.
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + body.length);
    return Buffer.concat([size, Buffer.from(type), body]);
  };
  const u32 = (...ns: number[]) => Buffer.concat(ns.map((n) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255])));
  const heicOf = (width: number, height: number) =>
    Buffer.concat([box("ftyp", Buffer.from("heic"), u32(0), Buffer.from("mif1heic")), box("meta", u32(0), box("iprp", box("ipco", box("ispe", u32(0, width, height))))), box("mdat", Buffer.alloc(64))]);
  const heic = heicOf(4032, 3024);
  const picker = wizard.getByLabel(/^Photos of your car/);
  // A HEIC declaring 200 megapixels is refused by the server: its message at the upload field; removed, the step goes on.
  await picker.setInputFiles([{ name: "HUGE.HEIC", mimeType: "image/heic", buffer: heicOf(20_000, 10_000) }]);
  await wizard.getByRole("button", { name: "Continue" }).click();
  await expect(picker).toHaveAccessibleDescription("HUGE.HEIC: This HEIC image is larger than 100 megapixels. Please upload a smaller photo.");
  await expect(picker).toBeFocused();
  await wizard.getByRole("button", { name: "Remove HUGE.HEIC" }).click();
  await picker.setInputFiles([
    { name: "front.jpg", mimeType: "image/jpeg", buffer: jpeg },
    { name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: heic },
  ]);
  await expect(wizard.getByRole("img", { name: "front.jpg" })).toBeVisible();
  // A HEIC shows its name, not a preview (browsers cannot draw it).
  const heicItem = wizard.getByRole("listitem").filter({ hasText: "IMG_0042.HEIC" });
  await expect(heicItem.getByText("IMG_0042.HEIC", { exact: true }).first()).toBeVisible();
  await expect(heicItem.getByRole("img")).toHaveCount(0);
  await shot(page, "bluegum-desktop-3-images");
  await expectAccessible(page, "bluegum images");
  let uploads = 0;
  page.on("response", (r) => {
    if (r.url().endsWith("/api/eval-expert/image-upload") && r.status() === 200) uploads++;
  });
  await wizard.getByRole("button", { name: "Continue" }).click();
  await expect(wizard.getByRole("heading", { name: "Step Four: Your Details" })).toBeVisible();
  expect(uploads).toBe(2);
  await expect(wizard.getByTestId("found-car")).toContainText("2020 Isuzu UTE D-Max LS-U 4x4");
  const item = await sendDetails(page, wizard, "Banksia", "61,500");
  await acceptShownOffer(page, wizard, item);
  expected.push({ slug: "bluegum", leadId: item.lead_id, stage: TRADE_IN_STAGES["offer-accepted"], offer: item.offer_price, channels: ["email"], images: 2 });
});

test("redgate, phone: not found (phone link, Contact, Back) → a single match → accepted", async ({ page }) => {
  const slug = "redgate";
  const wizard = await openFromMenu(page, slug, "phone");
  await shot(page, "redgate-phone-1-vehicle");
  await lookUp(wizard, "NOPE123", "NSW", "We could not find your vehicle");
  await expect(wizard.getByText(NOT_FOUND_MESSAGE)).toBeVisible();
  const phone = tenant(slug).identity.phone!;
  await expect(wizard.getByRole("link", { name: /^Call / })).toHaveAttribute("href", `tel:${phone.replace(/[^\d+]/g, "")}`);
  const contact = wizard.getByRole("link", { name: "Contact", exact: true });
  const href = (await contact.getAttribute("href"))!;
  expect(href).toBe("/contact");
  expect(await page.evaluate(async (h) => (await fetch(h)).status, href)).toBe(200);
  await shot(page, "redgate-phone-2-not-found");
  await expectAccessible(page, "redgate not found");
  await wizard.getByRole("button", { name: "Back" }).click();
  await expect(wizard.getByRole("heading", { name: "Step One: Vehicle Details" })).toBeFocused();
  // Back resets it (spec §4): the registration empty, the state the site's default again.
  await expect(wizard.getByLabel(/^Registration/)).toHaveValue("");
  await expect(wizard.getByLabel(/^State/)).toHaveValue(tenant(slug).identity.state!);
  await lookUp(wizard, "270IVC", "QLD", "Step Four: Your Details");
  await expect(wizard.getByTestId("found-car")).toContainText("2020 Iveco Daily 50C 3.0");
  await shot(page, "redgate-phone-4-details");
  const item = await sendDetails(page, wizard, "Reg", "88000");
  await shot(page, "redgate-phone-5-offer");
  await acceptShownOffer(page, wizard, item);
  expected.push({ slug, leadId: item.lead_id, stage: TRADE_IN_STAGES["offer-accepted"], offer: item.offer_price, channels: ["email"] });
});

test("wattle-creek, desktop: a 2012 car gets no online figure, the FAQ's reason, and is sent as 2. Registration Lookup", async ({ page }) => {
  const wizard = await openFromMenu(page, "wattle-creek", "desktop");
  await expect(wizard.getByLabel(/^State/)).toHaveValue("VIC");
  // Step One by keyboard alone, with the focus visible on each control.
  const outline = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  await wizard.getByLabel(/^Registration/).focus();
  await page.keyboard.type("912 HLD");
  await page.keyboard.press("Tab");
  await expect(wizard.getByLabel(/^State/)).toBeFocused();
  await page.keyboard.press("q");
  await expect(wizard.getByLabel(/^State/)).toHaveValue("QLD");
  await page.keyboard.press("Tab");
  await expect(wizard.getByRole("button", { name: "Find My Caravan" })).toBeFocused();
  expect(await outline()).not.toBe("none");
  await shot(page, "wattle-creek-desktop-1-keyboard");
  await page.keyboard.press("Enter");
  await expect(wizard.getByRole("heading", { name: "Step Four: Your Details" })).toBeFocused();
  const item = await sendDetails(page, wizard, "Wally", "150000");
  expect(item.offer_price).toBeNull();
  expect(item.stage).toBe(TRADE_IN_STAGES["registration-lookup"]);
  await expect(wizard.getByRole("heading", { name: "Our buying team will value your car" })).toBeFocused();
  await expect(wizard.getByText(noOnlineEstimateReason(10))).toBeVisible();
  await expect(wizard.getByRole("status")).toHaveText("Thank you. We have your details.");
  await expect(wizard.getByRole("button", { name: "Accept Offer" })).toHaveCount(0);
  // The FAQ says the same for this site's variant (10 years).
  const [rule] = tradeInFaq({ maxAgeYears: 10 });
  await page.getByText(rule.question).click();
  await expect(page.getByText(rule.answer)).toBeVisible();
  await shot(page, "wattle-creek-desktop-5-no-figure");
  await expectAccessible(page, "wattle-creek no online figure, FAQ open");
  expected.push({ slug: "wattle-creek", leadId: item.lead_id, stage: TRADE_IN_STAGES["registration-lookup"], offer: null, channels: ["email"] });
});

test("wattle-creek, phone: a car's Trade-In Valuation → /cars/trade-in?car_id= names that car in the lead", async ({ page }) => {
  const slug = "wattle-creek";
  await page.setViewportSize(viewports.phone);
  await page.goto(siteUrl(slug, "/search"));
  await page.locator('main a[href^="/cars/"]').first().click();
  await page.waitForURL(/\/cars\/[a-z0-9-]+$/);
  const link = page.getByRole("link", { name: /^Trade-In Valuation/ }).filter({ visible: true }).first();
  const carId = new URL((await link.getAttribute("href"))!, siteUrl(slug)).searchParams.get("car_id")!;
  expect(carId).toBeTruthy();
  await link.click();
  await page.waitForURL((u) => u.pathname === "/cars/trade-in" && u.searchParams.get("car_id") === carId);
  const wizard = page.locator('[data-block="trade-in-wizard"]');
  await reactHydrated(wizard.getByRole("button", { name: "Find My Caravan" }));
  await lookUp(wizard, "1JY5CR", "VIC", "Step Four: Your Details");
  // A caravan (issue 29): no odometer and no number of keys asked; finance on this caravan.
  await expect(wizard.getByTestId("found-car")).toContainText("2020 Jayco Journey");
  await expect(wizard.getByLabel(/^Odometer/)).toHaveCount(0);
  await expect(wizard.getByLabel(/^Number of Keys/)).toHaveCount(0);
  await expect(wizard.getByRole("group", { name: "Do you have finance on this caravan?" })).toBeVisible();
  const item = await sendDetails(page, wizard, "Vanessa", null);
  await shot(page, "wattle-creek-phone-offer");
  await acceptShownOffer(page, wizard, item);
  expected.push({ slug, leadId: item.lead_id, stage: TRADE_IN_STAGES["offer-accepted"], offer: item.offer_price, channels: ["email"], carId, caravan: true });
});

test("the trade-in paths: aliases served with the page's canonical; none on Kōwhai (trade-in off)", async ({ page }) => {
  const paths = ["/trade-in", "/sell-my-car", "/cars/trade-in?car_id=1"];
  // From a page of each site, its own paths fetched at once (Node here does not resolve *.localhost).
  const answers = (origin: string) =>
    page.goto(siteUrl(origin, "/about-us")).then(() =>
      page.evaluate(
        (list) =>
          Promise.all(
            list.map(async (path) => {
              const res = await fetch(path);
              const doc = new DOMParser().parseFromString(await res.text(), "text/html");
              return { path, status: res.status, canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null, wizard: !!doc.querySelector('[data-block="trade-in-wizard"]') };
            }),
          ),
        paths,
      ),
    );
  for (const a of await answers("harbourline")) expect(a, a.path).toEqual({ path: a.path, status: 200, canonical: "https://www.harbourlinemotors.com.au/trade-in", wizard: true });
  for (const a of await answers("kowhai-motors")) expect({ path: a.path, status: a.status, wizard: a.wizard }).toEqual({ path: a.path, status: 404, wizard: false });
  for (const a of await answers("bluegum")) expect(a, a.path).toEqual({ path: a.path, status: 200, canonical: "https://www.bluegumpreowned.com.au/sell-my-car", wizard: true });
});

test("the stored leads: their stages, offers, car and outbox rows", async () => {
  expect(expected.map((e) => e.slug)).toEqual(["harbourline", "coralstone-mazda", "bluegum", "redgate", "wattle-creek", "wattle-creek"]);
  // The running server holds the e2e database (PGlite in .data-e2e): a copy of its folder is read.
  const src = join(".data-e2e", "pglite");
  expect(existsSync(src)).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), "trade-in-e2e-db-"));
  cpSync(src, dir, { recursive: true, filter: (p) => !p.endsWith("forecourt.lock") });
  const h = await openDb({ url: "", dir });
  try {
    const ids = expected.map((e) => e.leadId);
    const rows = await h.db.select().from(leads).where(inArray(leads.id, ids));
    const evaluations = await h.db.select().from(tradeInEvaluations).where(inArray(tradeInEvaluations.leadId, ids));
    for (const e of expected) {
      const row = rows.find((r) => r.id === e.leadId)!;
      expect(row.tenant).toBe(e.slug);
      const lead = row.payload as { form: string; category: string; subcategory: string; car_id?: string; fields: Record<string, unknown> };
      expect(lead).toMatchObject({ form: "trade-in", category: TRADE_IN_CATEGORY, subcategory: e.stage });
      expect(lead.fields.offer_price ?? null).toBe(e.offer);
      if (e.offer === null) expect(lead.fields.message).toBe(noOnlineEstimateReason(10));
      expect(lead.fields.sms_content).toContain(`Trade-in (${e.stage})`);
      expect(lead.car_id).toBe(e.carId);
      // A caravan's lead carries no odometer or keys; every other vehicle's does.
      for (const f of ["odometer", "number_of_keys"]) expect(f in lead.fields).toBe(!e.caravan);
      const evaluation = evaluations.find((x) => x.leadId === e.leadId)!;
      expect(evaluation.stage).toBe(e.stage === TRADE_IN_STAGES["offer-accepted"] ? "offer-accepted" : "registration-lookup");
      expect(evaluation.images).toHaveLength(e.images ?? 0);
      // The valuation /api/miscellaneous kept (Harbourline only): update-eval's answer, with this evaluation's id.
      const kept = (evaluation.answer as { miscellaneous?: Record<string, unknown> }).miscellaneous;
      if (e.misc) {
        expect(evaluation.id).toBe(e.evalId);
        expect(kept).toMatchObject({ EvalID: e.evalId, lead_id: e.leadId, offer_price: e.offer, stage: TRADE_IN_STAGES.valuation });
        expect(kept).not.toHaveProperty("column_name");
      } else expect(kept, e.slug).toBeUndefined();
      const deliveries = await recentDeliveries(h.db, { leadId: e.leadId });
      expect(deliveries.map((d) => d.channel).sort(), e.slug).toEqual(e.channels);
      const email = deliveries.find((d) => d.channel === "email")!;
      expect(email.target).toMatch(/@/);
      expect(email.body).toContain(e.stage);
      if (e.offer !== null) expect(email.body).toContain(money(e.offer));
      // The wizard asks no marketing consent: none recorded, none claimed.
      expect(lead.fields).not.toHaveProperty("opt_in");
      expect(email.body).toContain("Opt-in to marketing: Not asked");
      // Both cars: the one being bought (from /cars/trade-in?car_id=) and the one traded in.
      expect(email.body).toMatch(/^Trade-in vehicle: \d{4} .+\(VIN [A-Z0-9]+\)$/m);
      if (e.carId) expect(email.body).toMatch(/^Vehicle: \d{4} .+\(stock .+\)$/m);
      else expect(email.body).not.toMatch(/^Vehicle: /m);
      const adf = deliveries.find((d) => d.channel === "adf");
      if (adf) {
        expect(adf.body).toContain('interest="trade-in"');
        expect(adf.body).toContain(money(e.offer!));
      }
    }
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
