import { describe, expect, it } from "vitest";
import { cardTag, formatMoney, isAvailable, isBelowMarket, priceDisplay, vehicleHeading, vehicleWord } from "./vehicle-display";

const au = { identity: { locale: "en-AU", currency: "AUD" }, copy: { noPriceText: "Enquire for price", preorderText: "Pre-order now", newArrivalLabel: "New Arrival" } } as const;
const nz = { ...au, identity: { locale: "en-NZ", currency: "NZD" } } as const;

describe("priceDisplay", () => {
  it("shows a price only when it is over 10", () => {
    expect(priceDisplay({ price: 34990, price_type: "Drive Away" }, au)).toEqual({ kind: "price", text: "$34,990", label: "Drive Away" });
    expect(priceDisplay({ price: 11 }, au)).toEqual({ kind: "price", text: "$11", label: null });
    expect(priceDisplay({ price: 10 }, au)).toEqual({ kind: "no-price", text: "Enquire for price" });
  });
  it("uses the pre-order text, then the site's no-price text", () => {
    expect(priceDisplay({ price: 0, preorder: true }, au)).toEqual({ kind: "preorder", text: "Pre-order now" });
    expect(priceDisplay({ price: null }, { ...au, copy: { ...au.copy, noPriceText: "Call for price" } })).toEqual({ kind: "no-price", text: "Call for price" });
  });
  it("formats New Zealand dollars for en-NZ", () => {
    expect(formatMoney(129500, nz.identity)).toBe("$129,500");
    expect(formatMoney(1360.5, au.identity, 2)).toBe("$1,360.50");
  });
});

describe("isBelowMarket", () => {
  it("needs the price more than 499 under the market average", () => {
    expect(isBelowMarket(30000, 30500)).toBe(true);
    expect(isBelowMarket(30001, 30500)).toBe(false);
    expect(isBelowMarket(0, 30500)).toBe(false);
    expect(isBelowMarket(30000, null)).toBe(false);
  });
});

describe("cardTag", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  const created = (daysAgo: number) => Math.floor(now.getTime() / 1000) - daysAgo * 86400;
  const opts = { now, certifiedMake: "Mazda", newArrivalLabel: "New Arrival" };
  const car = { created_at: created(30), status: "in_stock", car_type: "used", make: "Mazda" };
  it("follows the precedence: fuel, reserved, certified, custom, coming soon, new arrival", () => {
    const all = { ...car, fuel: "Hybrid", reserved: true, certified: true, tag: "Test Drive Only", status: "coming_soon", created_at: created(1) };
    expect(cardTag(all, opts)).toEqual({ kind: "fuel", label: "Hybrid" });
    expect(cardTag({ ...all, fuel: "Petrol" }, opts)).toEqual({ kind: "reserved", label: "RESERVED" });
    expect(cardTag({ ...all, fuel: "Petrol", reserved: false }, opts)).toEqual({ kind: "certified", label: "Mazda Certified Pre-Owned", make: "Mazda" });
    expect(cardTag({ ...all, fuel: "Petrol", reserved: false, certified: false }, opts)).toEqual({ kind: "custom", label: "Test Drive Only" });
    expect(cardTag({ ...all, fuel: "Petrol", reserved: false, certified: false, tag: null }, opts)).toEqual({ kind: "coming-soon", label: "COMING SOON" });
    expect(cardTag({ ...car, created_at: created(7.9) }, opts)).toEqual({ kind: "new-arrival", label: "New Arrival" });
    expect(cardTag({ ...car, created_at: created(8) }, opts)).toBeNull();
    expect(cardTag({ ...car, fuel: "Electric" }, opts)).toEqual({ kind: "fuel", label: "Electric" });
  });
  it("shows the certified tag only for used cars of the franchise's make", () => {
    expect(cardTag({ ...car, certified: true, make: "Toyota" }, opts)).toBeNull();
    expect(cardTag({ ...car, certified: true, car_type: "demo" }, opts)).toBeNull();
    expect(cardTag({ ...car, certified: true }, { ...opts, certifiedMake: null })).toBeNull();
  });
});

describe("availability, headings and words", () => {
  it("counts in_stock and coming_soon as available", () => {
    expect(["in_stock", "coming_soon", "sold", "withdrawn", undefined].map(isAvailable)).toEqual([true, true, false, false, false]);
  });
  it("builds the heading as year make model, then badge and series", () => {
    expect(vehicleHeading({ year: 2021, make: "Toyota", model: "Corolla", badge: "Ascent Sport", series: "ZWE211R" })).toEqual({ title: "2021 Toyota Corolla", subtitle: "Ascent Sport ZWE211R" });
    expect(vehicleHeading({ year: 2024, make: "Jayco", model: "Journey", badge: null })).toEqual({ title: "2024 Jayco Journey", subtitle: "" });
  });
  it("pluralises the vehicle word by count, but a caravan site always says Caravans", () => {
    const cars = { identity: { vehicleNoun: { singular: "Car", plural: "Cars" }, stockKinds: ["car"] } } as never;
    const vans = { identity: { vehicleNoun: { singular: "Caravan", plural: "Caravans" }, stockKinds: ["caravan"] } } as never;
    expect([vehicleWord(1, cars), vehicleWord(2, cars), vehicleWord(0, cars)]).toEqual(["Car", "Cars", "Cars"]);
    expect(vehicleWord(1, vans)).toBe("Caravans");
  });
});
