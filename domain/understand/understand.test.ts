import { describe, expect, it } from "vitest";
import { CHEAP_FALLBACK, understand, type Facets } from "./understand";
import { rangeText } from "./labels";

// A site's facet values as its search response gives them (an AU dealer group selling cars, bikes and trucks).
const facets: Facets = {
  make: { Toyota: 40, Mazda: 39, Ford: 35, Kia: 18, "Isuzu UTE": 14, "Isuzu Trucks": 3, Volkswagen: 25, "Mercedes-Benz": 1, Tesla: 4, Yamaha: 16 },
  model: { HiLux: 8, Corolla: 5, "LandCruiser 300": 2, "CX-5": 6, Mazda3: 4, "BT-50": 3, Ranger: 9, Everest: 4, Sportage: 3, "D-Max": 6, "Model 3": 3, Golf: 3, "MT-07": 2 },
  body: { suv: 182, hatch: 48, ute: 27, sedan: 7, cabChassis: 22, peopleMover: 6, naked: 12 },
  colour: { White: 84, Blue: 77, Grey: 46, Black: 22, Red: 32, Silver: 29 },
  fuel: { Petrol: 206, Diesel: 115, Hybrid: 29, Electric: 38, "Plug-in Hybrid": 12 },
  transmission: { Automatic: 348, Manual: 52 },
  drive: { FWD: 124, "4x4": 61, AWD: 91, RWD: 36, "4x2": 48 },
  car_type: { new: 200, demo: 50, used: 150 },
  item_type: { car: 350, motorcycle: 30, truck: 20 },
  price_range: { "Under $5,000": 0, "$10,000 - $15,000": 40, "$15,000 - $20,000": 30, "$20,000 - $30,000": 100, "$30,000 - $40,000": 120, "$40,000 - $50,000": 60, "$150,000+": 10, "No price listed": 5 },
};
const now = new Date("2026-06-01T00:00:00Z");
const read = (text: string, f: Facets = facets) => {
  const { refinementList, range, query, near, chips } = understand(text, f, { now, joinNewAndDemo: false });
  return { refinementList, range, query, near, chips: chips.map((c) => c.label).join(" · ") };
};

