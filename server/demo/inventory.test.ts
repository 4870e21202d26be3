import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateTenant } from "../../domain/tenant-validation";
import { SPIN_FRAMES } from "../../domain/media";
import { pictureRequest } from "../media/vehicle-pictures";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { CATALOGUE } from "./catalogue";
import { demoCount, generateDemoInventory } from "./inventory";
import { DEMO_HISTORY_REPORT, usedValue } from "./vehicle";
import { validateVehicle, type StoredVehicle } from "../inventory/vehicle";

const NOW = new Date("2026-05-15T02:00:00Z");
const DAY = 86_400_000;

const tenants: TenantDocument[] = readdirSync("tenants")
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => {
    const r = validateTenant(JSON.parse(readFileSync(join("tenants", f), "utf8")));
    if (!r.ok) throw new Error(`tenants/${f} is invalid`);
    return r.document;
  });
const stock = new Map(tenants.map((t) => [t.identity.slug, generateDemoInventory(t, { now: NOW })]));
const all = [...stock.values()].flat();
const tenant = (slug: string) => tenants.find((t) => t.identity.slug === slug)!;

describe("demo inventory", () => {
  it("is the same on every run, and only its dates move with the clock", () => {
    const t = tenant("harbourline");
    expect(generateDemoInventory(t, { now: NOW })).toEqual(stock.get("harbourline"));
    const later = generateDemoInventory(t, { now: new Date(NOW.getTime() + 30 * DAY) });
    const pick = (v: StoredVehicle) => [v.id, v.slug, v.stocknum, v.make, v.model, v.badge, v.price, v.km, v.vin, v.colour];
    expect(later.map(pick)).toEqual(stock.get("harbourline")!.map(pick));
    expect(later[0].created_at).not.toBe(stock.get("harbourline")![0].created_at);
  });

  it("never gives a car a model-year series other than its own year (a 2015 truck is MY15, not MY24)", () => {
    const modelYears = all.filter((v) => /^MY\d\d$/.test(v.series ?? ""));
    expect(modelYears.length).toBeGreaterThan(100);
    for (const v of modelYears) expect(v.series, `${v.year} ${v.make} ${v.model}`).toBe(`MY${String(v.year % 100).padStart(2, "0")}`);
    expect(new Set(modelYears.map((v) => v.series)).size).toBeGreaterThan(3);
  });

  it("gives every demo site 150 to 400 valid vehicles with unique ids, slugs and stock numbers", () => {
    for (const [slug, vehicles] of stock) {
      expect(vehicles.length, slug).toBeGreaterThanOrEqual(150);
      expect(vehicles.length, slug).toBeLessThanOrEqual(400);
      expect(vehicles.length).toBe(demoCount(tenant(slug)));
    }
    for (const v of all) {
      const r = validateVehicle(v, { now: NOW });
      expect(r.ok ? [] : r.errors, v.id).toEqual([]);
    }
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
    expect(new Set(all.map((v) => v.slug)).size).toBe(all.length);
    expect(new Set(all.map((v) => `${v.dealership_id}/${v.stocknum}`)).size).toBe(all.length);
    for (const v of all) expect(v.slug).toMatch(new RegExp(`^${v.year}-[a-z0-9-]+-[0-9a-f]{6}$`));
    const corolla = all.find((v) => v.model === "Corolla" && v.badge === "Ascent Sport" && v.body === "Hatchback");
    expect(corolla?.slug).toMatch(/^\d{4}-toyota-corolla-ascent-sport-hatch-[0-9a-f]{6}$/);
  });

  it("puts stock only at the site's dealerships and sales locations, in the kinds and conditions it sells", () => {
    for (const t of tenants) {
      const vehicles = stock.get(t.identity.slug)!;
      const dealerships = new Map(t.dealerships.map((d) => [d.id, d]));
      for (const v of vehicles) {
        const d = dealerships.get(v.dealership_id)!;
        expect(d, v.id).toBeDefined();
        const location = t.locations.find((l) => l.id === v.location_id)!;
        expect(location.dealership_id).toBe(v.dealership_id);
        expect(location.location_type).toBe("sales");
        expect(t.identity.stockKinds).toContain(v.item_type);
        expect(t.identity.carTypes).toContain(v.car_type);
        // New and demo stock is of the dealership's franchises.
        if (v.car_type !== "used" && d.makes?.length) expect(d.makes).toContain(v.make);
      }
    }
    expect(new Set(stock.get("bluegum")!.map((v) => v.car_type))).toEqual(new Set(["used"]));
    expect(new Set(stock.get("wattle-creek")!.map((v) => v.car_type))).toEqual(new Set(["new", "used"]));
    expect(all.filter((v) => v.item_type === "caravan").every((v) => stock.get("wattle-creek")!.includes(v))).toBe(true);
    expect(new Set(stock.get("redgate")!.map((v) => v.item_type))).toEqual(new Set(["motorcycle", "truck"]));
    expect(new Set(stock.get("harbourline")!.map((v) => v.item_type))).toEqual(new Set(["car", "motorcycle", "truck"]));
  });

  it("prices vehicles by age and kilometres: new at list, demo a little under, used lower the older and further driven", () => {
    const listPrice = (v: StoredVehicle) =>
      CATALOGUE.find((m) => m.make === v.make && m.model === v.model && m.body === v.body)!.badges.find((b) => b.name === (v.badge ?? ""))!.price * (v.dealership_id > 600 ? 1.08 : 1);
    const priced = all.filter((v) => v.price > 0);
    for (const v of priced) {
      const list = listPrice(v);
      if (v.car_type === "new") {
        expect(Math.abs(v.price - list), v.id).toBeLessThanOrEqual(510);
        expect(v.km).toBeLessThan(50);
        expect(v.year).toBe(NOW.getUTCFullYear());
      } else if (v.car_type === "demo") {
        expect(v.price).toBeLessThan(list);
        expect(v.price).toBeGreaterThan(list * 0.8);
        if (v.item_type !== "caravan") expect(v.km).toBeGreaterThanOrEqual(800);
      } else {
        expect(v.price).toBeLessThanOrEqual(list * 0.88);
        expect(v.year).toBeLessThan(NOW.getUTCFullYear());
        if (v.item_type === "car") expect(v.km).toBeLessThanOrEqual((NOW.getUTCFullYear() - v.year) * 21000 + 10);
      }
    }
    // Same model and badge: older and further driven is never dearer.
    const used = priced.filter((v) => v.car_type === "used");
    let pairs = 0;
    for (const a of used) {
      for (const b of used) {
        if (a.make === b.make && a.model === b.model && a.badge === b.badge && a.body === b.body && a.dealership_id === b.dealership_id && a.year < b.year && a.km >= b.km) {
          pairs++;
          expect(a.price, `${a.id} (${a.year}, ${a.km} km) vs ${b.id} (${b.year}, ${b.km} km)`).toBeLessThanOrEqual(b.price);
        }
      }
    }
    expect(pairs).toBeGreaterThan(20);
    expect(usedValue(40000, 3, 45000, "car")).toBeGreaterThan(usedValue(40000, 4, 45000, "car"));
    expect(usedValue(40000, 3, 45000, "car")).toBeGreaterThan(usedValue(40000, 3, 90000, "car"));
  });

  it("has the states and flags the site features need", () => {
    const ages = (v: StoredVehicle, field: "created_at" | "sold_at") => (NOW.getTime() - Date.parse(v[field]!)) / DAY;
    for (const [slug, vehicles] of stock) {
      const statuses = new Set(vehicles.map((v) => v.status));
      expect(statuses, slug).toEqual(new Set(["in_stock", "coming_soon", "sold"]));
      const sold = vehicles.filter((v) => v.status === "sold");
      // Sold within the last 10 days, spread so each site's sold-days window shows a different set.
      for (const v of sold) expect(ages(v, "sold_at")).toBeLessThanOrEqual(10);
      expect(sold.some((v) => ages(v, "sold_at") < 3) && sold.some((v) => ages(v, "sold_at") > 3 && ages(v, "sold_at") < 7) && sold.some((v) => ages(v, "sold_at") > 7)).toBe(true);
      for (const v of vehicles) {
        expect(ages(v, "created_at")).toBeLessThanOrEqual(90);
        if (v.status !== "sold") expect(v.sold_at).toBeUndefined();
        else expect(Date.parse(v.created_at)).toBeLessThan(Date.parse(v.sold_at!));
      }
      expect(vehicles.some((v) => ages(v, "created_at") < 8), `${slug}: new arrivals`).toBe(true);
      expect(vehicles.some((v) => ages(v, "created_at") > 30)).toBe(true);
      expect(vehicles.some((v) => v.reserved), `${slug}: reserved`).toBe(true);
      expect(vehicles.some((v) => v.tag), `${slug}: tags`).toBe(true);
      expect(vehicles.some((v) => v.price === 0), `${slug}: no price`).toBe(true);
      expect(vehicles.some((v) => !v.dealercomments), `${slug}: comments missing`).toBe(true);
      expect(vehicles.filter((v) => v.dealercomments).length).toBeGreaterThan(vehicles.length * 0.7);
      expect(vehicles.filter((v) => v.finance).length).toBeGreaterThan(vehicles.length * 0.6);
      expect(vehicles.some((v) => v.spin_images?.length === SPIN_FRAMES && v.hotspots?.exterior?.length), `${slug}: spin`).toBe(true);
      expect(vehicles.some((v) => v.views > 0)).toBe(true);
    }
    expect(all.some((v) => v.preorder && v.status === "coming_soon")).toBe(true);
    expect(all.some((v) => (v.dealercomments?.length ?? 0) > 400)).toBe(true);
    for (const v of all.filter((x) => x.certified)) {
      expect(v.car_type).toBe("used");
      expect(v.item_type).toBe("car");
    }
    expect(all.filter((v) => v.certified).length).toBeGreaterThan(10);
    expect(all.some((v) => v.tag === "Test Drive Only")).toBe(true);
    for (const slug of ["harbourline", "coralstone-mazda", "kowhai-motors", "bluegum"]) {
      const fuels = new Set(stock.get(slug)!.map((v) => v.fuel));
      expect(fuels.has("Electric") && fuels.has("Hybrid"), slug).toBe(true);
    }
    // Market prices are Australian data: none on the New Zealand site.
    expect(stock.get("kowhai-motors")!.some((v) => v.autograb_data)).toBe(false);
    expect(stock.get("bluegum")!.filter((v) => v.autograb_data).length).toBeGreaterThan(20);
    const lender = stock.get("harbourline")!.find((v) => v.finance)!.finance!["Harbourline Finance"]!;
    expect(lender.paymentWeek).toBeGreaterThan(0);
    expect(lender.interestRate).toBeGreaterThan(0);
  });

  it("writes dealer comments that print no phone number (a site masks its number behind Show number) and name the kind's test", () => {
    for (const v of all) {
      expect(v.dealercomments ?? "", v.id).not.toMatch(/\d{2}\s?\d{4}\s?\d{4}|1[38]00\s?\d{3}\s?\d{3}/);
      if (v.item_type === "caravan") expect(v.dealercomments ?? "", v.id).not.toMatch(/test drive/i);
    }
  });

  it("sizes caravans in feet with their weights and berths, and gives them no engine", () => {
    const vans = stock.get("wattle-creek")!;
    for (const v of vans) {
      expect(v.body_length_ft).toBeGreaterThanOrEqual(10);
      expect(v.body_length_ft).toBeLessThanOrEqual(24);
      expect(v.aggregate_trailer_mass!).toBeGreaterThan(v.tare_weight!);
      expect(v.sleeps).toBeGreaterThan(0);
      expect(v.axle_type).toMatch(/^(Single|Tandem)$/);
      expect(v.fuel).toBeUndefined();
      expect(v.km).toBe(0);
    }
    expect(new Set(vans.map((v) => v.body))).toEqual(new Set(["Caravan", "Pop Top", "Camper Trailer"]));
  });

  it("points every picture at a generated picture the media route makes", () => {
    for (const v of all) {
      for (const url of [...v.images.map((i) => i.url), ...(v.spin_images ?? []), ...(v.spin_interior_image ? [v.spin_interior_image] : [])]) {
        const m = /^\/media\/vehicles\/(.+)$/.exec(url);
        expect(m && pictureRequest(m[1].split("/")), url).toBeTruthy();
      }
      // A gallery shows each picture once (no view repeated).
      expect(new Set(v.images.map((i) => i.url)).size, v.id).toBe(v.images.length);
    }
    // Each model is drawn as itself: a CX-3's pictures are not a CX-5's.
    const mazda = stock.get("coralstone-mazda")!.filter((v) => v.images.length);
    const modelOf = (v: StoredVehicle) => /^\/media\/vehicles\/[a-z-]+\/([a-z0-9-]+)\/[0-9a-f]{6}\//.exec(v.images[0].url)?.[1];
    expect(new Set(mazda.filter((v) => v.model === "CX-3").map(modelOf))).toEqual(new Set(["mazda-cx-3"]));
    expect(new Set(mazda.filter((v) => v.model === "CX-5").map(modelOf))).toEqual(new Set(["mazda-cx-5"]));
    expect(all.every((v) => v.images.every((i) => /^\/media\/vehicles\/[a-z-]+\/[a-z0-9-]+\/[0-9a-f]{6}\//.test(i.url))), "every demo picture names its model").toBe(true);
    expect(all.some((v) => v.images.length === 0)).toBe(true);
    expect(all.some((v) => v.images.length > 0 && v.images.length <= 3)).toBe(true);
    expect(all.some((v) => v.images.some((i) => i.kind === "interior"))).toBe(true);
    for (const v of all.filter((x) => x.hotspots)) {
      for (const h of v.hotspots!.exterior ?? []) for (const p of h.positions) expect(p.activeAngle).toBeLessThan(SPIN_FRAMES);
    }
  });

  it("links about a third of used cars (only used ones) to the sample history report, a file the site serves", () => {
    for (const [slug, vehicles] of stock) {
      const used = vehicles.filter((v) => v.car_type === "used");
      const withReport = vehicles.filter((v) => v.history_report_url);
      expect(withReport.every((v) => v.car_type === "used" && v.history_report_url === DEMO_HISTORY_REPORT), slug).toBe(true);
      if (used.length >= 50) {
        expect(withReport.length / used.length, slug).toBeGreaterThan(0.2);
        expect(withReport.length / used.length, slug).toBeLessThan(0.4);
      }
    }
    expect(stock.get("bluegum")!.some((v) => v.history_report_url && v.status === "in_stock")).toBe(true);
    expect(readFileSync(join("public", DEMO_HISTORY_REPORT)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("skips dealerships another site already stocked", () => {
    const t = tenant("harbourline");
    const some = generateDemoInventory(t, { now: NOW, skip: new Set([101, 102]) });
    expect(some.some((v) => v.dealership_id === 101 || v.dealership_id === 102)).toBe(false);
    expect(some).toEqual(stock.get("harbourline")!.filter((v) => v.dealership_id !== 101 && v.dealership_id !== 102));
  });
});
