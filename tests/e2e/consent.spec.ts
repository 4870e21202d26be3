/**
 * Issue 35's consent banner and standard analytics in Chromium, on coralstone-mazda (a GA4 id and a
 * pixel id in its document). Every request to Google's or Meta's hosts is answered here, never by the
 * internet: gtag.js and fbevents.js, which Partytown's worker asks the site's /api/tags/script for, are
 * small stand-ins that send each event their tag was given (the gtag('event', …) commands in the worker's
 * data layer, fbq's queue) to the collect addresses the real tags use, so the test reads what would leave
 * the page. /api/leads is answered here too (after checking the lead's
 * shape): this spec stays read-only and runs with the other "pages" specs.
 */
import { expect, test, type Page } from "@playwright/test";
import { reactHydrated, siteUrl } from "./helpers";

const SLUG = "coralstone-mazda";
const GA4 = "G-CSMAZDA2026";
const PIXEL = "880012345678901";
const THIRD_PARTY = /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com|doubleclick\.net)$/;

/** Where a stand-in runs: Partytown's worker, or the page (which would be a regression). */
const THREAD = `var THREAD=typeof DedicatedWorkerGlobalScope==="function"?"worker":"page";`;
const GTAG_STUB = `(function(){${THREAD}var dl=window.fcLayer;
function send(a){if(Object.prototype.toString.call(a)==="[object Arguments]"&&a[0]==="consent"&&a[1]==="update"&&a[2].analytics_storage==="denied")document.cookie="_ga=GA1.1.late; path=/";
if(Object.prototype.toString.call(a)==="[object Arguments]"&&a[0]==="consent")navigator.sendBeacon("https://www.google-analytics.com/g/consent?type="+a[1],JSON.stringify(a[2]));
if(Object.prototype.toString.call(a)==="[object Arguments]"&&a[0]==="event")navigator.sendBeacon("https://www.google-analytics.com/g/collect?tid=${GA4}&thread="+THREAD+"&en="+encodeURIComponent(a[1]),JSON.stringify(a[2]||{}));}
for(var i=0;i<dl.length;i++)send(dl[i]);var push=dl.push;dl.push=function(){for(var j=0;j<arguments.length;j++)send(arguments[j]);return push.apply(dl,arguments);};})();`;
const FBEVENTS_STUB = `(function(){${THREAD}var f=window.fbq;
function send(a){if(a[0]==="consent")navigator.sendBeacon("https://www.facebook.com/consent?state="+a[1],"");
if(a[0]==="track")navigator.sendBeacon("https://www.facebook.com/tr?id=${PIXEL}&thread="+THREAD+"&ev="+encodeURIComponent(a[1])+(a[3]&&a[3].eventID?"&eid="+encodeURIComponent(a[3].eventID):""),JSON.stringify(a[2]||{}));}
f.callMethod=function(){send(arguments);};for(var i=0;i<f.queue.length;i++)send(f.queue[i]);f.queue.length=0;})();`;

interface Sent {
  url: string;
  name: string;
  params: Record<string, unknown>;
}

/** The tag script a request to the site's /api/tags/script is for, or null. */
const tagScriptOf = (url: URL) => (url.pathname === "/api/tags/script" ? new URL(url.searchParams.get("url") ?? "about:blank") : null);

/** Answers every third-party request; returns what was asked for (scripts) and sent (events). */
async function thirdParties(page: Page) {
  const requested: string[] = [];
  const ga4: Sent[] = [];
  const meta: Sent[] = [];
  /** The consent commands the tags themselves received (in the worker), as [tag, …]. */
  const consent: unknown[][] = [];
  await page.route(
    (url) => tagScriptOf(url) !== null,
    async (route) => {
      const script = tagScriptOf(new URL(route.request().url()))!;
      requested.push(script.href);
      if (script.hostname === "www.googletagmanager.com" && script.pathname === "/gtag/js") return route.fulfill({ contentType: "text/javascript", body: GTAG_STUB });
      if (script.hostname === "connect.facebook.net" && script.pathname === "/en_US/fbevents.js") return route.fulfill({ contentType: "text/javascript", body: FBEVENTS_STUB });
      return route.fulfill({ status: 400, contentType: "application/json", body: "{}" });
    },
  );
  await page.route(
    (url) => THIRD_PARTY.test(url.hostname),
    async (route) => {
      const req = route.request();
      const url = new URL(req.url());
      requested.push(req.url());
      if (url.pathname === "/g/consent") consent.push(["ga4", url.searchParams.get("type"), JSON.parse(req.postData() ?? "null")]);
      else if (url.hostname === "www.facebook.com" && url.pathname === "/consent") consent.push(["meta", url.searchParams.get("state")]);
      else if (url.pathname === "/g/collect") ga4.push({ url: req.url(), name: url.searchParams.get("en")!, params: JSON.parse(req.postData() ?? "{}") });
      else if (url.pathname === "/tr") meta.push({ url: req.url(), name: url.searchParams.get("ev")!, params: JSON.parse(req.postData() ?? "{}") });
      return route.fulfill({ status: 204, body: "" });
    },
  );
  return { requested, ga4, meta, consent };
}

const consentCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === "fc_consent");
const banner = (page: Page) => page.getByRole("region", { name: "Cookies" });
/** The ASC events in the page's dataLayer (gtag's Arguments entries). */
const ascInDataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((e) => Object.prototype.toString.call(e) === "[object Arguments]")
      .map((e) => Array.from(e as ArrayLike<unknown>))
      .filter((e) => e[0] === "event" && String(e[1]).startsWith("asc_")),
  );

test.beforeEach(async ({ page }) => {
  // The site's promotional popup (another block) stays out of the way.
  await page.addInitScript((slug) => localStorage.setItem(`forecourt:popup-dismissed:${slug}`, "1"), SLUG);
});

test("nothing reaches Google or Meta before a choice; Reject all loads nothing; the footer's Cookie settings reopens the banner and Accept all loads both tags", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const third = await thirdParties(page);
  await page.goto(siteUrl(SLUG, "/search"));
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText("analytics cookies (Google Analytics)");
  await reactHydrated(banner(page).getByRole("button", { name: "Accept all" }));
  await page.waitForTimeout(1500);
  expect(third.requested).toEqual([]);
  // The site's own statistic (event 49) is in the dataLayer; no ASC event is, nor is Meta's queue set up.
  expect(await page.evaluate(() => (window as unknown as { dataLayer: { id?: number }[] }).dataLayer.map((e) => e.id))).toEqual([49]);
  expect(await ascInDataLayer(page)).toEqual([]);
  expect(await page.evaluate(() => "fbq" in window)).toBe(false);
  await page.screenshot({ path: "test-results/consent-banner-390.png" });

  await banner(page).getByRole("button", { name: "Reject all" }).click();
  await expect(banner(page)).toBeHidden();
  expect((await consentCookie(page))?.value).toMatch(/^v1\.a0\.d0\.\d+$/);
  await page.reload();
  await expect(page.locator("html")).not.toHaveAttribute("data-fc-consent", "ask");
  await expect(banner(page)).toBeHidden();
  const settings = page.getByRole("button", { name: "Cookie settings" });
  await reactHydrated(settings);
  await page.waitForTimeout(1000);
  expect(third.requested).toEqual([]);
  expect(await ascInDataLayer(page)).toEqual([]);

  await settings.focus();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeFocused();
  // By keyboard: Reject all, Accept all, Choose; the choices it opens come next.
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Reject all" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Choose" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page).getByRole("button", { name: "Choose" })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("checkbox", { name: /^Analytics/ })).toBeFocused();
  await expect(banner(page).getByRole("checkbox", { name: /^Analytics/ })).not.toBeChecked();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Save choices" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();
  expect((await consentCookie(page))?.value).toMatch(/^v1\.a1\.d0\.\d+$/);
  await expect.poll(() => third.requested.filter((u) => !u.includes("/g/"))).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA4}&l=fcLayer`]);
  // Analytics only: a moment later still no Meta script.
  await page.waitForTimeout(1000);
  expect(third.requested.filter((u) => !u.includes("/g/"))).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA4}&l=fcLayer`]);

  await settings.click();
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  expect((await consentCookie(page))?.value).toMatch(/^v1\.a1\.d1\.\d+$/);
  await expect.poll(() => third.requested.some((u) => u === "https://connect.facebook.net/en_US/fbevents.js")).toBe(true);
  // Consent Mode: denied by default, then the visitor's choice.
  const consent = await page.evaluate(() =>
    (window as unknown as { dataLayer: unknown[] }).dataLayer
      .filter((e) => Object.prototype.toString.call(e) === "[object Arguments]")
      .map((e) => Array.from(e as ArrayLike<unknown>))
      .filter((e) => e[0] === "consent"),
  );
  const DENIED = { analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
  const ANALYTICS_ONLY = { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" };
  const GRANTED = { analytics_storage: "granted", ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };
  expect(consent).toEqual([
    ["consent", "default", DENIED],
    ["consent", "update", ANALYTICS_ONLY],
    ["consent", "update", GRANTED],
  ]);
  // The tags themselves, in the worker, got the same states.
  await expect.poll(() => third.consent).toEqual([
    ["ga4", "default", DENIED],
    ["ga4", "update", ANALYTICS_ONLY],
    ["ga4", "update", GRANTED],
  ]);

  // Withdrawn: the running tags hear it (Consent Mode's update, fbq's revoke), in the worker.
  await settings.click();
  await banner(page).getByRole("button", { name: "Reject all" }).click();
  expect((await consentCookie(page))?.value).toMatch(/^v1\.a0\.d0\.\d+$/);
  await expect.poll(() => third.consent.slice(3)).toEqual([
    ["ga4", "update", DENIED],
    ["meta", "revoke"],
  ]);
  // The stand-in gtag set a _ga cookie as it took the denial (a hit in flight would): the page clears it once the worker has it.
  await expect.poll(async () => (await page.context().cookies()).filter((c) => /^(_ga|_fbp)/.test(c.name)).map((c) => c.name)).toEqual([]);
});

