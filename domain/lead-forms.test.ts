import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateTenant } from "./tenant-validation";
import { ENQUIRY_FIELD_DEFAULTS, FORM_ERROR, FIX_ERRORS, leadAnalyticsEvent, leadFormSpec, mapCategory, POSTCODE_MESSAGE, privacyConsent, type LeadFormSpec } from "./lead-forms";
import { leadFormSchema } from "./lead-form-schema";
import { buildLead } from "./lead-form-values";
import { locationOptions } from "./lead-form-options";
import { validateLeadForm } from "./lead-form-validation";

const harbourline = (() => {
  const v = validateTenant(JSON.parse(readFileSync("tenants/harbourline.json", "utf8")));
  if (!v.ok) throw new Error("harbourline.json is invalid");
  return v.document;
})();

describe("the forms a site shows (leads §2, §3, §5)", () => {
  const names = (spec: LeadFormSpec) => spec.fields.map((f) => `${f.name}${f.required ? "*" : ""}`);

  it("enquiry on harbourline: contact fields, category, location, dealership, optional registration, required message, opt-in", () => {
    const spec = leadFormSpec(harbourline, "enquiry");
    expect(names(spec)).toEqual(["first_name*", "last_name*", "email*", "phone*", "category*", "location_id*", "dealership_slug*", "rego", "message*", "opt_in"]);
    expect(spec.fields.find((f) => f.name === "rego")!.label).toBe("Registration (optional)");
    expect(spec.fields.find((f) => f.name === "category")!.options!.map((o) => o.value)).toEqual(harbourline.forms.enquiry.categories);
    // Careers Enquiry is sent as General Enquiry: the lead's category list is the mapped one.
    expect(spec.categories).not.toContain("Careers Enquiry");
    expect(spec.categories).toContain("General Enquiry");
  });

  it("the site's switches: a hidden message is not asked for, a required one is; terms shown and required", () => {
    const tenant = {
      ...harbourline,
      forms: {
        ...harbourline.forms,
        enquiry: {
          ...harbourline.forms.enquiry,
          termsMessage: "*You must agree to the terms of use before submitting the form" as const,
          fields: { ...harbourline.forms.enquiry.fields, message: { show: false, required: true }, category: { show: false, required: true }, terms: { show: true, required: true } },
        },
      },
    };
    const spec = leadFormSpec(tenant, "enquiry");
    expect(names(spec)).toEqual(["first_name*", "last_name*", "email*", "phone*", "location_id*", "dealership_slug*", "rego", "opt_in", "terms_conditions*"]);
    expect(spec.category).toBe("General Enquiry");
    expect(spec.termsMessage).toBe("*You must agree to the terms of use before submitting the form.");
  });

  it("careers and finance have a fixed category; careers is General Enquiry / Career Enquiry", () => {
    const careers = leadFormSpec(harbourline, "careers");
    expect([careers.category, careers.subcategory]).toEqual(["General Enquiry", "Career Enquiry"]);
    expect(careers.fields.some((f) => f.name === "category")).toBe(false);
    expect(leadFormSpec(harbourline, "finance").category).toBe("Finance Enquiry");
    expect(mapCategory("Careers Enquiry")).toEqual({ category: "General Enquiry", subcategory: "Career Enquiry" });
    expect(mapCategory("Sales Enquiry")).toEqual({ category: "Sales Enquiry" });
  });

  it("test drive (harbourline: location chooser, date-time, terms), request photos and the VDP enquiry: message optional", () => {
    expect(names(leadFormSpec(harbourline, "test-drive"))).toEqual(["first_name*", "last_name*", "email*", "phone*", "location_id*", "preferred_date", "message", "opt_in", "terms_conditions*"]);
    const plain = { ...harbourline, forms: { ...harbourline.forms, testDrive: { locationChooser: false, dateTime: false, terms: false } } };
    expect(names(leadFormSpec(plain, "test-drive"))).toEqual(["first_name*", "last_name*", "email*", "phone*", "message", "opt_in"]);
    expect(names(leadFormSpec(harbourline, "request-photos"))).toEqual(["first_name*", "last_name*", "email*", "phone*", "message"]);
    expect(names(leadFormSpec(harbourline, "vehicle-enquiry"))).toEqual(["first_name*", "last_name*", "email*", "phone*", "message", "opt_in"]);
  });

  it("the opt-in starts ticked unless the site says otherwise (leads §5), on every form that shows it", () => {
    const ticked = (tenant: typeof harbourline, kind: Parameters<typeof leadFormSpec>[1]) => leadFormSpec(tenant, kind).fields.find((f) => f.name === "opt_in")?.ticked;
    const kinds = ["enquiry", "careers", "finance", "test-drive", "vehicle-enquiry"] as const;
    for (const kind of kinds) expect(ticked(harbourline, kind), kind).toBe(true);
    // A document read without the schema's defaults applied: the spec's default too.
    expect(ticked({ ...harbourline, forms: { ...harbourline.forms, enquiry: { ...harbourline.forms.enquiry, fields: {} as never } } }, "enquiry")).toBe(true);
    const unticked = { ...harbourline, forms: { ...harbourline.forms, enquiry: { ...harbourline.forms.enquiry, fields: { ...harbourline.forms.enquiry.fields, optIn: { show: true, required: false, ticked: false } } } } };
    for (const kind of kinds) expect(ticked(unticked, kind), kind).toBe(false);
    // The defaults used for a document read without the schema's are the schema's.
    const fields = JSON.parse(readFileSync("schemas/tenant.schema.json", "utf8")).definitions.forms.properties.enquiry.properties.fields.properties;
    expect(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, (v as { default: unknown }).default]))).toEqual(ENQUIRY_FIELD_DEFAULTS);
    // No other tick box starts ticked: the terms box is the visitor's to tick.
    expect(leadFormSpec(harbourline, "test-drive").fields.find((f) => f.name === "terms_conditions")?.ticked).toBeUndefined();
  });

  it("the hero lead form: First Name, Last Name, Postcode, Mobile Number, Email Address, location; postcode max length 4", () => {
    const spec = leadFormSpec(harbourline, "hero");
    expect(spec.fields.map((f) => f.label)).toEqual(["First Name", "Last Name", "Postcode", "Mobile Number", "Email Address", "Location"]);
    expect(spec.fields.every((f) => f.required)).toBe(true);
    expect(spec.fields.find((f) => f.name === "postcode")).toMatchObject({ maxLength: 4, inputMode: "numeric" });
  });
});

