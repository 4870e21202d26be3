import { describe, expect, it } from "vitest";
import tenantSchema from "../schemas/generated/tenant.schema.json";
import { makeTenant } from "../tests/fixtures/tenant";
import { applyFlags, featureFlags, flagValues } from "./feature-flags";

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
