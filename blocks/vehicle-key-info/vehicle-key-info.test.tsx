import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { caravanVehicle, electricVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { engineText, formatYearMonth, keyInfoItems } from "../../domain/key-info";
import VehicleKeyInfo from "./vehicle-key-info";

const PATH = "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001";

async function render(car: StoredVehicle | null, heading?: string) {
  const el = (await VehicleKeyInfo({ id: "key", props: { heading: heading ?? "Key Information" }, ctx: fixtureCtx(PATH, fixtureTenant, car) })) as ReactElement | null;
  return el ? renderToStaticMarkup(el) : "";
}

/** Labels and values of the items in markup order, split into the always-shown list and the Show More region. */
function parse(html: string) {
  const pairs = (s: string) => [...s.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => [m[1], m[2]]);
  const at = html.indexOf('id="key-more"');
  return { shown: pairs(at < 0 ? html : html.slice(0, at)), more: at < 0 ? [] : pairs(html.slice(at)) };
}

const full = () =>
  fixtureVehicle({
    interior_colour: "Black Cloth",
    gearnum: 1,
    engine_size_litres: 2,
    engine_size: 1987,
    variant: { cylinders: 4, induction: "Aspirated" },
    build_date: "2020-11",
    compliance_date: "2021-01",
    rego_expiry: "2025-08-14",
  });

describe("key information items", () => {
  it("lists every fact present, in order, formatted for the locale", () => {
    expect(keyInfoItems(full(), "en-AU")).toEqual([
      { label: "Odometer", value: "42,123 km" },
      { label: "Transmission", value: "Constantly Variable Transmission" },
      { label: "Body", value: "Hatchback" },
      { label: "Fuel", value: "Petrol - Unleaded ULP" },
      { label: "Drive", value: "FWD" },
      { label: "Engine", value: "2.0L 4 cyl" },
      { label: "Colour", value: "Glacier White" },
      { label: "Interior", value: "Black Cloth" },
      { label: "Seats", value: "5" },
      { label: "Doors", value: "5" },
      { label: "Year", value: "2021" },
      { label: "Build date", value: "Nov 2020" },
      { label: "Compliance date", value: "Jan 2021" },
      { label: "Rego", value: "123ABC (expires 14 Aug 2025)" },
      { label: "Stock number", value: "U1001" },
      { label: "VIN", value: "JTNKB3BE10J012345" },
    ]);
  });

  it("engine: litres (or cc) with the variant's cylinders and a non-aspirated induction; gears with the transmission", () => {
    expect(engineText({ engine_size_litres: 2.8, variant: { cylinders: 4, induction: "Turbo" } })).toBe("2.8L 4 cyl turbo");
    expect(engineText({ engine_size: 1496 })).toBe("1.5L");
    expect(engineText({ variant: { cylinders: 6 } })).toBe("6 cyl");
    expect(engineText({})).toBeNull();
    expect(keyInfoItems(fixtureVehicle({ transmission: "Automatic", gearnum: 8 }), "en-AU").find((i) => i.label === "Transmission")?.value).toBe("8 speed Automatic");
  });

  it("an electric car has no engine item", () => {
    const items = keyInfoItems(electricVehicle(), "en-AU");
    expect(items.map((i) => i.label)).not.toContain("Engine");
    expect(items.slice(0, 4)).toEqual([
      { label: "Odometer", value: "10 km" },
      { label: "Transmission", value: "Reduction Gear" },
      { label: "Body", value: "SUV" },
      { label: "Fuel", value: "Electric" },
    ]);
  });

  it("a caravan leads with its sizes in feet and metres (0.3048) and the caravan fields, without an odometer", () => {
    const items = keyInfoItems(caravanVehicle(), "en-AU");
    expect(items.slice(0, 6)).toEqual([
      { label: "Body length", value: "21 ft (6.40 m)" },
      { label: "Body width", value: "7.5 ft (2.29 m)" },
      { label: "Tare weight", value: "2,400 kg" },
      { label: "Aggregate trailer mass", value: "3,000 kg" },
      { label: "Axles", value: "Tandem" },
      { label: "Sleeps", value: "4" },
    ]);
    expect(items.map((i) => i.label)).not.toContain("Odometer");
    expect(keyInfoItems({ item_type: "caravan", body_length_ft: 20 }, "en-AU")).toEqual([{ label: "Body length", value: "20 ft (6.10 m)" }]);
  });

  it("bad or missing data drops items and never throws", () => {
    const bad = { km: Number.NaN, build_date: "soon", rego_expiry: "2025-13-45", colour: "  ", regplate: "", year: 2019 } as unknown as Partial<StoredVehicle>;
    expect(() => keyInfoItems(bad, "en-AU")).not.toThrow();
    const items = keyInfoItems(bad, "en-AU");
    expect(items.find((i) => i.label === "Build date")?.value).toBe("soon");
    expect(items.map((i) => i.label)).not.toContain("Odometer");
    expect(items.map((i) => i.label)).not.toContain("Colour");
    expect(keyInfoItems({}, "en-AU")).toEqual([]);
    expect(formatYearMonth(undefined, "en-AU")).toBeNull();
    expect(keyInfoItems({ rego_expiry: "2026-02-01" }, "en-AU")).toEqual([{ label: "Rego", value: "Expires 1 Feb 2026" }]);
  });

  it("formats with the site's locale", () => {
    expect(keyInfoItems(fixtureVehicle({ km: 123456 }), "en-NZ")[0]).toEqual({ label: "Odometer", value: "123,456 km" });
    // New Zealand words: registration, not rego.
    expect(keyInfoItems({ regplate: "KWH123" }, "en-NZ")).toEqual([{ label: "Registration", value: "KWH123" }]);
    expect(keyInfoItems({ regplate: "123ABC" }, "en-AU")).toEqual([{ label: "Rego", value: "123ABC" }]);
  });
});

describe("vehicle-key-info block", () => {
  it("renders nothing without a car", async () => {
    expect(await render(null)).toBe("");
  });

  it("shows the first 4 items; the rest sit behind Show More (aria-expanded, aria-controls)", async () => {
    const html = await render(full());
    expect(html).toContain('<h2 id="key-heading"');
    expect(html).toContain('aria-labelledby="key-heading"');
    expect(html).toContain(">Key Information</h2>");
    const { shown, more } = parse(html);
    expect(shown).toEqual([
      ["Odometer", "42,123 km"],
      ["Transmission", "Constantly Variable Transmission"],
      ["Body", "Hatchback"],
      ["Fuel", "Petrol - Unleaded ULP"],
    ]);
    expect(more.map(([l]) => l)).toEqual(["Drive", "Engine", "Colour", "Interior", "Seats", "Doors", "Year", "Build date", "Compliance date", "Rego", "Stock number", "VIN"]);
    // Collapsed: the rest is hidden, the button says Show More and controls the region.
    expect(html).toMatch(/<div id="key-more"[^>]*><div hidden="">/);
    expect(html).toMatch(/<button type="button"[^>]*aria-expanded="false" aria-controls="key-more">Show More<span class="fc-visually-hidden"> Key Information<\/span>/);
  });

  it("no toggle when the car has 4 items or fewer", async () => {
    const html = await render(fixtureVehicle({ km: 0, transmission: undefined, body: "Sedan", fuel: undefined, drive: undefined, colour: undefined, seats: undefined, doors: undefined, vin: undefined, regplate: undefined, stocknum: "" }));
    expect(parse(html).shown).toEqual([
      ["Odometer", "0 km"],
      ["Body", "Sedan"],
      ["Year", "2021"],
    ]);
    expect(html).not.toContain("<button");
  });

  it("a caravan shows a size in feet and metres among its first 4", async () => {
    const { shown } = parse(await render(caravanVehicle()));
    expect(shown[0]).toEqual(["Body length", "21 ft (6.40 m)"]);
    expect(shown).toHaveLength(4);
  });

  it("sold cars keep their key information; the heading is a prop", async () => {
    const html = await render(soldVehicle(), "Vehicle Details");
    expect(html).toContain(">Vehicle Details</h2>");
    expect(parse(html).shown[0]).toEqual(["Odometer", "42,123 km"]);
  });

  it("escapes feed text", async () => {
    const html = await render(fixtureVehicle({ colour: '<img src=x onerror="alert(1)">' }));
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x");
  });
});

describe("New Zealand Consumer Information Notice link", () => {
  const renderOn = async (car: StoredVehicle, notices: boolean) => {
    const tenant = structuredClone(fixtureCtx(PATH).tenant);
    tenant.features.consumerInformationNotice = notices;
    const el = (await VehicleKeyInfo({ id: "key", props: { heading: "Key Information" }, ctx: fixtureCtx(PATH, tenant, car) })) as ReactElement;
    return renderToStaticMarkup(el);
  };
  it("links used and demo cars to their notice on sites that show notices, never new cars", async () => {
    const link = '<a href="/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001/consumer-information-notice">Consumer Information Notice</a>';
    expect(await renderOn(fixtureVehicle(), true)).toContain(link);
    expect(await renderOn(fixtureVehicle({ car_type: "demo" }), true)).toContain(link);
    expect(await renderOn(fixtureVehicle({ car_type: "new" }), true)).not.toContain("Consumer Information Notice");
    expect(await renderOn(fixtureVehicle(), false)).not.toContain("Consumer Information Notice");
  });
});

describe("New Zealand vehicle emissions and energy economy label (listing rule nz-veeel)", () => {
  const renderIn = async (car: StoredVehicle, locale: "en-AU" | "en-NZ") => {
    const tenant = structuredClone(fixtureCtx(PATH).tenant);
    tenant.identity.locale = locale;
    const el = (await VehicleKeyInfo({ id: "key", props: { heading: "Key Information" }, ctx: fixtureCtx(PATH, tenant, car) })) as ReactElement;
    return renderToStaticMarkup(el);
  };
  const label = (html: string) => parse(html.slice(html.indexOf('id="key-veeel"'))).shown;

  it("shows a New Zealand car's fuel economy and CO2 emissions from its record, and Not Available for what it lacks", async () => {
    const html = await renderIn(fixtureVehicle({ variant: { fuelconsumptioncombined: 6.84, co2emissions: 158 } }), "en-NZ");
    expect(html).toContain('<h3 id="key-veeel"');
    expect(html).toContain(">Vehicle emissions and energy economy</h3>");
    expect(label(html)).toEqual([["Fuel economy", "6.8 L/100 km"], ["CO₂ emissions", "158 g/km"]]);
    expect(label(await renderIn(fixtureVehicle({ variant: {} }), "en-NZ"))).toEqual([["Fuel economy", "Not Available"], ["CO₂ emissions", "Not Available"]]);
    // An electric car's economy is its energy use.
    expect(label(await renderIn({ ...electricVehicle(), variant: { energyconsumption: 152 } }, "en-NZ"))[0]).toEqual(["Energy economy", "152 Wh/km"]);
  });

  it("is New Zealand's alone, and a light vehicle's: not an Australian site's, nor a caravan's", async () => {
    expect(await renderIn(fixtureVehicle({ variant: { fuelconsumptioncombined: 6.8 } }), "en-AU")).not.toContain("emissions and energy economy");
    expect(await renderIn(caravanVehicle(), "en-NZ")).not.toContain("emissions and energy economy");
  });
});