describe("one set of rules, one set of messages", () => {
  const spec = leadFormSpec(harbourline, "enquiry");
  const good = {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    phone: "0400 000 000",
    category: "Sales Enquiry",
    location_id: "1003",
    dealership_slug: "harbourline-mazda",
    message: "Is the CX-5 still available?",
    opt_in: true,
  };
  const check = (s: LeadFormSpec, values: Record<string, unknown>) => validateLeadForm(s, buildLead(s, values));

  it("a complete enquiry passes", () => {
    expect(check(spec, good)).toEqual([]);
  });

  it("empty required fields: one message per field, in the form's order", () => {
    expect(check(spec, { opt_in: true }).map((e) => [e.name, e.message])).toEqual([
      ["first_name", "First Name is required."],
      ["last_name", "Last Name is required."],
      ["email", "Email Address is required."],
      ["phone", "Phone Number is required."],
      ["category", "Enquiry Type is required."],
      ["location_id", "Location is required."],
      ["dealership_slug", "Dealership is required."],
      ["message", "Message is required."],
    ]);
    // Blanks count as empty.
    expect(check(spec, { ...good, message: "   " }).map((e) => e.message)).toEqual(["Message is required."]);
  });

  it("formats: e-mail, phone, names, registration, lengths, options", () => {
    const errors = check(spec, { ...good, email: "ada@", phone: "call me", first_name: "<b>Ada</b>", rego: "ABC 123 XYZ 9", message: "x".repeat(5001), dealership_slug: "nowhere", location_id: "1006" });
    expect(errors.map((e) => [e.name, e.message])).toEqual([
      ["first_name", "First Name must not contain < > { } or control characters."],
      ["email", "Please enter a valid email address."],
      ["phone", "Please enter a valid phone number."],
      ["location_id", "Please choose one of the listed options for Location."],
      ["dealership_slug", "Please choose one of the listed options for Dealership."],
      ["rego", "Registration (optional) may only contain letters, digits, spaces and hyphens."],
      ["message", "Message must be at most 5000 characters."],
    ]);
  });

  it("terms not ticked: the site's terms message (leads §8)", () => {
    const td = leadFormSpec(harbourline, "test-drive");
    const values = { first_name: "Ada", last_name: "L", email: "a@example.com", phone: "0400000000", location_id: "1001" };
    expect(check(td, values).map((e) => e.message)).toEqual(["*You must agree to the terms of use before submitting."]);
    expect(check(td, { ...values, terms_conditions: true })).toEqual([]);
    expect(check(td, { ...values, terms_conditions: true, preferred_date: "next tuesday" }).map((e) => e.message)).toEqual(["Please choose a valid date and time."]);
    expect(check(td, { ...values, terms_conditions: true, preferred_date: "2026-06-02T10:30" })).toEqual([]);
  });

  it("test drive: offers only locations that sell cars, and refuses a workshop or parts counter", () => {
    const td = leadFormSpec(harbourline, "test-drive");
    const offered = td.fields.find((f) => f.name === "location_id")!.options!.map((o) => Number(o.value));
    expect(offered).toEqual([1001, 1003, 1004, 1007, 1008, 1009, 1010, 1011, 1013, 1014]);
    const values = { first_name: "Ada", last_name: "L", email: "a@example.com", phone: "0400000000", terms_conditions: true };
    expect(check(td, { ...values, location_id: "1002" }).map((e) => e.message)).toEqual(["Please choose one of the listed options for Preferred Location."]);
    expect(check(td, { ...values, location_id: "1003" })).toEqual([]);
    // An enquiry may still go to the service department.
    expect(locationOptions(harbourline).map((o) => Number(o.value))).toContain(1002);
  });

  it("the hero postcode: exactly 4 digits, else Invalid postcode. Please enter a 4-digit number.", () => {
    const hero = leadFormSpec(harbourline, "hero");
    const values = { first_name: "Ada", last_name: "L", email: "a@example.com", phone: "0400000000", location_id: "1001" };
    for (const postcode of ["", "400", "40000", "4,00", "abcd"]) {
      expect(check(hero, { ...values, postcode }).map((e) => e.message), postcode).toEqual([POSTCODE_MESSAGE]);
    }
    expect(check(hero, { ...values, postcode: "4000" })).toEqual([]);
    expect(POSTCODE_MESSAGE).toBe("Invalid postcode. Please enter a 4-digit number.");
  });

  it("the schema is the lead schema's own field rules plus the site's", () => {
    const schema = leadFormSchema(leadFormSpec(harbourline, "hero")) as any;
    expect(schema.properties.fields.required).toEqual(["first_name", "last_name", "postcode", "phone", "email", "location_id"]);
    expect(schema.properties.fields.properties.postcode).toEqual({ type: "string", pattern: "^[0-9]{4}$", minLength: 1 });
    expect(schema.properties.category).toEqual({ type: "string", const: "General Enquiry" });
  });

  it("texts of the spec", () => {
    expect(FORM_ERROR).toBe("An error occurred when submitting this form");
    expect(FIX_ERRORS).toBe("Please fix the following errors:");
    expect(privacyConsent("Harbourline Motor Group")).toBe("By submitting this enquiry, I agree to the Harbourline Motor Group Privacy Policy.");
  });
});

describe("event ids (leads §9, VDP §7)", () => {
  it.each([
    ["enquiry", {}, 22],
    ["enquiry", { category: "Careers Enquiry" }, 51],
    ["careers", {}, 51],
    ["vehicle-enquiry", { carType: "new" }, 14],
    ["vehicle-enquiry", { carType: "used" }, 15],
    ["request-photos", { carType: "used" }, 15],
    ["test-drive", { carType: "new" }, 17],
    ["test-drive", { carType: "demo" }, 17],
    ["test-drive", { carType: "used" }, 48],
    ["test-drive", { carType: "used", tag: "Test Drive Only" }, 17],
    ["finance", { modal: true }, 9],
    ["finance", {}, 22],
    ["hero", {}, 22],
  ] as const)("%s %j → %i", (kind, opts, id) => {
    expect(leadAnalyticsEvent(kind, opts)).toBe(id);
  });
});