describe("understand: the issue's requests", () => {
  it("white diesel ute under 40k with less than 50,000 km", () => {
    expect(read("white diesel ute under 40k with less than 50,000 km")).toEqual({
      refinementList: { colour: ["White"], fuel: ["Diesel"], body: ["ute"] },
      range: { price: ":40000", km: ":50000" },
      query: "",
      near: undefined,
      chips: "Ute · White · Diesel · Under $40,000 · Under 50,000 km",
    });
  });

  it("7 seater suv 2019 or newer automatic", () => {
    expect(read("7 seater suv 2019 or newer automatic")).toEqual({
      refinementList: { body: ["suv"], transmission: ["Automatic"] },
      range: { seats: "7:", year: "2019:" },
      query: "",
      near: undefined,
      chips: "SUV · Automatic · 7+ seats · 2019 or newer",
    });
  });

  it("mazda cx5 or cx-5 around $30k: the model matched against the site's spelling, ±10 % as a range", () => {
    expect(read("mazda cx5 or cx-5 around $30k")).toEqual({
      refinementList: { make: ["Mazda"], model: ["CX-5"] },
      range: { price: "27000:33000" },
      query: "",
      near: undefined,
      chips: "Mazda · CX-5 · $27,000 – $33,000",
    });
  });

  it("cheap first car near 2148: cheap is the cheapest quarter of the site's priced stock; the postcode is `near`", () => {
    // 355 priced cars: the quarter (89) is reached in the $20,000 - $30,000 bucket (40 + 30 + 100).
    expect(read("cheap first car near 2148")).toEqual({
      refinementList: { item_type: ["car"] },
      range: { price: ":30000" },
      query: "",
      near: { place: "2148" },
      chips: "Car · Under $30,000",
    });
    // Without the site's price ranges: the fallback bound; a site selling only cars has no kind to narrow.
    const carsOnly = { ...facets, item_type: { car: 10 }, price_range: undefined } as unknown as Facets;
    expect(read("cheap first car near 2148", carsOnly)).toMatchObject({ refinementList: {}, range: { price: `:${CHEAP_FALLBACK}` }, near: { place: "2148" } });
  });

  it("towing 3500kg: no site has a towing filter, so the words stay as the query", () => {
    expect(read("towing 3500kg")).toEqual({ refinementList: {}, range: {}, query: "towing 3500kg", near: undefined, chips: "" });
    expect(read("hilux towing 3500kg")).toMatchObject({ refinementList: { model: ["HiLux"] }, query: "towing 3500kg" });
  });

  it.each([
    ["4x4", { drive: ["4x4"] }, "4x4"],
    ["4wd", { drive: ["4x4"] }, "4x4"],
    ["four wheel drive", { drive: ["4x4"] }, "4x4"],
    ["dual cab", { body: ["ute"] }, "Ute"],
    ["auto", { transmission: ["Automatic"] }, "Automatic"],
    ["manual", { transmission: ["Manual"] }, "Manual"],
    ["hybrid", { fuel: ["Hybrid"] }, "Hybrid"],
    ["EV", { fuel: ["Electric"] }, "Electric"],
    ["plug-in hybrid", { fuel: ["Plug-in Hybrid"] }, "Plug-in Hybrid"],
    ["utes", { body: ["ute"] }, "Ute"],
    ["people mover", { body: ["peopleMover"] }, "People Mover"],
    ["second hand", { car_type: ["used"] }, "Used"],
    ["grey", { colour: ["Grey"] }, "Grey"],
    ["gray", { colour: ["Grey"] }, "Grey"],
    ["vw golf", { make: ["Volkswagen"], model: ["Golf"] }, "Volkswagen · Golf"],
    ["merc", { make: ["Mercedes-Benz"] }, "Mercedes-Benz"],
    ["isuzu", { make: ["Isuzu UTE", "Isuzu Trucks"] }, "Isuzu UTE · Isuzu Trucks"],
    ["landcruiser", { model: ["LandCruiser 300"] }, "LandCruiser 300"],
    ["mazda 3", { model: ["Mazda3"] }, "Mazda3"],
    ["tesla model 3", { make: ["Tesla"], model: ["Model 3"] }, "Tesla · Model 3"],
    ["motorbike", { item_type: ["motorcycle"] }, "Motorcycle"],
  ])("%s → %j", (text, refinementList, chips) => {
    expect(read(text)).toEqual({ refinementList, range: {}, query: "", near: undefined, chips });
  });
});

