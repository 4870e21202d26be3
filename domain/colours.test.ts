import { describe, expect, it } from "vitest";
import { basicColour, paintHex, PICTURE_COLOURS, trimHex } from "./colours";

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
