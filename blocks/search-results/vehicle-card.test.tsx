import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SearchRecord } from "../../domain/search-record";
import type { TenantDocument } from "../../renderer/types";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { CARD_IMAGE_SIZES, cardSettings, listToggleEligible, reserveHref, VehicleCard, type CardSettings } from "../_shared/vehicle-card";
import styles from "../_shared/vehicle-card.module.css";
import { car, NOW } from "../../tests/fixtures/search-records";

function tenant(change: (t: TenantDocument) => void = () => {}): TenantDocument {
  const t = structuredClone(fixtureTenant);
  t.features.reserveOnline.enabled = true;
  change(t);
  return t;
}

const render = (c: SearchRecord, settings: CardSettings = cardSettings(tenant()), eager = false) =>
  renderToStaticMarkup(<VehicleCard car={c} settings={settings} now={NOW} eager={eager} idPrefix="results" />);

/** Visible text of each link and button, with its href (screen-reader-only suffixes removed). */
function actions(html: string) {
  const visible = (s: string) => s.replace(/<span class="fc-visually-hidden">.*?<\/span>/g, "").replace(/<[^>]+>/g, "");
  const links = [...html.matchAll(/<a class="fc-button[^"]*" href="([^"]+)">(.*?)<\/a>/g)].map((m) => [visible(m[2]), m[1]]);
  return links;
}
const toggles = (html: string) => [...html.matchAll(/data-list="(\w+)"/g)].map((m) => m[1]);

describe("vehicle card: an available car", () => {
  const html = render(car(1));

  it("shows the image with the title as alt, lazily, with its size reserved", () => {
    const src = "/_next/image?url=%2Fmedia%2Fcars%2F1001%2F1.jpg";
    expect(html).toContain(
      `<img class="${styles.image}" src="${src}&amp;w=640&amp;q=90" srcSet="${src}&amp;w=384&amp;q=90 384w, ${src}&amp;w=640&amp;q=90 640w, ${src}&amp;w=850&amp;q=90 850w" sizes="${CARD_IMAGE_SIZES}" alt="2021 Toyota Corolla Ascent Sport" width="640" height="480" loading="lazy" decoding="async"/>`,
    );
    expect(render(car(1), undefined, true)).toMatch(/alt="2021 Toyota Corolla Ascent Sport" width="640" height="480" loading="eager"\/>/);
  });

  it("shows the location overlay, title, price and price type", () => {
    expect(html).toContain(">Harbourside Newstead</span>");
    expect(html).toMatch(/<h3 class="[^"]*" id="results-1001-title"><a href="\/cars\/2021-toyota-corolla-ascent-sport-1001">2021 Toyota Corolla<span class="[^"]*"> Ascent Sport ZWE211R<\/span><\/a><\/h3>/);
    expect(html).toMatch(/<span class="[^"]*">\$28,990<\/span><span class="[^"]*"> Drive Away<\/span>/);
    expect(html).toContain('aria-labelledby="results-1001-title"');
  });

  it("lists condition, transmission, odometer in km and fuel", () => {
    expect([...html.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1])).toEqual(["Used", "Automatic", "45,210 km", "Petrol"]);
    expect(render(car(1), cardSettings(tenant((t) => (t.features.cardDetails = false))))).not.toContain("45,210 km");
  });

  it("has Explore Vehicle, Quick Enquiry and Reserve This Car $200 with their links", () => {
    expect(actions(html)).toEqual([
      ["Explore Vehicle", "/cars/2021-toyota-corolla-ascent-sport-1001"],
      ["Quick Enquiry", "/cars/2021-toyota-corolla-ascent-sport-1001#enquire"],
      ["Reserve This Car $200", "/cars/2021-toyota-corolla-ascent-sport-1001/checkout"],
    ]);
    // Screen readers hear which car each button is for.
    expect(html).toContain('Explore Vehicle<span class="fc-visually-hidden">: 2021 Toyota Corolla Ascent Sport</span>');
  });

  it("reserves through /buy-online with the site's deposit where configured", () => {
    const settings = cardSettings(tenant((t) => (t.features.reserveOnline = { enabled: true, route: "buy-online", deposit: 500, holdHours: 72 })));
    expect(actions(render(car(1), settings))[2]).toEqual(["Reserve This Car $500", "/cars/2021-toyota-corolla-ascent-sport-1001/buy-online"]);
  });

  it("names the vehicle's kind on its Reserve button: a caravan, a motorcycle", () => {
    expect(actions(render({ ...car(1), item_type: "caravan" }))[2][0]).toBe("Reserve This Caravan $200");
    expect(actions(render({ ...car(1), item_type: "motorcycle" }))[2][0]).toBe("Reserve This Motorcycle $200");
  });

  it("has no Reserve button where reserving online is off", () => {
    const settings = cardSettings(tenant((t) => (t.features.reserveOnline.enabled = false)));
    expect(actions(render(car(1), settings)).map((a) => a[0])).toEqual(["Explore Vehicle", "Quick Enquiry"]);
  });

  it("shows favourite and compare toggles, not pressed before the browser's list is read", () => {
    expect(toggles(html)).toEqual(["favourites", "compare"]);
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('<span class="fc-visually-hidden">Favourite 2021 Toyota Corolla Ascent Sport</span>');
  });

  it("shows a views count only where the site shows them", () => {
    expect(html).not.toContain("views");
    expect(render(car(1, { views: 1234 }), cardSettings(tenant((t) => (t.features.viewsCount = true))))).toMatch(/>1,234 views<\/p>/);
  });
});

