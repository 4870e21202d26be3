import { describe, expect, it } from "vitest";
import { BODY_TYPES } from "./media";
import { bodyForSlug, bodySlug, brandForPath, brandOverviewHref, modelBadge, modelForPath, modelPageHref, modelStockHref, modelTitle, rangeBodies, rangeMakes, type Model } from "./models";
import schema from "../schemas/tenant.schema.json";

const model = (id: string, extra: Partial<Model> = {}): Model => ({ id, name: id.toUpperCase(), make: "Mazda", slug: id, status: "current", bodies: [], ...extra });
const doc = {
  models: [
    model("cx-5", { name: "CX-5", bodies: ["suv"] }),
    model("mazda3", { name: "Mazda3", bodies: ["hatch", "sedan"], status: "new" }),
    model("cx-70", { name: "CX-70", bodies: ["suv"], status: "coming_soon" }),
    model("defender", { name: "Defender", make: "Land Rover", bodies: ["suv"], overrideUrl: "https://www.landrover.com.au/defender" }),
    model("people", { name: "Carnival", make: "Kia", bodies: ["peopleMover"] }),
  ],
};

describe("model range (leads spec §2, §3 Model, §4)", () => {
  it("badges: new shows NEW, coming_soon shows COMING SOON, others none", () => {
    expect(modelBadge({ status: "new" })).toBe("NEW");
    expect(modelBadge({ status: "coming_soon" })).toBe("COMING SOON");
    expect(modelBadge({ status: "current" })).toBeNull();
  });

  it("a model links to its override url, else /{slug}; its stock to /search/{make}/{model}", () => {
    expect(modelPageHref(doc.models[0])).toBe("/cx-5");
    expect(modelPageHref(doc.models[3])).toBe("https://www.landrover.com.au/defender");
    expect(modelStockHref(doc.models[0])).toBe("/search/mazda/cx-5");
    expect(modelStockHref(doc.models[3])).toBe("/search/land-rover/defender");
  });

  it("finds the model a /{slug} path names, not one that links elsewhere, nor deeper paths", () => {
    expect(modelForPath(doc, "/cx-5")?.name).toBe("CX-5");
    expect(modelForPath(doc, "/defender")).toBeNull();
    expect(modelForPath(doc, "/cx-5/more")).toBeNull();
    expect(modelForPath(doc, "/nope")).toBeNull();
    expect(modelForPath({ models: [] }, "/cx-5")).toBeNull();
  });

  it("finds the brand of /{make}/overview with its models", () => {
    expect(rangeMakes(doc)).toEqual(["Mazda", "Land Rover", "Kia"]);
    expect(brandOverviewHref("Land Rover")).toBe("/land-rover/overview");
    expect(brandForPath(doc, "/land-rover/overview")).toEqual({ make: "Land Rover", models: [doc.models[3]] });
    expect(brandForPath(doc, "/mazda/overview")?.models.map((m) => m.id)).toEqual(["cx-5", "mazda3", "cx-70"]);
    expect(brandForPath(doc, "/toyota/overview")).toBeNull();
    expect(brandForPath(doc, "/mazda")).toBeNull();
  });

  it("reads ?body= among the range's bodies, spec slugs normalised; anything else is none", () => {
    const bodies = rangeBodies(doc.models);
    expect(bodies).toEqual(["suv", "hatch", "sedan", "peopleMover"]);
    expect(bodyForSlug("suv", bodies)).toBe("suv");
    expect(bodyForSlug("SUV ", bodies)).toBe("suv");
    expect(bodyForSlug("hatchback", bodies)).toBe("hatch");
    expect(bodyForSlug("people-mover", bodies)).toBe("peopleMover");
    expect(bodyForSlug("peoplemover", bodies)).toBe("peopleMover");
    expect(bodyForSlug("ute", bodies)).toBeNull();
    expect(bodyForSlug("truck", ["ute"], "ute")).toBe("ute");
    for (const hostile of [undefined, ["suv"], "", "suv\u0000", "<b>", "x".repeat(41)]) expect(bodyForSlug(hostile, bodies)).toBeNull();
    expect(bodySlug("peopleMover")).toBe("people-mover");
  });

  it("the schema's model body types are body types the search knows", () => {
    const enumValues = (schema.definitions.model.properties.bodies.items as { enum: string[] }).enum;
    for (const b of enumValues) expect(Object.keys(BODY_TYPES)).toContain(b);
  });
});

describe("model titles", () => {
  it("prefix the make unless the name already starts with it", () => {
    expect(modelTitle({ make: "Mazda", name: "CX-5" })).toBe("Mazda CX-5");
    expect(modelTitle({ make: "Mazda", name: "Mazda3" })).toBe("Mazda3");
    expect(modelTitle({ make: "Land Rover", name: "Range Rover Sport" })).toBe("Land Rover Range Rover Sport");
  });
});