test("after Accept all: the ASC and Meta events of a search, a car view, a call click and a lead, with the car's fields", async ({ page }) => {
  const third = await thirdParties(page);
  const leads: Record<string, unknown>[] = [];
  await page.route("**/api/leads", async (route) => {
    const req = route.request();
    leads.push(JSON.parse(req.postData() ?? "{}"));
    expect(req.headers()["idempotency-key"]).toBeTruthy();
    return route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ lead_id: "e2e-consent-lead" }) });
  });

  await page.goto(siteUrl(SLUG, "/search?query=mazda"));
  await reactHydrated(banner(page).getByRole("button", { name: "Accept all" }));
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  // The search's events, kept on the page until the choice, are sent once the tags are there.
  // The page view and the search (event 49) come from two parts of the page, in either order.
  await expect.poll(() => third.ga4.map((e) => e.name).sort()).toEqual(["asc_itemlist_pageview", "asc_pageview"]);
  expect(third.ga4.find((e) => e.name === "asc_itemlist_pageview")!.params).toEqual({ event_owner: "forecourt", page_type: "itemlist", search_term: "mazda" });
  expect(third.ga4.find((e) => e.name === "asc_pageview")!.params).toEqual({ event_owner: "forecourt", page_type: "itemlist" });
  await expect.poll(() => third.meta.map((e) => e.name).sort()).toEqual(["PageView", "Search"]);
  expect(third.meta.find((e) => e.name === "Search")!.params).toEqual({ content_type: "vehicle", search_string: "mazda", currency: "AUD", country: "Australia" });
  expect((await ascInDataLayer(page)).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
    ["event", "asc_itemlist_pageview", { event_owner: "forecourt", page_type: "itemlist", search_term: "mazda" }],
    ["event", "asc_pageview", { event_owner: "forecourt", page_type: "itemlist" }],
  ]);

  const href = (await page.getByRole("link", { name: /^Explore Vehicle/ }).first().getAttribute("href"))!;
  third.ga4.length = 0;
  third.meta.length = 0;
  await page.goto(siteUrl(SLUG, href));
  // The car as the page tells search engines (its JSON-LD), to check the item parameters against.
  const car = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
    brand: { name: string };
    model: string;
    vehicleModelDate: string;
    vehicleIdentificationNumber?: string;
    itemCondition: string;
    offers: { price?: number };
  };
  await expect.poll(() => third.ga4.map((e) => e.name)).toEqual(["asc_pageview", "asc_item_pageview"]);
  const item = third.ga4[1]!.params;
  expect(item).toMatchObject({
    event_owner: "forecourt",
    page_type: "item",
    item_make: car.brand.name,
    item_model: car.model,
    item_year: Number(car.vehicleModelDate),
    item_condition: car.itemCondition.endsWith("NewCondition") ? "new" : expect.stringMatching(/^(used|cpo)$/),
    item_type: "car",
    item_number: expect.any(String),
    item_price: car.offers.price ?? 0,
  });
  if (car.vehicleIdentificationNumber) expect(item.item_id).toBe(car.vehicleIdentificationNumber);
  await expect.poll(() => third.meta.map((e) => e.name)).toEqual(["PageView", "ViewContent"]);
  expect(third.meta[1]!.params).toMatchObject({ content_type: "vehicle", make: car.brand.name, model: car.model, year: Number(car.vehicleModelDate), currency: "AUD" });
  const itemFields = Object.fromEntries(Object.entries(item).filter(([k]) => k.startsWith("item_")));

  // A call click: the phone box's number, shown, then clicked (the tel: link goes nowhere here).
  const reveal = page.getByRole("button", { name: "Show number" });
  const boxId = await reveal.evaluate((b) => b.closest("section")!.getAttribute("aria-labelledby"));
  await reactHydrated(reveal);
  await reveal.click();
  const call = page.locator(`section[aria-labelledby="${boxId}"] a[href^="tel:"]`);
  const tel = (await call.getAttribute("href"))!;
  await call.evaluate((a) => a.addEventListener("click", (e) => e.preventDefault()));
  await call.click();
  await expect.poll(() => third.ga4.find((e) => e.name === "asc_click_to_call")?.params).toEqual({
    event_owner: "forecourt",
    page_type: "item",
    ...itemFields,
    comm_type: "call",
    comm_phone_number: tel.replace(/^tel:/, ""),
    department: "sales",
  });
  // The reveal before it was a CTA interaction, not a call.
  expect(third.ga4.filter((e) => e.name === "asc_click_to_call")).toHaveLength(1);
  expect(third.ga4.find((e) => e.name === "asc_cta_interaction")?.params).toMatchObject({ element_text: "Show number", event_action_result: "reveal" });

  // A lead: the vehicle enquiry, sent (to this test's /api/leads), then the success page.
  const summary = page.locator('[data-block="vehicle-summary"]');
  await reactHydrated(summary.locator('form[data-form="vehicle-enquiry"]'));
  await summary.getByRole("button", { name: /^Enquire Now/ }).click();
  const dialog = page.getByRole("dialog", { name: "Enquire Now" });
  await dialog.getByLabel("First Name", { exact: true }).fill("Ada");
  await dialog.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await dialog.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await dialog.getByLabel("Phone Number", { exact: true }).fill("0400 123 456");
  await dialog.getByRole("checkbox", { name: "I agree to the Terms of Use" }).check();
  await dialog.getByRole("button", { name: "Enquire Now" }).click();
  await page.waitForURL(siteUrl(SLUG, "/success"));
  expect(leads).toEqual([expect.objectContaining({ form: "vehicle-enquiry" })]);
  await expect.poll(() => third.ga4.find((e) => e.name === "asc_form_submission")?.params).toEqual({
    event_owner: "forecourt",
    page_type: "item",
    ...itemFields,
    comm_type: "form",
    form_name: "vehicle-enquiry",
    form_type: "consumer_contact",
    department: "sales",
    // The lead's id from the answer, as its server-side events name it (domain/lead-event.ts).
    event_id: "lead.e2e-consent-lead",
  });
  await expect.poll(() => third.meta.find((e) => e.name === "Lead")?.params).toMatchObject({ content_type: "vehicle", content_category: "sales", make: car.brand.name, model: car.model });
  expect(third.meta.find((e) => e.name === "Lead")!.url).toContain("&eid=lead.e2e-consent-lead");
  // Every event went to the site's own GA4 property and pixel, from the tags in Partytown's worker, not the page's main thread.
  expect(third.ga4.every((e) => e.url.includes(`tid=${GA4}`)) && third.meta.every((e) => e.url.includes(`id=${PIXEL}`))).toBe(true);
  expect([...new Set([...third.ga4, ...third.meta].map((e) => new URL(e.url).searchParams.get("thread")))]).toEqual(["worker"]);
});

