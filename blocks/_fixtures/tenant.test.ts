import { describe, expect, it } from "vitest";
import { validateTenant } from "../../domain/tenant-validation";
import { fixtureTenant } from "./tenant";

describe("fixture tenant", () => {
  it("is a valid tenant document, so block tests exercise real data", () => {
    const result = validateTenant(fixtureTenant);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});
