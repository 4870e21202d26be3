import { describe, expect, it } from "vitest";
import config from "../next.config";
import {
  BODY_TYPES,
  normaliseBody,
  parsePicturePath,
  PICTURE_BODIES,
  pictureBody,
  pictureUrl,
  SPIN_FRAMES,
  spinView,
} from "./media";
import { basicColour, paintHex, PICTURE_COLOURS, trimHex } from "./colours";
import {
  allowedWidth,
  DEFAULT_IMAGE_WIDTH,
  IMAGE_DEVICE_SIZES,
  IMAGE_QUALITIES,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  imageLoader,
  imageSrcSet,
  imageUrl,
  SIDEBAR_IMAGE_QUALITY,
} from "./image-urls";

describe("image URLs", () => {
  it("go through Next's optimiser at width 850 and quality 90 by default, 75 in the sidebar", () => {
    expect(DEFAULT_IMAGE_WIDTH).toBe(850);
    expect(IMAGE_QUALITY).toBe(90);
    expect(SIDEBAR_IMAGE_QUALITY).toBe(75);
    expect(imageUrl("/media/vehicles/suv/9e1b22/front-right.jpg")).toBe("/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2F9e1b22%2Ffront-right.jpg&w=850&q=90");
    expect(imageUrl("/media/vehicles/suv/9e1b22/right.jpg", { quality: SIDEBAR_IMAGE_QUALITY, width: 384 })).toBe(
      "/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2F9e1b22%2Fright.jpg&w=384&q=75",
    );
  });

  it("use only widths and qualities the optimiser accepts", () => {
    expect(allowedWidth(850)).toBe(850);
    expect(allowedWidth(700)).toBe(750);
    expect(allowedWidth(100)).toBe(128);
    expect(allowedWidth(99999)).toBe(3840);
    expect(imageUrl("/demo/x.jpg", { width: 900, quality: 80 })).toBe("/_next/image?url=%2Fdemo%2Fx.jpg&w=1080&q=75");
    expect(imageLoader({ src: "/media/a.jpg", width: 640, quality: 90 })).toBe("/_next/image?url=%2Fmedia%2Fa.jpg&w=640&q=90");
    expect(imageSrcSet("/media/a.jpg")).toBe(
      "/_next/image?url=%2Fmedia%2Fa.jpg&w=640&q=90 640w, /_next/image?url=%2Fmedia%2Fa.jpg&w=850&q=90 850w, /_next/image?url=%2Fmedia%2Fa.jpg&w=1200&q=90 1200w",
    );
  });

  it("leave remote pictures and SVGs alone", () => {
    expect(imageUrl("https://cdn.example.com/car.jpg")).toBe("https://cdn.example.com/car.jpg");
    expect(imageUrl("//cdn.example.com/car.jpg")).toBe("//cdn.example.com/car.jpg");
    expect(imageUrl("/demo/harbourline/logo.svg")).toBe("/demo/harbourline/logo.svg");
  });

  it("agree with next.config.ts", () => {
    expect(config.images?.deviceSizes).toEqual([...IMAGE_DEVICE_SIZES]);
    expect(config.images?.imageSizes).toEqual([...IMAGE_SIZES]);
    expect(config.images?.qualities).toEqual([...IMAGE_QUALITIES]);
    expect(config.images?.localPatterns).toEqual([
      { pathname: "/media/**", search: "" },
      { pathname: "/demo/**", search: "" },
    ]);
  });
});

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

describe("colours", () => {
  it("find the basic colour of a paint name", () => {
    expect(basicColour("Crystal White Pearl")).toBe("White");
    expect(basicColour("Soul Red Crystal")).toBe("Red");
    expect(basicColour("Silver Pearl")).toBe("Silver");
    expect(basicColour("Eclipse Black")).toBe("Black");
    expect(basicColour("Graphite")).toBe("Grey");
    expect(basicColour("Ocean Teal")).toBe("Blue");
    expect(basicColour("Mystique")).toBeNull();
    expect(basicColour(undefined)).toBeNull();
  });

  it("draw named paints in their own hex and others in their basic colour's; every one is a picture colour", () => {
    expect(paintHex("Soul Red Crystal")).toBe("9e1b22");
    expect(paintHex("Candy Apple Red")).toBe("b3191f");
    expect(paintHex("Mystique")).toBe("b8bbbe");
    expect(trimHex("Beige Leather")).toBe("cdb893");
    expect(trimHex("Charcoal cloth")).toBe("24262a");
    for (const hex of [paintHex("Soul Red Crystal"), paintHex("Candy Apple Red"), paintHex(""), trimHex("Tan"), trimHex(undefined)]) {
      expect(PICTURE_COLOURS.has(hex)).toBe(true);
    }
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