test("Accept all works before the page's scripts arrive (the layout's inline script), and the tags load once they do", async ({ page }) => {
  const third = await thirdParties(page);
  let scripts = false;
  await page.route("**/_next/static/**/*.js", (route) => (scripts ? route.continue() : route.abort()));
  await page.goto(siteUrl(SLUG, "/about-us"));
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(banner(page)).toBeHidden();
  expect((await consentCookie(page))?.value).toMatch(/^v1\.a1\.d1\.\d+$/);
  expect(third.requested).toEqual([]);
  scripts = true;
  await page.reload();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => third.requested.filter((u) => u.includes("/gtag/js") || u.includes("/fbevents.js")).sort()).toEqual(["https://connect.facebook.net/en_US/fbevents.js", `https://www.googletagmanager.com/gtag/js?id=${GA4}&l=fcLayer`]);
});

test("a lead sent before the tags have loaded: the success page sends its events, with the lead's event id, once they load", async ({ page }) => {
  const third = await thirdParties(page);
  // Google's and Meta's scripts do not arrive on the car's page (registered last, this route is asked
  // first); from the lead on (the success page) they do.
  let hold = true;
  const held: string[] = [];
  await page.route(
    (url) => ["/gtag/js", "/en_US/fbevents.js"].includes(tagScriptOf(url)?.pathname ?? ""),
    (route) => {
      if (!hold) return route.fallback();
      held.push(route.request().url());
      // The site's proxy failing (an abort would make Partytown try the script on the main thread instead).
      return route.fulfill({ status: 502, contentType: "application/json", body: "{}" });
    },
  );
  await page.route("**/api/leads", (route) => {
    hold = false;
    return route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ lead_id: "e2e-early-lead" }) });
  });
  await page.goto(siteUrl(SLUG, "/search"));
  const href = (await page.getByRole("link", { name: /^Explore Vehicle/ }).first().getAttribute("href"))!;
  await page.goto(siteUrl(SLUG, href));
  await reactHydrated(banner(page).getByRole("button", { name: "Accept all" }));
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  const summary = page.locator('[data-block="vehicle-summary"]');
  await reactHydrated(summary.locator('form[data-form="vehicle-enquiry"]'));
  await summary.getByRole("button", { name: /^Enquire Now/ }).click();
  const dialog = page.getByRole("dialog", { name: "Enquire Now" });
  await dialog.getByLabel("First Name", { exact: true }).fill("Ada");
  await dialog.getByLabel("Last Name", { exact: true }).fill("Lovelace");
  await dialog.getByLabel("Email Address", { exact: true }).fill("ada@example.com");
  await dialog.getByLabel("Phone Number", { exact: true }).fill("0400 123 456");
  await dialog.getByRole("checkbox", { name: "I agree to the Terms of Use" }).check();
  await expect.poll(() => held.length).toBe(2);
  await dialog.getByRole("button", { name: "Enquire Now" }).click();
  await page.waitForURL(siteUrl(SLUG, "/success"));
  // The success page: the kept lead (worked out on the car's page) goes with its own events once the tags load.
  await expect.poll(() => third.ga4.filter((e) => e.name === "asc_form_submission").map((e) => [e.params.page_type, e.params.event_id])).toEqual([["item", "lead.e2e-early-lead"]]);
  await expect.poll(() => third.meta.filter((e) => e.name === "Lead").map((e) => new URL(e.url).searchParams.get("eid"))).toEqual(["lead.e2e-early-lead"]);
  // Dropped once each tag says "loaded" (from the worker, just after its script ran and sent the events).
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("fc_lead_events"))).toBeNull();
  // Sent once: the next page has nothing left to send.
  await page.goto(siteUrl(SLUG, "/about-us"));
  await expect.poll(() => third.ga4.some((e) => e.name === "asc_pageview" && e.params.page_type === "other")).toBe(true);
  expect(third.ga4.filter((e) => e.name === "asc_form_submission")).toHaveLength(1);
});

