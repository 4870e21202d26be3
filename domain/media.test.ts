import { describe, expect, it } from "vitest";
import { BODY_TYPES, normaliseBody, parsePicturePath, PICTURE_BODIES, pictureBody, pictureUrl, SPIN_FRAMES, spinView } from "./media";

describe("body types", () => {
  it("normalise what feeds send", () => {
    const cases: [string, Parameters<typeof normaliseBody>[1], string | null][] = [
      ["Sedan", "car", "sedan"], ["4D Sedan", "car", "sedan"], ["Hatchback", "car", "hatch"], ["5D Sportback", "car", "hatch"],
      ["SUV", "car", "suv"], ["Wagon", "car", "wagon"], ["Utility", "car", "ute"], ["Dual Cab Pick-up", "car", "ute"],
      ["Cab Chassis", "car", "cabChassis"], ["Double Cab Chassis", "car", "cabChassis"], ["Van", "car", "van"], ["Coupe", "car", "coupe"],
      ["Convertible", "car", "convertible"], ["Roadster", "car", "convertible"], ["People Mover", "car", "peopleMover"],
      ["Naked", "motorcycle", "naked"], ["Sports", "motorcycle", "sports"], ["Adventure", "motorcycle", "adventure"],
      ["Enduro", "motorcycle", "offRoad"], ["Motocross", "motorcycle", "offRoad"], ["Cruiser", "motorcycle", "cruiser"],
      ["Scooter", "motorcycle", "scooter"], ["Classic", "motorcycle", "naked"], ["Touring", "motorcycle", "touring"],
      ["Prime Mover", "truck", "primeMover"], ["Tipper", "truck", "tipper"], ["Pantech", "truck", "pantech"],
      ["Curtainsider", "truck", "curtainsider"], ["Tray", "truck", "tray"], ["Cab Chassis", "truck", "cabChassis"],
      ["Pop Top", "caravan", "popTop"], ["Camper Trailer", "caravan", "camperTrailer"], ["Caravan", "caravan", "caravan"],
      ["", "car", null], ["Hovercraft", "car", null],
    ];
    for (const [raw, kind, expected] of cases) expect(normaliseBody(raw, kind), `${raw} (${kind})`).toBe(expected);
    for (const key of Object.keys(BODY_TYPES)) expect(key).toMatch(/^[a-z][A-Za-z]*$/);
  });

  it("each have a drawing", () => {
    for (const key of Object.keys(BODY_TYPES) as (keyof typeof BODY_TYPES)[]) {
      for (const kind of ["car", "motorcycle", "truck", "caravan"] as const) expect(PICTURE_BODIES).toContain(pictureBody(key, kind));
    }
    expect(pictureBody("cabChassis", "car")).toBe("cab-chassis");
    expect(pictureBody("cabChassis", "truck")).toBe("truck-cab-chassis");
    expect(pictureBody("adventure", "motorcycle")).toBe("motorcycle");
    expect(pictureBody(null, "car")).toBe("sedan");
  });
});

describe("picture paths", () => {
  it("name a body, a colour and a view", () => {
    expect(pictureUrl("suv", "#9E1B22", "front-right")).toBe("/media/vehicles/suv/9e1b22/front-right.jpg");
    expect(parsePicturePath(["suv", "9e1b22", "front-right.jpg"])).toEqual({ body: "suv", hex: "9e1b22", view: "front-right", format: "jpg", angle: -35 });
    expect(parsePicturePath(["caravan", "f4f4f1", "spin-23.webp"])).toMatchObject({ view: "spin-23", format: "webp" });
    expect(parsePicturePath(["ute", "cdb893", "interior-front.jpg"])).toMatchObject({ angle: null });
    expect(spinView(SPIN_FRAMES - 1)).toBe("spin-23");
  });

  it("may name a model's own drawing between body and colour", () => {
    expect(pictureUrl("suv", "9e1b22", "rear", "jpg", "mazda-cx-30")).toBe("/media/vehicles/suv/mazda-cx-30/9e1b22/rear.jpg");
    expect(pictureUrl("suv", "9e1b22", "rear", "jpg", null)).toBe("/media/vehicles/suv/9e1b22/rear.jpg");
    expect(parsePicturePath(["suv", "mazda-cx-30", "9e1b22", "rear.webp"])).toEqual({ body: "suv", model: "mazda-cx-30", hex: "9e1b22", view: "rear", format: "webp", angle: 90 });
    for (const model of ["Mazda-CX-30", "mazda_cx30", "-cx", "cx-", "a--b", "..", "%2e%2e", "x".repeat(49), ""]) {
      expect(parsePicturePath(["suv", model, "9e1b22", "rear.jpg"]), model).toBeNull();
    }
    expect(parsePicturePath(["suv", "mazda-cx-30", "123456", "rear.jpg"])).toBeNull();
    expect(parsePicturePath(["suv", "mazda-cx-30", "9e1b22", "rear.jpg", "x"])).toBeNull();
  });

  it("refuse anything else", () => {
    for (const segments of [
      ["boat", "9e1b22", "front.jpg"],
      ["suv", "123456", "front.jpg"], // not a palette colour
      ["suv", "9E1B22", "front.jpg"],
      ["suv", "9e1b22", "front.png"],
      ["suv", "9e1b22", "top.jpg"],
      ["suv", "9e1b22", "spin-24.jpg"],
      ["suv", "9e1b22", "spin-1.jpg"],
      ["motorcycle", "24262a", "interior-front.jpg"], // a motorcycle has no cabin
      ["suv", "9e1b22"],
      ["suv", "9e1b22", "front.jpg", "x"],
      ["suv", "..", "front.jpg"],
    ]) {
      expect(parsePicturePath(segments), segments.join("/")).toBeNull();
    }
  });
});
