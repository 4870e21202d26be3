import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, comingSoonVehicle, electricVehicle, FIXTURE_NOW, fixtureVehicle, reservedVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { callNumber, carLocation, locationHref, similarHref } from "../../domain/vehicle-links";
import { amortisedRepayment } from "../../domain/finance";
import type { PriceComparison } from "../../domain/price-comparison";
import VehicleSummary, { similarMessage } from "./vehicle-summary";

/** What the price comparison answers for the page (server I/O, tested in server/price-comparison). */
const comparison = vi.hoisted(() => ({ current: null as PriceComparison | null, asked: 0 }));
vi.mock("../../server/price-comparison/for-page", () => ({
  priceComparisonForPage: async () => {
    comparison.asked++;
    return comparison.current;
  },
}));

const props: BlockProps<"vehicle-summary"> = { belowMarketBadge: true, belowMarketText: "Below market average", showIdentifiers: true, financeCard: true, callButton: true, enquireButton: true, testDriveButton: true, requestPhotosButton: true };
const PATH = "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001";

/** The fixture site with its finance provider (the fixture car's lender) and reserve online switched on. */
function site(change?: (t: TenantDocument) => void): TenantDocument {
  const t = structuredClone(fixtureTenant);
  t.finance.provider = "Harbourside Finance";
  t.features.reserveOnline.enabled = true;
  change?.(t);
  return t;
}

async function render(car: StoredVehicle | null, tenant = site(), p: Partial<BlockProps<"vehicle-summary">> = {}) {
  const el = (await VehicleSummary({ id: "summary", props: { ...props, ...p }, ctx: fixtureCtx(PATH, tenant, car) })) as ReactElement | null;
  return el ? renderToString(el).replace(/<!-- -->/g, "") : null;
}
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");
/** [text, href] of every link. */
const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, inner]) => [text(inner), href.replace(/&amp;/g, "&")]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(FIXTURE_NOW);
});
afterEach(() => vi.useRealTimers());

