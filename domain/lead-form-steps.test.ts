import tenantSchema from "../schemas/tenant.schema.json";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import { validateTenant } from "./tenant-validation";
import { FIELD_NAMES, STEP_INCOMPLETE, stepLabel, leadAnalyticsEvent, leadFormSpec } from "./lead-forms";
import { buildLead } from "./lead-form-values";
import { firstStepWith, stepOf } from "./lead-form-steps";
import { validateLeadForm } from "./lead-form-validation";
import { TRADE_IN_CATEGORY } from "./trade-in";

const harbourline = (() => {
  const v = validateTenant(JSON.parse(readFileSync("tenants/harbourline.json", "utf8")));
  if (!v.ok) throw new Error("harbourline.json is invalid");
  return v.document;
})();

describe("multi-step forms (leads §4; forms.multiStep)", () => {
  const withSteps = (steps: unknown, kind = "finance") => ({ ...harbourline, forms: { ...harbourline.forms, multiStep: { [kind]: steps } } }) as unknown as TenantDocument;

  it("harbourline's finance enquiry: Your Details → Your Finance → Confirm, each step's fields in the form's order", () => {
    const spec = leadFormSpec(harbourline, "finance");
    expect(spec.steps).toEqual([
      { title: "Your Details", description: "Who should our finance team get back to?", fields: ["first_name", "last_name", "email", "phone"], review: false },
      { title: "Your Finance", description: "What you would like to finance, and where.", fields: ["location_id", "dealership_slug", "vehicle_price_budget", "rego", "message"], review: false },
      { title: "Confirm", description: "Check your details, then send your enquiry.", fields: ["opt_in"], review: true },
    ]);
    // Every field of the form is on exactly one step.
    expect(spec.steps!.flatMap((s) => s.fields).sort()).toEqual(spec.fields.map((f) => f.name).sort());
    // Its other forms are shown in one piece.
    expect(leadFormSpec(harbourline, "enquiry").steps).toBeUndefined();
  });

  it("fields no step names go on the last step; fields the form does not show are skipped; a field named twice stays on its first step", () => {
    const spec = leadFormSpec(
      withSteps([
        { title: "You", fields: ["first_name", "postcode", "email"] },
        { title: "More", fields: ["email", "message"] },
      ]),
      "finance",
    );
    expect(spec.steps!.map((s) => [s.title, s.fields])).toEqual([
      ["You", ["first_name", "email"]],
      ["More", ["last_name", "phone", "location_id", "dealership_slug", "vehicle_price_budget", "rego", "message", "opt_in"]],
    ]);
  });

  it("a step left empty (no fields, no review) is dropped; fewer than two steps: one piece", () => {
    const spec = leadFormSpec(
      withSteps([
        { title: "Nothing here", fields: ["postcode"] },
        { title: "All", fields: [] },
      ]),
      "finance",
    );
    expect(spec.steps).toBeUndefined();
    const three = leadFormSpec(withSteps([{ title: "A", fields: ["first_name"] }, { title: "Empty", fields: ["preferred_date"] }, { title: "B", fields: [] }]), "finance");
    expect(three.steps!.map((s) => s.title)).toEqual(["A", "B"]);
  });

  it("which step a field is on, and the first step with a problem (the browser shows that step)", () => {
    const spec = leadFormSpec(harbourline, "finance");
    expect(stepOf(spec, "email")).toBe(0);
    expect(stepOf(spec, "message")).toBe(1);
    expect(stepOf(spec, "opt_in")).toBe(2);
    expect(firstStepWith(spec, ["message", null, "phone"])).toBe(0);
    expect(firstStepWith(spec, [null])).toBeNull();
    const later = validateLeadForm(spec, buildLead(spec, { first_name: "Ada", last_name: "L", email: "a@example.com", phone: "0400000000" }));
    expect(firstStepWith(spec, later.map((p) => p.name))).toBe(1);
  });

  it("an earlier step (partial) is checked for what it carries, not what it lacks", () => {
    const spec = leadFormSpec(harbourline, "finance");
    const first = buildLead(spec, { first_name: "Ada", last_name: "L", email: "a@example.com", phone: "0400000000" });
    expect(validateLeadForm(spec, first, { partial: true })).toEqual([]);
    expect(validateLeadForm(spec, first).map((p) => p.name)).toEqual(["location_id", "dealership_slug", "message"]);
    const wrong = { ...first, fields: { ...first.fields, email: "nope", vehicle_price_budget: "lots" } };
    expect(validateLeadForm(spec, wrong, { partial: true }).map((p) => p.message)).toEqual([
      "Please enter a valid email address.",
      "Vehicle Price / Budget must be an amount in whole dollars, such as $30,000.",
    ]);
  });

  it("the spec's texts", () => {
    expect(STEP_INCOMPLETE).toBe("Please complete the form step before proceeding.");
    expect(stepLabel(0, 3)).toBe("Step 1 of 3");
    expect(stepLabel(2, 3)).toBe("Step 3 of 3");
  });

  it("the trade-in form: Trade-In (TRADE_IN_CATEGORY), the contact part of Step Four, event 18, no site steps", () => {
    const spec = leadFormSpec(harbourline, "trade-in");
    expect(spec.category).toBe(TRADE_IN_CATEGORY);
    expect(spec.fields.map((f) => [f.name, f.required])).toEqual([
      ["first_name", true],
      ["last_name", false],
      ["email", true],
      ["phone", true],
      ["postcode", true],
    ]);
    expect(spec.steps).toBeUndefined();
    expect(leadAnalyticsEvent("trade-in")).toBe(18);
  });

  it("the tenant schema's step fields are the form's field names", () => {
    expect((tenantSchema.definitions.formStep.properties.fields.items as { enum: string[] }).enum).toEqual([...FIELD_NAMES]);
    expect(Object.keys(tenantSchema.definitions.forms.properties.multiStep.properties)).toEqual(["enquiry", "careers", "finance", "vehicle-enquiry", "test-drive", "request-photos", "hero"]);
  });
});
