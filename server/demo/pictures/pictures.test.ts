import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EXTERIOR_VIEWS, INTERIOR_VIEWS, PICTURE_BODIES, SPIN_FRAMES, spinView } from "../../../domain/media";
import { anchorPositions } from "./anchors";
import { exteriorSvg } from "./exterior";
import { pictureSvg } from "./index";
import { pictureModels, pictureShape } from "./shapes";

describe("vehicle drawings", () => {
  it("exist for every body and every angle", () => {
    for (const body of PICTURE_BODIES) {
      for (const angle of [-35, 0, 90, 180, 270]) {
        const svg = exteriorSvg(body, "9e1b22", angle);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).not.toContain("NaN");
      }
    }
  });

  it("place hotspots on the frames that face them, inside the picture", () => {
    const front = anchorPositions("suv", "front");
    expect(front.length).toBeGreaterThan(3);
    expect(front.length).toBeLessThan(24);
    for (const p of front) {
      expect(p.posX).toBeGreaterThan(0);
      expect(p.posX).toBeLessThan(100);
      expect(p.posY).toBeGreaterThan(0);
      expect(p.posY).toBeLessThan(100);
    }
    // The front faces the camera in the first frame (front three-quarter) and not half a turn later.
    expect(front.map((p) => p.activeAngle)).toContain(0);
    expect(front.map((p) => p.activeAngle)).not.toContain(12);
  });
});

describe("model drawings", () => {
  const SUVS = ["mazda-cx-3", "mazda-cx-30", "mazda-cx-5", "mazda-cx-60", "mazda-cx-8", "mazda-cx-90"];

  it("leave the old URLs' generic drawings exactly as they were (pictures stored vehicles already show)", () => {
    // SHA-256 prefixes of the SVGs as drawn before model drawings existed (commit 2fab117).
    const before: [string, string, string][] = [
      ["suv", "front-right", "85f8baf552a86cfa"], ["ute", "right", "dea0d6ab6c82c6c7"], ["motorcycle", "spin-05", "fe6579d0d9e95b6d"],
      ["caravan", "rear", "b23b20f9e9805720"], ["truck-box", "front", "0a53d165da3af7f7"], ["hatch", "interior-front", "6f8dee722e36a040"],
    ];
    for (const [body, view, hash] of before) {
      expect(createHash("sha256").update(pictureSvg(body as "suv", "9e1b22", view)).digest("hex").slice(0, 16), `${body}/${view}`).toBe(hash);
    }
  });

  it("differ between models of one body (Mazda's SUVs) and from the generic drawing", () => {
    for (const view of ["front-right", "right", "rear", "front"]) {
      const svgs = [pictureSvg("suv", "9e1b22", view), ...SUVS.map((m) => pictureSvg("suv", "9e1b22", view, m))];
      expect(new Set(svgs).size, view).toBe(svgs.length);
    }
    // The proportions are the models' own: a CX-3 is shorter and lower than a CX-60, and its bonnet shorter.
    const [cx3, cx60] = [pictureShape("suv", "mazda-cx-3"), pictureShape("suv", "mazda-cx-60")];
    expect(cx3?.family === "car" && cx60?.family === "car").toBe(true);
    if (cx3?.family === "car" && cx60?.family === "car") {
      expect(cx3.length).toBeLessThan(cx60.length - 0.4);
      expect(cx3.height).toBeLessThan(cx60.height);
      expect(cx3.bonnet).toBeLessThan(cx60.bonnet);
    }
  });

  it("show a different picture in every view of one car, and turn consistently in the spin", () => {
    for (const [body, model] of [["suv", "mazda-cx-30"], ["motorcycle", "yamaha-mt-07"], ["caravan", "jayco-journey"], ["prime-mover", "hino-700-series"]] as const) {
      const views = [...Object.keys(EXTERIOR_VIEWS), ...(body === "motorcycle" ? [] : INTERIOR_VIEWS)];
      const svgs = views.map((v) => pictureSvg(body, "f1f2ef", v, model));
      expect(new Set(svgs).size, `${body}/${model}`).toBe(views.length);
      // Spin frame 0 is the front three-quarter view, frame 6 a quarter turn on: the side.
      expect(pictureSvg(body, "f1f2ef", spinView(0), model)).toBe(pictureSvg(body, "f1f2ef", "front-right", model));
      expect(pictureSvg(body, "f1f2ef", spinView(SPIN_FRAMES / 4), model)).toBe(exteriorSvg(body, "f1f2ef", 55, model));
    }
  });

  it("exist for every catalogue model, in every view, with hotspots inside the picture", () => {
    const models = pictureModels();
    expect(models.length).toBeGreaterThan(150);
    for (const [body, model] of models) {
      for (const angle of [-35, 0, 90, 180, 270]) {
        const svg = exteriorSvg(body, "9e1b22", angle, model);
        expect(svg, `${body}/${model}`).not.toContain("NaN");
        expect(svg.length, `${body}/${model}`).toBeLessThan(40_000);
      }
      for (const p of anchorPositions(body, "front", model)) {
        expect(p.posX).toBeGreaterThan(0);
        expect(p.posX).toBeLessThan(100);
      }
    }
  });
});