describe("understand: numbers, AU/NZ words", () => {
  it.each([
    ["under 40k", { price: ":40000" }],
    ["under $40,000", { price: ":40000" }],
    ["less than 40 grand", { price: ":40000" }],
    ["$25k max", { price: ":25000" }],
    ["over 20k", { price: "20000:" }],
    ["between 20 and 30k", { price: "20000:30000" }],
    ["$20k-$30k", { price: "20000:30000" }],
    ["under 40", { price: ":40000" }],
    ["budget 25000", { price: ":25000" }],
    ["30000", { price: ":30000" }],
    ["around $32,500", { price: "29000:36000" }],
    ["under 40k over 20k", { price: "20000:40000" }],
    ["less than 50,000 km", { km: ":50000" }],
    ["under 100k kms", { km: ":100000" }],
    ["50000km", { km: ":50000" }],
    ["low kms", { km: ":50000" }],
    ["over 100,000 km", { km: "100000:" }],
    ["$150 a week", { weekly_price: ":150" }],
    ["under 200 per week", { weekly_price: ":200" }],
    ["$120pw", { weekly_price: ":120" }],
    ["7-seater", { seats: "7:" }],
    ["seven seater", { seats: "7:" }],
    ["8 seats", { seats: "8:" }],
    ["2019+", { year: "2019:" }],
    ["from 2019", { year: "2019:" }],
    ["after 2019", { year: "2020:" }],
    ["before 2015", { year: ":2014" }],
    ["2015 or older", { year: ":2015" }],
    ["2015-2018", { year: "2015:2018" }],
    ["between 2015 and 2018", { year: "2015:2018" }],
    ["under 5 years old", { year: "2021:" }],
  ])("%s → %j", (text, range) => {
    const got = read(text);
    expect(got.range).toEqual(range);
    expect(got.query).toBe("");
  });

  it("a year alone is that year, as a value (a range needs two different ends)", () => {
    expect(read("2020 hilux")).toMatchObject({ refinementList: { year: ["2020"], model: ["HiLux"] }, range: {}, chips: "HiLux · 2020" });
  });

  it("places: near a postcode or suburb, within a distance of a town; the place leaves the query", () => {
    expect(read("near Parramatta under 30k")).toMatchObject({ near: { place: "Parramatta" }, range: { price: ":30000" }, query: "" });
    expect(read("ranger within 50 km of Hobart")).toMatchObject({ near: { place: "Hobart", radiusKm: 50 }, refinementList: { model: ["Ranger"] }, range: {}, query: "" });
    expect(read("within 25 km of 2148")).toMatchObject({ near: { place: "2148", radiusKm: 25 }, range: {}, query: "" });
    expect(read("suv around port macquarie")).toMatchObject({ near: { place: "Port Macquarie" }, refinementList: { body: ["suv"] }, query: "" });
  });

  it("new selects demo too where the site joins them", () => {
    expect(understand("new mazda", facets, { joinNewAndDemo: true }).refinementList).toEqual({ car_type: ["new", "demo"], make: ["Mazda"] });
    expect(understand("new mazda", facets, { joinNewAndDemo: false }).refinementList).toEqual({ car_type: ["new"], make: ["Mazda"] });
  });

  it("a value the site has one of narrows nothing: understood and dropped", () => {
    const usedOnly = { ...facets, car_type: { used: 150 } };
    expect(read("used ute", usedOnly)).toMatchObject({ refinementList: { body: ["ute"] }, query: "" });
  });
});

describe("understand: what it cannot place", () => {
  it("plain words that match nothing stay the query, exactly as typed", () => {
    expect(read("sunroof")).toEqual({ refinementList: {}, range: {}, query: "sunroof", near: undefined, chips: "" });
    // On a site that sells only cars, "car" narrows nothing; on one that sells bikes too it means cars.
    expect(read("  Car  ", { ...facets, item_type: { car: 10 } })).toMatchObject({ query: "Car", refinementList: {}, range: {} });
    expect(read("car")).toMatchObject({ query: "", refinementList: { item_type: ["car"] } });
    expect(read("rego")).toMatchObject({ query: "rego", refinementList: {} });
  });

  it("unplaced words stay beside what was understood; filler words go", () => {
    expect(read("white hilux with sunroof and rego")).toMatchObject({ refinementList: { model: ["HiLux"], colour: ["White"] }, query: "sunroof" });
  });

  it("a synonym for a value the site does not have stays as a word (a caravan on a car site)", () => {
    expect(read("pop top under 50k")).toMatchObject({ range: { price: ":50000" }, query: "pop top", refinementList: {} });
  });
});

describe("chip labels", () => {
  const aud = { locale: "en-AU", currency: "AUD" } as const;
  it.each([
    ["price", ":40000", "Under $40,000"],
    ["price", "20000:", "From $20,000"],
    ["price", "20000:50000", "$20,000 – $50,000"],
    ["km", ":50000", "Under 50,000 km"],
    ["km", "1000:57000", "1,000 – 57,000 km"],
    ["year", "2019:", "2019 or newer"],
    ["year", ":2015", "2015 or older"],
    ["seats", "7:", "7+ seats"],
    ["weekly_price", ":150", "Under $150 a week"],
    ["views", ":150", null],
  ])("%s %s → %s", (attribute, value, label) => {
    expect(rangeText(attribute, value, aud)).toBe(label);
  });
});
