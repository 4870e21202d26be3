import { leadEventId } from "./lead-event";
import { describe, expect, it } from "vitest";
import { FAVOURITE_LABEL, analyticsCar, analyticsPage, ascPageType, callDepartment, locationCallDepartment, needsCookieSettings, standardEvents } from "./analytics-standards";
import { fixtureTenant } from "../tests/fixtures/fixture-tenant";

const car = {
  id: "cs-101",
  vin: "JM0KF4W7A00123456",
  stocknum: "S1234",
  price: 38990,
  car_type: "used" as "new" | "demo" | "used",
  certified: false,
  year: 2021,
  make: "Mazda",
  model: "CX-5",
  badge: "Maxx Sport",
  colour: "Soul Red",
  item_type: "car" as const,
  body: "SUV",
  fuel: "Petrol",
};
const vdp = analyticsPage({ template: "vehicle-detail", path: "/cars/2021-mazda-cx-5-cs-101", currency: "AUD", locale: "en-AU", car });
const item = {
  item_id: "JM0KF4W7A00123456",
  item_number: "S1234",
  item_price: 38990,
  item_condition: "used",
  item_year: 2021,
  item_make: "Mazda",
  item_model: "CX-5",
  item_variant: "Maxx Sport",
  item_color: "Soul Red",
  item_type: "car",
  item_category: "SUV",
  item_fuel_type: "Petrol",
};
const vehicle = {
  content_type: "vehicle",
  content_ids: ["cs-101"],
  make: "Mazda",
  model: "CX-5",
  year: 2021,
  state_of_vehicle: "used",
  price: 38990,
  currency: "AUD",
  // Meta's automotive parameters: the country by name, body and fuel in the catalogue's values.
  country: "Australia",
  body_style: "SUV",
  exterior_color: "Soul Red",
  fuel_type: "GASOLINE",
};
const search = analyticsPage({ template: "search", path: "/search", currency: "NZD", locale: "en-NZ", car: null });

describe("ascPageType", () => {
  it("names pages by template, then path", () => {
    expect(
      [
        ["vehicle-detail", "/cars/x"],
        ["search", "/search/used-cars"],
        ["contact-us", "/contact/brisbane"],
        [undefined, "/"],
        [undefined, "/trade-in"],
        [undefined, "/sell-my-car"],
        [undefined, "/service"],
        [undefined, "/finance"],
        [undefined, "/offers"],
        [undefined, "/special-offers"],
        [undefined, "/contact-us"],
        [undefined, "/about-us"],
      ].map(([t, p]) => ascPageType(t, p!)),
    ).toEqual(["item", "itemlist", "contact", "home", "trade", "trade", "service", "finance", "specials", "specials", "contact", "other"]);
  });
});