describe("vehicle card: a sold car", () => {
  const html = render(car(2, { status: "sold", sold_at: Math.floor(NOW.getTime() / 1000) - 86400 }));

  it("has the sold style and badge", () => {
    expect(html).toContain('data-status="sold"');
    expect(html).toMatch(/<span class="[^"]*">Sold<\/span>/);
  });

  it("asks Like this and want something similar? with Find Me Something Similar instead of the buttons", () => {
    expect(html).toMatch(/<p class="[^"]*">Like this and want something similar\?<\/p>/);
    expect(actions(html)).toEqual([["Find Me Something Similar", "/cars/2021-toyota-corolla-ascent-sport-1002#similar"]]);
    expect(html).not.toContain("Explore Vehicle");
    expect(html).not.toContain("Reserve This Car");
  });

  it("hides favourite and compare", () => {
    expect(toggles(html)).toEqual([]);
  });
});

describe("vehicle card: tags, reserved, unpriced and pre-order cars", () => {
  it("tags a reserved car RESERVED and offers no reservation", () => {
    const html = render(car(3, { reserved: true }));
    expect(html).toMatch(/data-kind="reserved">RESERVED<\/span>/);
    expect(actions(html).map((a) => a[0])).toEqual(["Explore Vehicle", "Quick Enquiry"]);
  });

  it("says the site's no-price text for an unpriced car and hides favourite / compare", () => {
    const html = render(car(4, { price: 0, price_type: null }));
    expect(html).toMatch(/data-kind="no-price"><span class="[^"]*">Enquire for price<\/span><\/p>/);
    expect(toggles(html)).toEqual([]);
    const custom = cardSettings(tenant((t) => (t.copy.noPriceText = "Call for price")));
    expect(render(car(4, { price: 0 }), custom)).toContain(">Call for price</span>");
  });

  it("says the pre-order text for an unpriced pre-order car", () => {
    const html = render(car(5, { price: 0, preorder: true, car_type: "new" }));
    expect(html).toMatch(/data-kind="preorder"><span class="[^"]*">Pre-order now<\/span><\/p>/);
  });

  it("tags a coming-soon car COMING SOON, still available to reserve", () => {
    const html = render(car(6, { status: "coming_soon" }));
    expect(html).toMatch(/data-kind="coming-soon">COMING SOON<\/span>/);
    expect(actions(html).map((a) => a[0])).toContain("Reserve This Car $200");
  });

  it("tags a car listed within 8 days with the site's new-arrival label", () => {
    const fresh = car(7, { created_at: Math.floor(NOW.getTime() / 1000) - 2 * 86400 });
    expect(render(fresh)).toMatch(/data-kind="new-arrival">New Arrival<\/span>/);
  });

  it("tags a used certified car of the franchise make as certified pre-owned", () => {
    const settings = cardSettings(tenant((t) => (t.identity.manufacturer = "Toyota")));
    expect(render(car(8, { certified: true }), settings)).toMatch(/data-kind="certified">Toyota Certified Pre-Owned<\/span>/);
  });

  it("has a placeholder and no toggles when there is no image", () => {
    const html = render(car(9, { primary_image_url: null, photos_count: 0 }));
    expect(html).not.toContain("<img");
    expect(html).toContain("Image coming soon");
    expect(toggles(html)).toEqual([]);
  });
});

describe("favourite and compare visibility (spec §5)", () => {
  const on = cardSettings(tenant());
  it("shows both for an available, priced car with an image", () => {
    expect(listToggleEligible(car(1), on, "favourites")).toBe(true);
    expect(listToggleEligible(car(1), on, "compare")).toBe(true);
  });
  it("hides each when its feature is off", () => {
    const off = cardSettings(tenant((t) => (t.features.compare = false)));
    expect(listToggleEligible(car(1), off, "favourites")).toBe(true);
    expect(listToggleEligible(car(1), off, "compare")).toBe(false);
  });
  it("hides them for unavailable, unpriced and imageless cars", () => {
    expect(listToggleEligible(car(1, { status: "sold" }), on, "favourites")).toBe(false);
    expect(listToggleEligible(car(1, { price: 0 }), on, "favourites")).toBe(false);
    expect(listToggleEligible(car(1, { price: -5 }), on, "favourites")).toBe(false);
    expect(listToggleEligible(car(1, { primary_image_url: null }), on, "favourites")).toBe(false);
    expect(listToggleEligible(car(1, { photos_count: 0 }), on, "favourites")).toBe(false);
  });
  it("on a used-only site, hides them for cars that are not used", () => {
    const usedOnly = cardSettings(tenant((t) => (t.identity.carTypes = ["used"])));
    expect(listToggleEligible(car(1, { car_type: "demo" }), usedOnly, "favourites")).toBe(false);
    expect(listToggleEligible(car(1, { car_type: "used" }), usedOnly, "favourites")).toBe(true);
    expect(listToggleEligible(car(1, { car_type: "demo" }), on, "favourites")).toBe(true);
  });
});

describe("reserve link", () => {
  it("is only for available cars that are not reserved", () => {
    const s = cardSettings(tenant());
    expect(reserveHref(car(1), s)).toBe("/cars/2021-toyota-corolla-ascent-sport-1001/checkout");
    expect(reserveHref(car(1, { reserved: true }), s)).toBeNull();
    expect(reserveHref(car(1, { status: "sold" }), s)).toBeNull();
  });
  it("formats the deposit in the site's currency, with cents only when it has them", () => {
    const nz = cardSettings(tenant((t) => Object.assign(t.identity, { locale: "en-NZ", currency: "NZD" })));
    expect(nz.reserve?.amount).toBe("$200");
    const cents = cardSettings(tenant((t) => (t.features.reserveOnline.deposit = 199.5)));
    expect(cents.reserve?.amount).toBe("$199.50");
  });
});
