// @vitest-environment happy-dom
/**
 * The favourites heart's analytics: a car saved with it is the spec's event 39 (the site's own
 * statistic, whatever the consent) and the save's standard events (asc_cta_interaction and Meta's
 * AddToWishlist) with that car's fields, held until consent and sent once per click; removing it, the
 * compare toggle and a refused toggle send none.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_CONFIG_ID, PAGE_DATA_ATTR, chooseConsent, resetStandardAnalytics } from "../../renderer/standard-analytics";
import { tagCalls } from "../../renderer/tag-worker";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { car, NOW } from "../../tests/fixtures/search-records";
import { ListToggle } from "./favourites.client";
import { listKey } from "./favourites";
import { cardSettings, VehicleCard } from "./vehicle-card";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SITE = fixtureTenant.identity.slug;
type W = Window & { dataLayer?: unknown[]; fbq?: unknown };
const w = window as W;
const asArray = (e: unknown) => (typeof e === "object" && e !== null && "length" in e ? Array.from(e as ArrayLike<unknown>) : e);
/** The spec's own events (the `{event: "forecourt"}` pushes). */
const own = () => (w.dataLayer ?? []).filter((e) => !Array.isArray(asArray(e)));
/** gtag's events, as [name, params]. */
const ga4 = () => (w.dataLayer ?? []).map(asArray).filter((e): e is unknown[] => Array.isArray(e) && e[0] === "event").map((e) => e.slice(1));
/** Meta's track calls this page gave the pixel (renderer/tag-worker.ts), as [name, params]. */
const meta = () => tagCalls("meta").filter((a) => a[0] === "track").map((a) => a.slice(1));

const CTA = { element_type: "body", element_subtype: "cta_button", event_action: "click", event_action_result: "save", element_text: "Favourite" };
// What the card's hit knows of car(1) (tests/fixtures/search-records.ts), through hitAnalyticsCar.
const HIT_ITEM = { item_price: 28990, item_condition: "used", item_year: 2021, item_make: "Toyota", item_model: "Corolla", item_variant: "Ascent Sport", item_type: "car", item_fuel_type: "Petrol" };
const HIT_META = { content_type: "vehicle", content_ids: ["1001"], make: "Toyota", model: "Corolla", year: 2021, state_of_vehicle: "used", price: 28990, currency: "AUD", country: "Australia", fuel_type: "GASOLINE" };

let root: Root;
let host: HTMLElement;

function page() {
  document.head.innerHTML = "";
  document.body.innerHTML =
    `<script type="application/json" id="${ANALYTICS_CONFIG_ID}">${JSON.stringify({ ga4: "G-CSMAZDA2026", pixel: "880012345678901", currency: "AUD", country: "AU" })}</script>` +
    `<script type="application/json" ${PAGE_DATA_ATTR}>${JSON.stringify({ page_type: "itemlist", currency: "AUD", country: "AU", car: null })}</script><div id="host"></div>`;
  host = document.getElementById("host")!;
  root = createRoot(host);
}

function mountCard() {
  act(() => root.render(<VehicleCard car={car(1)} settings={cardSettings(fixtureTenant)} now={NOW} idPrefix="results" />));
}
const heart = () => host.querySelector<HTMLButtonElement>('button[data-list="favourites"]')!;
const click = (b: HTMLButtonElement) => act(() => b.click());

beforeEach(() => {
  (window as any).happyDOM?.setURL("https://harbourside.localhost/search");
  for (const c of document.cookie.split(/;\s*/)) if (c) document.cookie = `${c.split("=")[0]}=; Max-Age=0; Path=/`;
  delete w.dataLayer;
  delete w.fbq;
  delete (w as any)._fbq;
  resetStandardAnalytics();
  window.localStorage.clear();
  vi.spyOn(window.navigator, "sendBeacon").mockReturnValue(true);
  // Partytown's loader never runs here: this test reads what was given to the tags.
  page();
});
afterEach(() => {
  act(() => root.unmount());
  vi.restoreAllMocks();
});

describe("the favourites heart's analytics", () => {
  it("on a card: nothing for Google or Meta before consent; after Accept all, the save's events with the card's car, once; removing sends none", () => {
    mountCard();
    click(heart());
    expect(heart().getAttribute("aria-pressed")).toBe("true");
    expect(own()).toEqual([{ event: "forecourt", id: 39, site: SITE, path: "/search", label: "favourite" }]);
    expect(ga4()).toEqual([]);
    expect(w.fbq).toBeUndefined();

    act(() => chooseConsent({ analytics: true, ads: true }));
    expect(ga4()).toEqual([["asc_cta_interaction", { event_owner: "forecourt", page_type: "itemlist", ...HIT_ITEM, ...CTA }]]);
    expect(meta()).toEqual([["AddToWishlist", HIT_META]]);

    click(heart()); // removed
    expect(heart().getAttribute("aria-pressed")).toBe("false");
    expect(own()).toHaveLength(1);
    expect(ga4()).toHaveLength(1);
    expect(meta()).toHaveLength(1);

    click(heart()); // saved again: one more of each
    expect(own()).toHaveLength(2);
    expect(ga4()).toEqual([0, 1].map(() => ["asc_cta_interaction", { event_owner: "forecourt", page_type: "itemlist", ...HIT_ITEM, ...CTA }]));
    expect(meta()).toEqual([["AddToWishlist", HIT_META], ["AddToWishlist", HIT_META]]);
  });

  it("the compare toggle sends nothing; a heart the browser cannot store sends nothing", () => {
    act(() => chooseConsent({ analytics: true, ads: true }));
    mountCard();
    click(host.querySelector<HTMLButtonElement>('button[data-list="compare"]')!);
    expect(JSON.parse(window.localStorage.getItem(listKey(SITE, "compare"))!)).toHaveLength(1);
    expect(own()).toEqual([]);
    expect(ga4()).toEqual([]);
    expect(meta()).toEqual([]);

    const blocked = vi.spyOn(window.localStorage, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    click(heart());
    blocked.mockRestore();
    expect(heart().getAttribute("aria-pressed")).toBe("false");
    expect(own()).toEqual([]);
    expect(meta()).toEqual([]);
  });

  it("a heart without a car of its own describes the page's car", () => {
    act(() => chooseConsent({ analytics: true, ads: true }));
    const entry = { id: "1001", name: "2021 Toyota Corolla", slug: "2021-toyota-corolla-1001", make: "Toyota", model: "Corolla", primary_image_url: null };
    act(() => root.render(<ListToggle site={SITE} list="favourites" entry={entry} />));
    click(heart());
    // The page (a search page) has no car: no vehicle fields are invented.
    expect(meta()).toEqual([["AddToWishlist", { content_type: "vehicle" }]]);
    expect(ga4()).toEqual([["asc_cta_interaction", { event_owner: "forecourt", page_type: "itemlist", ...CTA }]]);
  });
});