test("the favourites heart, on a search card and on the car page: nothing leaves before a choice; after Accept all, AddToWishlist and asc_cta_interaction with that car, once per save", async ({ page }) => {
  const third = await thirdParties(page);
  const stored = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as { id: string; make: string; model: string }[], `forecourt:${SLUG}:favourites`);
  const ownSaves = () => page.evaluate(() => (window as unknown as { dataLayer: { id?: number; label?: string }[] }).dataLayer.filter((e) => e.id === 39).map((e) => e.label));
  const cta = { element_text: "Favourite", element_type: "body", element_subtype: "cta_button", event_action: "click", event_action_result: "save" };

  await page.goto(siteUrl(SLUG, "/search"));
  const card = page.locator("article.fc-card").filter({ has: page.locator('button[data-list="favourites"]') }).first();
  const heart = card.locator('button[data-list="favourites"]');
  await reactHydrated(heart);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  const [saved] = await stored();
  // The card's car id, as its heading's id names it (`<block>-<id>-title`).
  expect((await card.getAttribute("aria-labelledby"))!.endsWith(`-${saved!.id}-title`)).toBe(true);
  // Before a choice: the site's own statistic (event 39, labelled favourite) only; nothing for Google or Meta.
  expect(await ownSaves()).toEqual(["favourite"]);
  await page.waitForTimeout(1000);
  expect(third.requested).toEqual([]);
  expect(await ascInDataLayer(page)).toEqual([]);
  expect(await page.evaluate(() => "fbq" in window)).toBe(false);

  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect.poll(() => third.meta.map((e) => e.name).sort()).toEqual(["AddToWishlist", "PageView", "Search"]);
  const wish = third.meta.find((e) => e.name === "AddToWishlist")!.params;
  expect(wish).toMatchObject({ content_type: "vehicle", content_ids: [saved!.id], make: saved!.make, model: saved!.model, year: expect.any(Number), price: expect.any(Number), currency: "AUD", country: "Australia" });
  await expect.poll(() => third.ga4.filter((e) => e.name === "asc_cta_interaction").map((e) => e.params)).toEqual([
    expect.objectContaining({ event_owner: "forecourt", page_type: "itemlist", item_make: saved!.make, item_model: saved!.model, item_year: wish.year, item_price: wish.price, ...cta }),
  ]);
  // A hit has no VIN or stock number: the card's event has neither.
  expect(third.ga4.find((e) => e.name === "asc_cta_interaction")!.params).not.toHaveProperty("item_number");

  // Removing it sends nothing; saving it again sends one more of each.
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await page.waitForTimeout(500);
  expect(third.meta.filter((e) => e.name === "AddToWishlist")).toHaveLength(1);
  expect(await ownSaves()).toEqual(["favourite"]);
  await heart.click();
  await expect.poll(() => third.meta.filter((e) => e.name === "AddToWishlist").length).toBe(2);
  await expect.poll(() => third.ga4.filter((e) => e.name === "asc_cta_interaction").length).toBe(2);
  await page.waitForTimeout(500);
  expect(third.meta.filter((e) => e.name === "AddToWishlist")).toHaveLength(2);
  expect(await ownSaves()).toEqual(["favourite", "favourite"]);

  // The car page of another car: its heart sends that car with every field the page has (the VIN and stock number too).
  const other = page.locator("article.fc-card").filter({ has: page.locator('button[data-list="favourites"][aria-pressed="false"]') }).first();
  const href = (await other.getByRole("link", { name: /^Explore Vehicle/ }).getAttribute("href"))!;
  third.ga4.length = 0;
  third.meta.length = 0;
  await page.goto(siteUrl(SLUG, href));
  await expect.poll(() => third.ga4.map((e) => e.name)).toEqual(["asc_pageview", "asc_item_pageview"]);
  const itemFields = Object.fromEntries(Object.entries(third.ga4[1]!.params).filter(([k]) => k.startsWith("item_")));
  expect(itemFields).toHaveProperty("item_number");
  await expect.poll(() => third.meta.map((e) => e.name)).toEqual(["PageView", "ViewContent"]);
  const view = third.meta[1]!.params;
  const pageHeart = page.locator('[data-block="vehicle-summary"] button[data-list="favourites"]');
  await reactHydrated(pageHeart);
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute("aria-pressed", "true");
  const carId = (await stored()).at(-1)!.id;
  expect(carId).not.toBe(saved!.id);
  await expect.poll(() => third.meta.filter((e) => e.name === "AddToWishlist").map((e) => e.params)).toEqual([{ ...view, content_ids: [carId] }]);
  expect(view.content_ids).toEqual([carId]);
  await expect.poll(() => third.ga4.filter((e) => e.name === "asc_cta_interaction").map((e) => e.params)).toEqual([{ event_owner: "forecourt", page_type: "item", ...itemFields, ...cta }]);
  await pageHeart.click();
  await expect(pageHeart).toHaveAttribute("aria-pressed", "false");
  await page.waitForTimeout(500);
  expect(third.meta.filter((e) => e.name === "AddToWishlist")).toHaveLength(1);
  expect(third.ga4.filter((e) => e.name === "asc_cta_interaction")).toHaveLength(1);
  expect(third.ga4.every((e) => e.url.includes(`tid=${GA4}`)) && third.meta.every((e) => e.url.includes(`id=${PIXEL}`))).toBe(true);
});