describe("vehicle summary: an available car", () => {
  it("has the favourite and compare toggles where the site has them and the car is eligible (spec §5), none on a sold car", async () => {
    const toggles = (html: string) => [...html.matchAll(/<button type="button" class="fc-round-toggle" aria-pressed="false" data-list="(\w+)"/g)].map((m) => m[1]);
    expect(toggles((await render(fixtureVehicle()))!)).toEqual(["favourites", "compare"]);
    expect(text((await render(fixtureVehicle()))!)).toContain("Favourite 2021 Toyota Corolla Ascent Sport ZWE211R");
    expect(toggles((await render(fixtureVehicle(), site((t) => (t.features.compare = false))))!)).toEqual(["favourites"]);
    expect(toggles((await render(soldVehicle()))!)).toEqual([]);
  });

  it("shows the heading (year make model, then badge and series) and the price with its price type beside it", async () => {
    const html = (await render(fixtureVehicle()))!;
    expect(html).toMatch(/<h2 class="[^"]*" id="summary-title">2021 Toyota Corolla<span class="[^"]*"> Ascent Sport ZWE211R<\/span><\/h2>/);
    expect(html).toMatch(/<section class="[^"]*" aria-labelledby="summary-title" data-block="vehicle-summary" data-status="in_stock">/);
    expect(html).toMatch(/<p class="[^"]*" data-kind="price"><span class="[^"]*">\$27,990<\/span><span class="[^"]*"> Drive Away<\/span><\/p>/);
  });

  it("shows the below-market badge only when the price is more than 499 under the market average", async () => {
    expect(text((await render(fixtureVehicle()))!)).toContain("Below market average");
    expect(text((await render(fixtureVehicle({ autograb_data: { average_market_price: 27990 + 499 } })))!)).not.toContain("Below market average");
    expect(text((await render(fixtureVehicle({ autograb_data: { average_market_price: 27990 + 500 } })))!)).toContain("Below market average");
    expect(text((await render(fixtureVehicle({ autograb_data: undefined })))!)).not.toContain("Below market average");
    expect(text((await render(fixtureVehicle(), site(), { belowMarketText: "Great price" }))!)).toContain("Great price");
    expect(text((await render(fixtureVehicle(), site(), { belowMarketBadge: false }))!)).not.toContain("Below market average");
  });

  it("on a site that compares prices, decides the badge by the panel's market range, not the feed's average", async () => {
    const compares = site((t) => (t.features.priceComparison = true));
    const range = (min: number, max: number): PriceComparison => ({ fill: 0.5, listing_price: 27990, market_range_min: min, market_range_max: max, confidence: 0.5, description: "" });
    // The feed says $1,000 under the market; the panel places the price near the top of its range: no badge.
    comparison.current = range(24000, 29000);
    expect(text((await render(fixtureVehicle({ autograb_data: { average_market_price: 28990 } }), compares))!)).not.toContain("Below market average");
    // The range's middle 28,500 is only 510 above the price: more than 499 under it.
    comparison.current = range(27000, 30000);
    expect(text((await render(fixtureVehicle({ autograb_data: undefined }), compares))!)).toContain("Below market average");
    // No comparison the panel would show: no badge.
    comparison.current = null;
    expect(text((await render(fixtureVehicle(), compares))!)).not.toContain("Below market average");
    // A sold car asks for no comparison.
    const asked = comparison.asked;
    await render(soldVehicle(), compares);
    expect(comparison.asked).toBe(asked);
  });

  it("links the location's page, shows km / transmission / body with icons, and stock number, VIN and rego", async () => {
    const html = (await render(fixtureVehicle()))!;
    expect(links(html)).toContainEqual(["Harbourside Newstead", "/locations/newstead"]);
    expect(text(html)).toContain("Odometer: 42,123 km");
    expect(text(html)).toContain("Transmission: Automatic");
    expect(text(html)).toContain("Body: Hatch");
    // (The favourite and compare toggles draw their own icons.)
    const withoutDialogsAndToggles = html.replace(/<dialog[\s\S]*?<\/dialog>/g, "").replace(/<button type="button" class="fc-round-toggle"[\s\S]*?<\/button>/g, "");
    expect(withoutDialogsAndToggles.match(/<svg [^>]*aria-hidden="true"/g)).toHaveLength(4);
    expect(text(html)).toContain("Stock No.U1001");
    expect(text(html)).toContain("VINJTNKB3BE10J012345");
    expect(text(html)).toContain("Rego123ABC");
    expect(text((await render(fixtureVehicle(), site(), { showIdentifiers: false }))!)).not.toContain("JTNKB3BE10J012345");
  });

  it("has the Reserve, Get Finance, Trade-In Valuation and Call buttons the site allows", async () => {
    const html = (await render(fixtureVehicle()))!;
    const all = links(html);
    expect(all).toContainEqual(["Reserve This Car $200: 2021 Toyota Corolla", "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001/checkout"]);
    expect(all).toContainEqual(["Get Finance: 2021 Toyota Corolla", "/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourside-motors#finance-form"]);
    expect(all).toContainEqual(["Trade-In Valuation: 2021 Toyota Corolla", "/cars/trade-in?car_id=hm-1001"]);
    expect(all).toContainEqual(["Call us", "tel:+61730001234"]);
  });

  it("does not print a number the site masks (the phone box's Show number): Call us, the tel: link kept; printed where the site shows it from the start", async () => {
    const masked = (await render(fixtureVehicle()))!;
    expect(text(masked)).not.toContain("3000 1234");
    expect(links(masked).filter(([, href]) => href === "tel:+61730001234").map(([t]) => t)).toEqual(["Call us", "Call us"]); // the sidebar and the mobile bar
    const revealed = (await render(fixtureVehicle(), site((t) => (t.features.phoneRevealed = true))))!;
    expect(links(revealed).filter(([, href]) => href === "tel:+61730001234").map(([t]) => t)).toEqual(["Call 07 3000 1234", "Call 07 3000 1234"]);
  });

  it("has the Enquire Now, Book a Test Drive and Request Photos buttons, each opening its form in a dialog", async () => {
    const html = (await render(fixtureVehicle()))!;
    const buttons = [...html.matchAll(/<button type="button" class="([^"]*)" aria-haspopup="dialog" aria-controls="([^"]*)" commandfor="\2" command="show-modal">(.*?)<\/button>/g)].map(([, cls, controls, inner]) => [text(inner), controls, cls]);
    expect(buttons).toEqual([
      ["Enquire Now: 2021 Toyota Corolla", "enquire", "fc-button"],
      ["Book a Test Drive: 2021 Toyota Corolla", "summary-test-drive", "fc-button fc-button--ghost"],
      ["Request Photos: 2021 Toyota Corolla", "summary-photos", "fc-button fc-button--ghost"],
    ]);
    const dialogs = [...html.matchAll(/<dialog id="([^"]*)"[^>]*aria-labelledby="([^"]*)"[\s\S]*?<h2 id="[^"]*"[^>]*>(.*?)<\/h2>[\s\S]*?<form[^>]*data-form="([^"]*)"/g)].map(([, id, , title, form]) => [id, title, form]);
    expect(dialogs).toEqual([
      // The enquiry dialog's id is the anchor result cards' Quick Enquiry links to (/cars/{slug}#enquire).
      ["enquire", "Enquire Now", "vehicle-enquiry"],
      ["summary-test-drive", "Book a Test Drive", "test-drive"],
      ["summary-photos", "Request Photos", "request-photos"],
    ]);
    // Closed until opened; each names the car.
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html.match(/Ascent Sport ZWE211R<\/p>/g)).toHaveLength(3);
    // The site switches each one.
    const none = (await render(fixtureVehicle(), site(), { enquireButton: false, testDriveButton: false, requestPhotosButton: false }))!;
    expect(none).not.toContain("<dialog");
    // A sold car has none of them: only its similar-car enquiry.
    expect([...(await render(soldVehicle()))!.matchAll(/<dialog id="([^"]+)"/g)].map((m) => m[1])).toEqual(["similar"]);
  });

  it("names the test after the vehicle's kind: a Test Ride for a motorcycle, an Inspection for a caravan or a camper trailer (issue 29)", async () => {
    const testButton = (html: string) => text(/<button [^>]*aria-controls="summary-test-drive"[^>]*>(.*?)<\/button>/.exec(html)![1]);
    const testDialog = (html: string) => /<dialog id="summary-test-drive"[\s\S]*?<h2 id="[^"]*"[^>]*>(.*?)<\/h2>[\s\S]*?<button type="submit"[^>]*>(.*?)<\/button>/.exec(html)!.slice(1, 3).map(text);
    const bike = fixtureVehicle({ item_type: "motorcycle", make: "KTM", model: "390 Duke", badge: undefined, series: undefined, body: "Naked" });
    const moto = (await render(bike))!;
    expect(testButton(moto)).toBe("Book a Test Ride: 2021 KTM 390 Duke");
    expect(testDialog(moto)).toEqual(["Book a Test Ride", "Book a Test Ride"]);
    const van = (await render(caravanVehicle()))!;
    expect(testButton(van)).toBe("Book an Inspection: 2022 Jayco Journey");
    expect(testDialog(van)).toEqual(["Book an Inspection", "Book an Inspection"]);
    // A caravan has no odometer among its key details.
    expect(text(van)).not.toContain("Odometer");
    const trailer = (await render(fixtureVehicle({ item_type: "caravan", body: "Camper Trailer", make: "Avan", model: "Aliner", badge: undefined, series: undefined })))!;
    expect(testButton(trailer)).toBe("Book an Inspection: 2021 Avan Aliner");
    expect(testDialog((await render(fixtureVehicle({ item_type: "truck" })))!)).toEqual(["Book a Test Drive", "Book a Test Drive"]);
    expect(testDialog((await render(fixtureVehicle()))!)).toEqual(["Book a Test Drive", "Book a Test Drive"]);
  });

  it("on a site with the finance enquiry modal, Get Finance opens the dialog titled Finance Enquiry", async () => {
    const html = (await render(fixtureVehicle(), site((t) => (t.features.financeEnquiryModal = true))))!;
    expect(links(html).map(([t]) => t)).not.toContain("Get Finance: 2021 Toyota Corolla");
    expect(html).toMatch(/aria-controls="summary-finance" commandfor="summary-finance" command="show-modal">Get Finance<span class="fc-visually-hidden">: 2021 Toyota Corolla<\/span><\/button>/);
    expect(html).toMatch(/<dialog id="summary-finance"[\s\S]*?<h2 id="summary-finance-title"[^>]*>Finance Enquiry<\/h2>[\s\S]*?data-form="finance"/);
    // Not for a car the site does not finance.
    const excluded = (await render(fixtureVehicle(), site((t) => ((t.features.financeEnquiryModal = true), (t.finance.excludedManufacturers = ["toyota"])))))!;
    expect(excluded).not.toContain("summary-finance");
  });

  it("leaves out buttons the site does not allow", async () => {
    const html = (await render(
      fixtureVehicle(),
      site((t) => {
        t.features.reserveOnline.enabled = false;
        t.features.tradeIn.enabled = false;
        t.finance.excludedManufacturers = ["toyota"];
      }),
      { callButton: false },
    ))!;
    expect(text(html)).not.toMatch(/Reserve This Car|Trade-In Valuation|Get Finance|Get Pre-Approved|Call /);
  });

  it("uses the site's default finance link and reserve route and deposit", async () => {
    const html = (await render(
      fixtureVehicle(),
      site((t) => {
        t.finance.defaultLink = "/mazda-finance-page";
        t.features.reserveOnline.route = "buy-online";
        t.features.reserveOnline.deposit = 500;
      }),
    ))!;
    expect(links(html)).toContainEqual(["Get Finance: 2021 Toyota Corolla", "/mazda-finance-page?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourside-motors#finance-form"]);
    expect(links(html)).toContainEqual(["Reserve This Car $500: 2021 Toyota Corolla", "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001/buy-online"]);
  });

  it("shows the finance card: Only $X/wk* of the car's loan (the calculator's start, not the lender's $139), its rates and Get Pre-Approved", async () => {
    const html = (await render(fixtureVehicle()))!;
    // The site's loan: $30,000 at 10% over 5 years → $147 a week (the calculator's starting figure).
    expect(text(html)).toContain("Only $147/wk*");
    expect(text(html)).not.toContain("$139");
    expect(text(html)).toContain("10.00% p.a. interest rate, 10.45% p.a. comparison rate.");
    // On a site that starts from the car's price at 12.94%: $27,990 → $131 a week at 12.94%.
    const fromPrice = (await render(
      fixtureVehicle(),
      site((t) => {
        t.finance.calculator.amountFromCarPrice = true;
        t.finance.calculator.interest = { min: 9.95, max: 19.95, step: 0.5, default: 12.94 };
      }),
    ))!;
    expect(text(fromPrice)).toContain(`Only $${Math.ceil(amortisedRepayment(27990, 12.94, 5, 52))}/wk*`);
    expect(text(fromPrice)).toContain("12.94% p.a. interest rate");
    expect(links(html)).toContainEqual(["*See finance disclaimer", "#financeDisclaimer"]);
    expect(links(html)).toContainEqual(["Get Pre-Approved: 2021 Toyota Corolla", "/finance?car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourside-motors#finance-form"]);
  });

  it("shows no finance card without lender rates, for another provider, or when switched off", async () => {
    const noRate = fixtureVehicle({ finance: { "Harbourside Finance": { interestRate: 9.99, paymentWeek: 139 } } });
    expect(text((await render(noRate))!)).not.toContain("Get Pre-Approved");
    expect(text((await render(fixtureVehicle(), site((t) => (t.finance.provider = "Other Finance"))))!)).not.toContain("Only $");
    expect(text((await render(fixtureVehicle(), site(), { financeCard: false }))!)).not.toContain("Get Pre-Approved");
  });

  it("shows the no-price and pre-order texts when the price is 10 or less", async () => {
    const none = (await render(fixtureVehicle({ price: 10 })))!;
    expect(none).toMatch(/data-kind="no-price"><span class="[^"]*">Enquire for price<\/span><\/p>/);
    expect(text(none)).not.toContain("Drive Away");
    expect(links(none)).toContainEqual(["Get Finance: 2021 Toyota Corolla", "/finance?car_id=hm-1001&car_type=used&preferredDealership=harbourside-motors#finance-form"]);
    expect(text((await render(fixtureVehicle({ price: 0 }), site((t) => (t.copy.noPriceText = "Call for price"))))!)).toContain("Call for price");
    expect(text((await render(fixtureVehicle({ price: 0, preorder: true })))!)).toContain("Pre-order now");
  });

  it("formats NZD on the New Zealand site and keeps its phone spacing", async () => {
    const nz = site((t) => {
      t.identity.locale = "en-NZ";
      t.identity.currency = "NZD";
      t.locations[0].contact_detail = { phone: "09 555 0123" };
    });
    const html = (await render(fixtureVehicle({ price: 31500 }), nz))!;
    expect(html).toMatch(/data-kind="price"><span class="[^"]*">\$31,500<\/span><span class="[^"]*"> Drive Away<\/span>/);
    expect(links(html)).toContainEqual(["Call us", "tel:095550123"]);
    const shown = (await render(fixtureVehicle({ price: 31500 }), site((t) => {
      t.identity.locale = "en-NZ";
      t.locations[0].contact_detail = { phone: "09 555 0123" };
      t.features.phoneRevealed = true;
    })))!;
    expect(links(shown)).toContainEqual(["Call 09 555 0123", "tel:095550123"]);
  });
});