describe("standardEvents", () => {
  it("a vehicle page view: asc_pageview and asc_item_pageview with the car's fields; Meta PageView and ViewContent", () => {
    expect(vdp.car?.item).toEqual(item);
    expect(standardEvents({ id: "page-view" }, vdp)).toEqual({
      ga4: [
        { name: "asc_pageview", params: { event_owner: "forecourt", page_type: "item", ...item } },
        { name: "asc_item_pageview", params: { event_owner: "forecourt", page_type: "item", ...item } },
      ],
      meta: [
        { name: "PageView", params: {} },
        { name: "ViewContent", params: vehicle },
      ],
    });
  });

  it("a new car is new, a certified used car cpo, a demonstrator used; no VIN: the car's id", () => {
    const condition = (c: Partial<typeof car>) => analyticsPage({ path: "/cars/x", template: "vehicle-detail", currency: "AUD", locale: "en-AU", car: { ...car, ...c } }).car!.item;
    expect(condition({ car_type: "new" }).item_condition).toBe("new");
    expect(condition({ certified: true }).item_condition).toBe("cpo");
    expect(condition({ car_type: "demo" }).item_condition).toBe("used");
    expect(condition({ vin: undefined }).item_id).toBe("cs-101");
  });

  it("a search: asc_itemlist_pageview with the words; Meta Search in the site's currency and country", () => {
    expect(standardEvents({ id: 49, query: " cx-5 " }, search)).toEqual({
      ga4: [{ name: "asc_itemlist_pageview", params: { event_owner: "forecourt", page_type: "itemlist", search_term: "cx-5" } }],
      meta: [{ name: "Search", params: { content_type: "vehicle", search_string: "cx-5", currency: "NZD", country: "New Zealand" } }],
    });
  });

  it("a call click is asc_click_to_call (sales, the number); a reveal only a CTA interaction", () => {
    expect(standardEvents({ id: 25, label: "Used Car", phone: "tel:+61738001234" }, vdp)).toEqual({
      ga4: [{ name: "asc_click_to_call", params: { event_owner: "forecourt", page_type: "item", ...item, comm_type: "call", comm_phone_number: "+61738001234", department: "sales" } }],
      meta: [{ name: "Contact", params: vehicle }],
    });
    expect(standardEvents({ id: 25, label: "Used Car" }, vdp)).toEqual({
      ga4: [
        {
          name: "asc_cta_interaction",
          params: { event_owner: "forecourt", page_type: "item", ...item, element_text: "Show number", element_type: "body", element_subtype: "cta_button", event_action: "click", event_action_result: "reveal" },
        },
      ],
      meta: [],
    });
  });

  it("a lead is asc_form_submission with its department, and Meta's Lead with the car", () => {
    expect(standardEvents({ id: 15, label: "vehicle-enquiry" }, vdp)).toEqual({
      ga4: [
        {
          name: "asc_form_submission",
          params: { event_owner: "forecourt", page_type: "item", ...item, comm_type: "form", form_name: "vehicle-enquiry", form_type: "consumer_contact", department: "sales" },
        },
      ],
      meta: [{ name: "Lead", params: { ...vehicle, content_category: "sales" } }],
    });
    const other = analyticsPage({ path: "/service", currency: "AUD", locale: "en-AU", car: null });
    const dept = (id: number, label?: string) => standardEvents({ id: id as 22, label }, other).ga4[0]!.params;
    expect(dept(22, "service")).toMatchObject({ page_type: "service", department: "service", form_type: "service" });
    expect(dept(18, "trade-in")).toMatchObject({ department: "trade", form_type: "trade_in" });
    expect(dept(17, "test-drive")).toMatchObject({ department: "sales", form_type: "test_drive" });
    expect(dept(9, "finance")).toMatchObject({ department: "sales", form_type: "finance" });
    // A job application: no advertising lead.
    expect(standardEvents({ id: 51, label: "careers" }, other)).toEqual({
      ga4: [{ name: "asc_form_submission", params: { event_owner: "forecourt", page_type: "service", comm_type: "form", form_name: "careers", form_type: "careers", department: "other" } }],
      meta: [],
    });
    expect(standardEvents({ id: 22, label: "enquiry" }, other).meta).toEqual([{ name: "Lead", params: { content_type: "vehicle", content_category: "sales" } }]);
  });

  it("a lead's event id is the one its server-side events carry: GA4's event_id, Meta's eventID", () => {
    const events = standardEvents({ id: 15, label: "vehicle-enquiry", eventId: leadEventId("0b6a2c1e-5f1d-4c52-9a57-2f4d2a9b7e10") }, vdp);
    expect(events.ga4[0]!.params.event_id).toBe("lead.0b6a2c1e-5f1d-4c52-9a57-2f4d2a9b7e10");
    expect(events.meta[0]).toMatchObject({ name: "Lead", eventID: "lead.0b6a2c1e-5f1d-4c52-9a57-2f4d2a9b7e10" });
    // Without one (a page whose lead answer had none), neither is invented.
    expect(standardEvents({ id: 15, label: "vehicle-enquiry" }, vdp).meta[0]).not.toHaveProperty("eventID");
  });

  it("a saved car is Meta's AddToWishlist; the finance calculator an element configuration", () => {
    expect(standardEvents({ id: 39 }, vdp).meta).toEqual([{ name: "AddToWishlist", params: vehicle }]);
    expect(standardEvents({ id: 26 }, vdp).ga4).toEqual([
      { name: "asc_element_configuration", params: { event_owner: "forecourt", page_type: "item", ...item, element_type: "payment_calculator", event_action: "change", event_action_result: "calc" } },
    ]);
  });

  it("a card's save off its car's page (a search hit): AddToWishlist and asc_cta_interaction carry that car, as its page's save does", () => {
    // What a search hit knows (blocks/_shared/hit-analytics.ts): no VIN, stock number, colour or body.
    const hit = analyticsCar({ id: "cs-101", price: 38990, car_type: "used", certified: false, year: 2021, make: "Mazda", model: "CX-5", badge: "Maxx Sport", item_type: "car", fuel: "Petrol" });
    const onSearch = standardEvents({ id: 39, car: hit }, search);
    expect(onSearch.meta).toEqual([
      {
        name: "AddToWishlist",
        params: { content_type: "vehicle", content_ids: ["cs-101"], make: "Mazda", model: "CX-5", year: 2021, state_of_vehicle: "used", price: 38990, currency: "NZD", country: "New Zealand", fuel_type: "GASOLINE" },
      },
    ]);
    const { item_id, item_number, item_color, item_category, ...known } = item;
    expect([item_id, item_number, item_color, item_category]).toEqual(["JM0KF4W7A00123456", "S1234", "Soul Red", "SUV"]);
    expect(onSearch.ga4).toEqual([
      {
        name: "asc_cta_interaction",
        params: { event_owner: "forecourt", page_type: "itemlist", ...known, element_text: "Save", element_type: "body", element_subtype: "cta_button", event_action: "click", event_action_result: "save" },
      },
    ]);
    // The car page's own save: the same id and fields, plus what only the page knows.
    expect(standardEvents({ id: 39 }, vdp).meta[0]!.params).toMatchObject({ ...onSearch.meta[0]!.params, currency: "AUD", country: "Australia" });
    // A card on another car's page names its own car, not the page's.
    const other = analyticsCar({ id: "cx-9", price: 51990, car_type: "new", certified: false, year: 2025, make: "Mazda", model: "CX-90", item_type: "car" });
    expect(standardEvents({ id: 39, car: other }, vdp).meta[0]!.params).toMatchObject({ content_ids: ["cx-9"], model: "CX-90", state_of_vehicle: "new", price: 51990 });
    expect(standardEvents({ id: 39, car: other }, vdp).ga4[0]!.params).toMatchObject({ item_model: "CX-90", item_price: 51990 });
    expect(standardEvents({ id: 39, car: other }, vdp).ga4[0]!.params).not.toHaveProperty("item_id");
    // Without a car (a save nobody described) on a search page: no vehicle fields are invented.
    expect(standardEvents({ id: 39 }, search).meta).toEqual([{ name: "AddToWishlist", params: { content_type: "vehicle" } }]);
  });

  it("a car saved with the favourites heart: the save's events with that car, the heart's button text", () => {
    const hit = analyticsCar({ id: "cs-101", price: 38990, car_type: "used", certified: false, year: 2021, make: "Mazda", model: "CX-5", badge: "Maxx Sport", item_type: "car", fuel: "Petrol" });
    expect(FAVOURITE_LABEL).toBe("favourite");
    expect(standardEvents({ id: 39, label: FAVOURITE_LABEL, car: hit }, search)).toEqual({
      ga4: [
        {
          name: "asc_cta_interaction",
          params: {
            event_owner: "forecourt",
            page_type: "itemlist",
            item_price: 38990,
            item_condition: "used",
            item_year: 2021,
            item_make: "Mazda",
            item_model: "CX-5",
            item_variant: "Maxx Sport",
            item_type: "car",
            item_fuel_type: "Petrol",
            element_text: "Favourite",
            element_type: "body",
            element_subtype: "cta_button",
            event_action: "click",
            event_action_result: "save",
          },
        },
      ],
      meta: [
        {
          name: "AddToWishlist",
          params: { content_type: "vehicle", content_ids: ["cs-101"], make: "Mazda", model: "CX-5", year: 2021, state_of_vehicle: "used", price: 38990, currency: "NZD", country: "New Zealand", fuel_type: "GASOLINE" },
        },
      ],
    });
    // On the car page with the page's car (analyticsCar of the full car): every field, the VIN and stock number too.
    expect(standardEvents({ id: 39, label: FAVOURITE_LABEL, car: analyticsCar(car) }, vdp)).toEqual({
      ga4: [{ name: "asc_cta_interaction", params: { event_owner: "forecourt", page_type: "item", ...item, element_text: "Favourite", element_type: "body", element_subtype: "cta_button", event_action: "click", event_action_result: "save" } }],
      meta: [{ name: "AddToWishlist", params: vehicle }],
    });
    // The watchlist's save (no label, or another) keeps its own button text.
    expect(standardEvents({ id: 39, label: "Favourite", car: hit }, search).ga4[0]!.params.element_text).toBe("Save");
  });

  it("a call's department: the one its block marked on the link, else service on a service page and sales elsewhere", () => {
    const service = analyticsPage({ path: "/service", currency: "AUD", locale: "en-AU", car: null });
    const call = (department: string | undefined, on = search) => standardEvents({ id: 25, phone: "tel:+61738001234", department }, on).ga4[0]!.params.department;
    expect([call("parts"), call("service"), call("sales"), call(undefined), call("bogus")]).toEqual(["parts", "service", "sales", "sales", "sales"]);
    expect([call(undefined, service), call("bogus", service), call("parts", service), call(undefined, vdp)]).toEqual(["service", "service", "parts", "sales"]);
    expect(callDepartment(undefined, "service")).toBe("service");
    expect((["sales", "service", "parts", "service-and-parts", ""] as const).map((location_type) => locationCallDepartment({ location_type }))).toEqual(["sales", "service", "parts", "service", "sales"]);
  });

  it("a specials page view is also asc_special_offer, named by the page's title", () => {
    const offers = analyticsPage({ path: "/offers", title: "Spring offers", currency: "AUD", locale: "en-AU", car: null });
    expect(standardEvents({ id: "page-view" }, offers).ga4).toEqual([
      { name: "asc_pageview", params: { event_owner: "forecourt", page_type: "specials" } },
      { name: "asc_special_offer", params: { event_owner: "forecourt", page_type: "specials", promotion_name: "Spring offers", event_action: "view" } },
    ]);
  });
});

describe("needsCookieSettings", () => {
  it("a site with analytics ids needs its own Cookie settings on a page without the site footer; the footer's, or no ids, need none", () => {
    const footer = { id: "f", type: "site-footer", props: {} };
    const ga4 = { ...fixtureTenant, features: { ...fixtureTenant.features, analytics: { ga4MeasurementId: "G-CSMAZDA2026", serverSideLeads: false } } };
    const pixel = { ...fixtureTenant, features: { ...fixtureTenant.features, analytics: { metaPixelId: "880012345678901", serverSideLeads: false } } };
    const withFooter = { ...ga4, layout: { top: [], bottom: [footer] } } as unknown as typeof ga4;
    expect(needsCookieSettings(ga4, [])).toBe(true);
    expect(needsCookieSettings(pixel, [{ type: "hero" }])).toBe(true);
    expect(needsCookieSettings(withFooter, [])).toBe(false);
    expect(needsCookieSettings(ga4, [{ type: "site-footer" }])).toBe(false);
    expect(needsCookieSettings(fixtureTenant, [])).toBe(false);
  });
});
