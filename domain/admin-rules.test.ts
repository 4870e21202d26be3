import { describe, expect, it } from "vitest";
import tenantSchema from "../schemas/generated/tenant.schema.json";
import { makeTenant } from "../tests/fixtures/tenant";
import { jsonDiff, jsonEqual, previewValue, setAt } from "./json-diff";
import { applyFlags, featureFlags, flagValues } from "./feature-flags";
import { buildNewSite, parseNewSiteForm, textColourOn, wizardFieldFor } from "./new-site";
import { contrastRatio, validateTenant } from "./tenant-validation";

describe("jsonDiff", () => {
  it("lists every changed leaf with its pointer, before and after", () => {
    const a = { theme: { colors: { primary: "#000000", accent: "#111111" } }, pages: [{ id: "home", blocks: [1, 2] }], "a/b": 1 };
    const b = { theme: { colors: { primary: "#0b5394", accent: "#111111" } }, pages: [{ id: "home", blocks: [1] }, { id: "new" }], "a/b": 2, extra: true };
    expect(jsonDiff(a, b)).toEqual([
      { pointer: "/theme/colors/primary", kind: "changed", before: "#000000", after: "#0b5394" },
      { pointer: "/pages/0/blocks/1", kind: "removed", before: 2 },
      { pointer: "/pages/1", kind: "added", after: { id: "new" } },
      { pointer: "/a~1b", kind: "changed", before: 1, after: 2 },
      { pointer: "/extra", kind: "added", after: true },
    ]);
  });
  it("reports a change of kind once, and nothing for equal documents in any key order", () => {
    expect(jsonDiff({ x: [1] }, { x: { 0: 1 } })).toEqual([{ pointer: "/x", kind: "changed", before: [1], after: { 0: 1 } }]);
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
  it("previews values on one line and sets values at pointers", () => {
    expect(previewValue("x")).toBe('"x"');
    expect(previewValue(undefined)).toBe("—");
    expect(previewValue("y".repeat(300), 10)).toBe('"yyyyyyyy…');
    const doc: Record<string, unknown> = {};
    setAt(doc, "/features/tradeIn/enabled", false);
    expect(doc).toEqual({ features: { tradeIn: { enabled: false } } });
  });
});

describe("feature flags from the schema", () => {
  const flags = featureFlags(tenantSchema as never);
  it("finds boolean features, enabled switches and groups of switches, with their titles and descriptions", () => {
    expect(flags.find((f) => f.pointer === "/features/compare")).toEqual({ pointer: "/features/compare", title: "Compare", description: "Visitors pick cars to compare side by side.", default: true });
    expect(flags.find((f) => f.pointer === "/features/tradeIn/enabled")).toEqual({ pointer: "/features/tradeIn/enabled", title: "Trade-in valuation", description: "Instant trade-in offers by registration number.", default: true });
    expect(flags.find((f) => f.pointer === "/features/calculators/finance")?.title).toBe("Calculators: Finance calculator");
    // Settings that are not switches are not flags.
    expect(flags.some((f) => f.pointer === "/features/shareCopyFeedback")).toBe(false);
    expect(flags.every((f) => f.title.length > 0)).toBe(true);
  });
  it("reads values with defaults and applies changes to a copy, refusing unknown pointers", () => {
    const doc = makeTenant("alpha");
    (doc.features as unknown as Record<string, unknown>).compare = false;
    const values = flagValues(flags, doc);
    expect(values["/features/compare"]).toBe(false);
    expect(values["/features/favourites"]).toBe(true);
    const next = applyFlags(flags, doc, { "/features/compare": true, "/features/tradeIn/enabled": false });
    expect((next.features as Record<string, unknown>).compare).toBe(true);
    expect((next.features as Record<string, any>).tradeIn.enabled).toBe(false);
    expect((doc.features as unknown as Record<string, unknown>).compare).toBe(false);
    expect(() => applyFlags(flags, doc, { "/identity/slug": true })).toThrow("/identity/slug is not a feature flag.");
    expect(() => applyFlags(flags, doc, { "/features/compare": "yes" as never })).toThrow("/features/compare must be true or false.");
  });
});

describe("new site from a template", () => {
  const template = makeTenant("alpha", "Alpha Motors");
  (template as any).offers = [{ id: "o1", dealership: "alpha-sales", title: "Alpha Motors offer" }];
  const input = parseNewSiteForm({
    template: "alpha", name: " Gamma Cars ", slug: "Gamma", domains: "www.gamma.test\n gamma.test, ",
    dealerships: [{ id: "7", name: "Gamma Cars Sales" }], colors: { primary: "#7a1f1f", accent: "#f2c14e" },
    location: { name: "Gamma Ipswich", street: "2 Brisbane St", city: "Ipswich", state: "QLD", postcode: "4305", phone: "" },
  });
  it("reads the form", () => {
    expect(input).toMatchObject({ name: "Gamma Cars", slug: "gamma", domains: ["www.gamma.test", "gamma.test"], dealerships: [{ id: 7, name: "Gamma Cars Sales" }] });
    expect(input.location.phone).toBeUndefined();
  });
  it("copies the template with the answers written over it, and validates", () => {
    const doc = buildNewSite(template, input);
    expect(doc.identity).toMatchObject({ name: "Gamma Cars", slug: "gamma", domains: ["www.gamma.test", "gamma.test"], state: "QLD", timeZone: "Australia/Brisbane" });
    expect(doc.dealerships).toEqual([{ id: 7, slug: "gamma-cars-sales", name: "Gamma Cars Sales" }]);
    expect(doc.offers).toEqual([]);
    expect(doc.locations).toEqual([
      { id: 1, name: "Gamma Ipswich", slug: "gamma-ipswich", primary: true, location_type: "sales", dealership_id: 7, address: { street: "2 Brisbane St", city: "Ipswich", state: "QLD", postcode: "4305" } },
    ]);
    expect(doc.theme.logo.alt).toBe("Gamma Cars logo");
    expect(doc.pages).toEqual(template.pages);
    expect(validateTenant(doc)).toMatchObject({ ok: true });
    expect(template.identity.slug).toBe("alpha"); // the template is not changed
  });
  it("makes a site in a New Zealand region a New Zealand site", () => {
    const nz = buildNewSite({ ...template, identity: { ...template.identity, state: "QLD" } }, { ...input, location: { ...input.location, state: "AUK" } });
    expect(nz.identity).toMatchObject({ locale: "en-NZ", currency: "NZD", timeZone: "Pacific/Auckland" });
    expect(nz.identity.state).toBeUndefined();
    expect(validateTenant(nz)).toMatchObject({ ok: true });
  });
  it("picks readable text on brand colours", () => {
    for (const c of ["#7a1f1f", "#f2c14e", "#ffffff", "#000000", "#0b5394", "#ffcc00"]) expect(contrastRatio(textColourOn(c), c)).toBeGreaterThanOrEqual(4.5);
    expect(textColourOn("#ffcc00")).toBe("#111111");
  });
  it("places each document error beside the wizard field it comes from", () => {
    expect(wizardFieldFor("/identity/slug")).toBe("slug");
    expect(wizardFieldFor("/identity/domains/1")).toBe("domains");
    expect(wizardFieldFor("/dealerships/0/id")).toBe("dealerships.0.id");
    expect(wizardFieldFor("/locations/0/address/postcode")).toBe("location.postcode");
    expect(wizardFieldFor("/theme/colors/onAccent")).toBe("colors.accent");
    expect(wizardFieldFor("/pages/0/blocks/1")).toBeNull();
  });
});
