import { describe, expect, it } from "vitest";
import tenantSchema from "../schemas/generated/tenant.schema.json";
import { makeTenant } from "../tests/fixtures/tenant";
import { jsonDiff, jsonEqual, previewValue, setAt } from "./json-diff";
import { applyFlags, featureFlags, flagValues } from "./feature-flags";

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
