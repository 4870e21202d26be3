import { describe, expect, it } from "vitest";
import {
  BASS_STRAIT_SURCHARGE,
  checkPostcode,
  DELIVERY_BAD_POSTCODE,
  DELIVERY_EMPTY_POSTCODE,
  DELIVERY_NO_PRICE,
  DELIVERY_POSTCODE_PLACEHOLDER,
  deliveryPlaceholder,
  deliveryPrice,
  distanceKm,
  estimateText,
  LOCAL_DELIVERY_PRICE,
  regionLabel,
  type DeliveryRegion,
} from "./delivery";

const region = (name: string, state: string, lat: number, lng: number, mmm = 1): DeliveryRegion => ({ name, state, lat, lng, mmm });
const brisbane = region("Brisbane Inner City", "QLD", -27.457, 153.037);
const goldCoast = region("Gold Coast", "QLD", -28.053, 153.4);
const sydney = region("Sydney - City and Inner South", "NSW", -33.893, 151.194);
const hobart = region("Hobart", "TAS", -42.878, 147.373, 2);
const launceston = region("Launceston and North East", "TAS", -41.359, 147.198, 5);
const outbackWa = region("Western Australia - Outback", "WA", -27.832, 117.675, 7);
const outbackNt = region("Northern Territory - Outback", "NT", -14.496, 133.886, 6);

describe("delivery calculator texts (spec §5, §8)", () => {
  it("suggests a postcode of the site's own state or region: the spec's 4000 only for Queensland", () => {
    const at = (state: string, postcode: string, primary = true) => ({ primary, address: { state, postcode } });
    expect(deliveryPlaceholder({ identity: { state: "QLD", locale: "en-AU" } })).toBe("e.g. 4000");
    expect(deliveryPlaceholder({ identity: { state: "VIC", locale: "en-AU" }, locations: [at("VIC", "3551")] })).toBe("e.g. 3000");
    expect(deliveryPlaceholder({ identity: { locale: "en-AU" }, locations: [at("QLD", "4350", false), at("NT", "0870")] })).toBe("e.g. 0800");
    // New Zealand: its own region's 4-digit postcode, never an Australian one.
    expect(deliveryPlaceholder({ identity: { locale: "en-NZ" }, locations: [at("CAN", "8024")] })).toBe("e.g. 8011");
    expect(deliveryPlaceholder({ identity: { locale: "en-NZ" }, locations: [at("NTL", "0110")] })).toBe("e.g. 0110");
    expect(deliveryPlaceholder({ identity: { locale: "en-NZ" } })).toBe("e.g. 1010");
  });

  it("has the spec's placeholder and messages, word for word", () => {
    expect(DELIVERY_POSTCODE_PLACEHOLDER).toBe("e.g. 4000");
    expect(DELIVERY_EMPTY_POSTCODE).toBe("Please enter a postcode.");
    expect(DELIVERY_NO_PRICE).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });

  it("requires a postcode and accepts four digits only", () => {
    expect(checkPostcode("")).toEqual({ ok: false, message: DELIVERY_EMPTY_POSTCODE });
    expect(checkPostcode("   ")).toEqual({ ok: false, message: DELIVERY_EMPTY_POSTCODE });
    expect(checkPostcode(null)).toEqual({ ok: false, message: DELIVERY_EMPTY_POSTCODE });
    expect(checkPostcode(" 4000 ")).toEqual({ ok: true, postcode: "4000" });
    expect(checkPostcode("0800")).toEqual({ ok: true, postcode: "0800" });
    for (const bad of ["400", "40000", "4OOO", "40 00", "abcd", "-400", "4000a"]) expect(checkPostcode(bad)).toEqual({ ok: false, message: DELIVERY_BAD_POSTCODE });
  });

  it("fills the result wording", () => {
    expect(estimateText("Estimated delivery to {region}: {price}", { name: "Hobart, TAS", price: "$2,350" })).toBe("Estimated delivery to Hobart, TAS: $2,350");
    expect(estimateText("{price} to {region}", { name: "Darwin, NT", price: "$1,500" })).toBe("$1,500 to Darwin, NT");
  });

  it("names a region with its state unless the name already says it", () => {
    expect(regionLabel(brisbane)).toBe("Brisbane Inner City, QLD");
    expect(regionLabel(outbackWa)).toBe("Western Australia - Outback");
    expect(regionLabel(region("Australian Capital Territory", "ACT", 0, 0))).toBe("Australian Capital Territory");
  });
});

describe("delivery price rule", () => {
  it("measures great-circle distances on a 6371 km Earth", () => {
    expect(distanceKm(brisbane, brisbane)).toBe(0);
    // Brisbane to Sydney centres: about 737 km in a straight line.
    expect(Math.round(distanceKm(brisbane, sydney))).toBe(737);
    expect(distanceKm(brisbane, sydney)).toBeCloseTo(distanceKm(sydney, brisbane), 9);
  });

  it("charges the local price within the car's own region", () => {
    expect(deliveryPrice(brisbane, brisbane)).toBe(LOCAL_DELIVERY_PRICE);
    expect(LOCAL_DELIVERY_PRICE).toBe(150);
  });

  it("charges by distance band between regions, cheapest nearby", () => {
    expect(Math.round(distanceKm(brisbane, goldCoast))).toBe(75);
    expect(deliveryPrice(brisbane, goldCoast)).toBe(250); // ≤ 100 km
    expect(deliveryPrice(brisbane, sydney)).toBe(900); // 501–1000 km
    expect(deliveryPrice(sydney, brisbane)).toBe(900);
    expect(deliveryPrice(hobart, launceston)).toBe(400); // 169 km, both in Tasmania: no ferry
  });

  it("adds the Bass Strait ferry between Tasmania and the mainland, either way", () => {
    // Brisbane – Hobart: 1,789 km → 1,500, plus the ferry.
    expect(deliveryPrice(brisbane, hobart)).toBe(1500 + BASS_STRAIT_SURCHARGE);
    expect(deliveryPrice(hobart, brisbane)).toBe(1500 + BASS_STRAIT_SURCHARGE);
  });

  it("adds the remote-area surcharge for remote (MMM 6) and very remote (MMM 7) destinations", () => {
    // Brisbane – WA outback: 3,471 km → 2,300 + 600.
    expect(deliveryPrice(brisbane, outbackWa)).toBe(2300 + 600);
    // Brisbane – NT outback centre: 2,450 km → 1,900 + 300; the way back carries no surcharge.
    expect(Math.round(distanceKm(brisbane, outbackNt))).toBe(2450);
    expect(deliveryPrice(brisbane, outbackNt)).toBe(1900 + 300);
    expect(deliveryPrice(outbackNt, brisbane)).toBe(1900);
  });
});