describe("vehicle summary: states", () => {
  it("a sold car shows the SOLD panel and Find Me Something Similar instead of price and buttons", async () => {
    const html = (await render(soldVehicle()))!;
    expect(html).toContain('data-status="sold"');
    expect(text(html)).toContain("SOLDThis vehicle has recently sold.");
    expect(text(html)).toContain("Like this and want something similar?");
    // Find Me Something Similar opens the enquiry about this car (its dialog is the anchor a sold car's
    // result card links to, /cars/{slug}#similar), its message started; the same make and model in stock beside it.
    expect(html).toMatch(/<button type="button" class="fc-button"[^>]*>Find Me Something Similar<\/button>/);
    expect(html).toMatch(/<dialog id="similar"[^>]*aria-labelledby="similar-title"/);
    expect(similarMessage(soldVehicle())).toBe("I'd like something similar to the 2021 Toyota Corolla Ascent Sport ZWE211R.");
    expect(links(html)).toContainEqual(["See similar ones in stock", "/search/toyota/corolla"]);
    expect(html).not.toContain("data-kind=");
    expect(text(html)).not.toMatch(/\$27,990|Reserve This Car|Get Finance|Get Pre-Approved|Trade-In Valuation|Call |Below market/);
    // Name, location and details stay.
    expect(text(html)).toContain("2021 Toyota Corolla Ascent Sport ZWE211R");
    expect(links(html)).toContainEqual(["Harbourside Newstead", "/locations/newstead"]);
  });

  it("a coming-soon car is available: COMING SOON tag, price and buttons", async () => {
    const html = (await render(comingSoonVehicle()))!;
    expect(html).toMatch(/data-kind="coming-soon">COMING SOON<\/p>/);
    expect(text(html)).toContain("$27,990 Drive Away");
    expect(text(html)).toContain("Reserve This Car $200");
  });

  it("a reserved car has the RESERVED tag and no Reserve button", async () => {
    const html = (await render(reservedVehicle()))!;
    expect(html).toMatch(/data-kind="reserved">RESERVED<\/p>/);
    expect(text(html)).not.toContain("Reserve This Car");
    expect(text(html)).toContain("Get Finance");
  });

  it("an electric car has the Electric tag", async () => {
    const html = (await render(electricVehicle()))!;
    expect(html).toMatch(/data-kind="fuel">Electric<\/p>/);
    expect(text(html)).toContain("2024 BYD Atto 3 Extended");
    expect(text(html)).toContain("Odometer: 10 km");
    expect(text(html)).toContain("Body: SUV");
  });

  it("a caravan shows no odometer or transmission, and its body as Caravan", async () => {
    const html = (await render(caravanVehicle()))!;
    expect(text(html)).not.toContain("Odometer");
    expect(text(html)).not.toContain("Transmission");
    expect(text(html)).toContain("Body: Caravan");
    expect(text(html)).toContain("$79,990 Drive Away");
  });

  it("a car listed within the last 8 days has the site's new-arrival tag; a custom tag wins over it", async () => {
    const fresh = fixtureVehicle({ created_at: "2025-06-10T00:00:00Z" });
    expect((await render(fresh))!).toMatch(/data-kind="new-arrival">New Arrival<\/p>/);
    expect((await render({ ...fresh, tag: "Test Drive Only" }))!).toMatch(/data-kind="custom">Test Drive Only<\/p>/);
    expect((await render(fixtureVehicle()))!).not.toContain("New Arrival");
  });

  it("renders what exists when fields are missing, and nothing without a car", async () => {
    const bare = fixtureVehicle({ badge: undefined, series: undefined, vin: undefined, regplate: undefined, body: undefined, transmission: undefined, location_id: 999, autograb_data: undefined, finance: undefined });
    const html = (await render(bare))!;
    expect(html).toMatch(/id="summary-title">2021 Toyota Corolla<\/h2>/);
    expect(text(html)).not.toMatch(/VIN|Rego|Transmission|Body:/);
    // No location of that id: the dealership's number, no location link.
    expect(links(html)).toContainEqual(["Call us", "tel:+61730001234"]);
    expect(await render(null)).toBeNull();
  });
});

describe("vehicle summary: mobile sticky bar", () => {
  const bar = (html: string) => /<div class="[^"]*" data-open="(true|false)" role="region" aria-label="Quick actions: 2021 Toyota Corolla"[^>]*>(.*?)<\/div>/.exec(html);

  it("always: open from the first paint, with the price, Call and Get Finance", async () => {
    const m = bar((await render(fixtureVehicle()))!)!;
    expect(m[1]).toBe("true");
    expect(text(m[2])).toBe("$27,990 Drive AwayCall usGet Finance");
  });

  it("after-scroll: rendered closed (and inert) until the visitor scrolls beyond 900 px", async () => {
    const html = (await render(fixtureVehicle(), site((t) => (t.features.mobileStickyBar = "after-scroll"))))!;
    expect(bar(html)![1]).toBe("false");
    expect(html).toMatch(/aria-label="Quick actions: 2021 Toyota Corolla" aria-hidden="true" inert=""/);
  });

  it("off, or a sold car: no bar", async () => {
    expect(bar((await render(fixtureVehicle(), site((t) => (t.features.mobileStickyBar = "off"))))!)).toBeNull();
    expect(bar((await render(soldVehicle()))!)).toBeNull();
  });
});

describe("vehicle summary: links", () => {
  it("links a hidden location to the map on the page, and falls back to the dealership's sales location", () => {
    const t = site();
    expect(locationHref(carLocation(t, { location_id: 13, dealership_id: 1 })!)).toBe("#vehicle-map");
    expect(carLocation(t, { dealership_id: 1 })?.slug).toBe("newstead");
    expect(callNumber(t, { dealership_id: 1 }, carLocation(t, { location_id: 12, dealership_id: 1 }))).toBe("0730009876");
  });

  it("Find Me Something Similar searches the same make and model", () => {
    expect(similarHref({ make: "Land Rover", model: "Range Rover Sport" }, site())).toBe("/search/land-rover/range-rover-sport");
    expect(similarHref({ make: "", model: "" }, site())).toBe("/search");
  });
});
