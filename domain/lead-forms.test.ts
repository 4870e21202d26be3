import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Location, TenantDocument } from "../schemas/generated/tenant";
import { validateTenant } from "./tenant-validation";
import tenantSchema from "../schemas/tenant.schema.json";
import { FIELD_NAMES, STEP_INCOMPLETE, stepLabel, FORM_ERROR, FIX_ERRORS, leadEventId, leadFormSpec, mapCategory, POSTCODE_MESSAGE, privacyConsent, type FormsTenant, type LeadFormSpec } from "./lead-forms";
import { leadFormSchema } from "./lead-form-schema";
import { buildLead, financeQueryPrefill, formatPrice, parsePrice } from "./lead-form-values";
import { firstStepWith, stepOf } from "./lead-form-steps";
import { dealershipOptions, locationOptions, makeSlug, locationBaseName } from "./lead-form-options";
import { validateLeadForm } from "./lead-form-validation";
import { TRADE_IN_CATEGORY } from "./trade-in";

const harbourline = (() => {
  const v = validateTenant(JSON.parse(readFileSync("tenants/harbourline.json", "utf8")));
  if (!v.ok) throw new Error("harbourline.json is invalid");
  return v.document;
})();

const loc = (id: number, name: string, dealership_id: number, over: Partial<Location> = {}): Location => ({
  id,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  dealership_id,
  primary: false,
  visible: true,
  location_type: "sales",
  address: { street: "1 Main St", city: "Springfield", state: "QLD", postcode: "4000" },
  ...over,
});

function site(select: Partial<TenantDocument["forms"]["dealershipSelect"]> = {}, locations?: Location[]): FormsTenant {
  return {
    dealerships: [
      { id: 1, slug: "north-toyota", name: "North Toyota" },
      { id: 2, slug: "south-isuzu", name: "South Isuzu UTE" },
      { id: 3, slug: "east-motors", name: "East Motors" },
    ],
    locations: locations ?? [
      loc(11, "North Toyota Sales", 1, { manufacturers: ["toyota"], address: { street: "1", city: "Northgate", state: "QLD", postcode: "4013" } }),
      loc(12, "North Toyota Service", 1, { location_type: "service", manufacturers: ["toyota"], address: { street: "2", city: "Northgate", state: "QLD", postcode: "4013" } }),
      loc(21, "South Isuzu UTE Sales", 2, { manufacturers: ["isuzu-ute"], address: { street: "3", city: "Southport", state: "QLD", postcode: "4215" } }),
      loc(22, "South Parts", 2, { location_type: "service-and-parts", manufacturers: ["isuzu-ute"], address: { street: "4", city: "Southport", state: "QLD", postcode: "4215" } }),
      loc(31, "East Motors", 3, { manufacturers: ["kia", "toyota"], address: { street: "5", city: "Northgate", state: "QLD", postcode: "4013" } }),
      loc(32, "Hidden Yard", 3, { visible: false }),
      loc(33, "  ", 3),
    ],
    forms: { ...harbourline.forms, dealershipSelect: { placeholder: "Please select a dealership...", filterByMake: false, excludedLocationIds: [], showCityNames: false, ...select } },
  };
}

describe("the dealership dropdown (leads §5)", () => {
  it("lists one option per dealership, named by location without the department suffix; hidden and unnamed locations are left out", () => {
    expect(dealershipOptions(site())).toEqual([
      { value: "north-toyota", label: "North Toyota" },
      { value: "south-isuzu", label: "South Isuzu UTE" },
      { value: "east-motors", label: "East Motors" },
    ]);
  });

  it("filters by make, the make's spaces replaced with hyphens", () => {
    expect(makeSlug("Isuzu UTE")).toBe("isuzu-ute");
    const s = site({ filterByMake: true });
    expect(dealershipOptions(s, "Isuzu UTE").map((o) => o.value)).toEqual(["south-isuzu"]);
    expect(dealershipOptions(s, "Toyota").map((o) => o.value)).toEqual(["north-toyota", "east-motors"]);
    // A make no location sells, or no make: the list is not narrowed (the form can still be sent).
    expect(dealershipOptions(s, "Lada").map((o) => o.value)).toEqual(["north-toyota", "south-isuzu", "east-motors"]);
    expect(dealershipOptions(s, null)).toHaveLength(3);
    // The filter only applies where the site switches it on.
    expect(dealershipOptions(site(), "Isuzu UTE")).toHaveLength(3);
  });

  it("filters by location type (service includes service-and-parts locations) or by a fixed list", () => {
    expect(dealershipOptions(site({ locationType: "service" }))).toEqual([
      { value: "north-toyota", label: "North Toyota" },
      { value: "south-isuzu", label: "South" },
    ]);
    expect(dealershipOptions(site({ locationType: "parts" })).map((o) => o.value)).toEqual(["south-isuzu"]);
    expect(dealershipOptions(site({ fixedDealershipSlugs: ["east-motors", "north-toyota"] })).map((o) => o.value)).toEqual(["north-toyota", "east-motors"]);
  });

  it("leaves out excluded location ids (a dealership stays while another of its locations is allowed)", () => {
    expect(dealershipOptions(site({ excludedLocationIds: [21, 22] })).map((o) => o.value)).toEqual(["north-toyota", "east-motors"]);
    expect(dealershipOptions(site({ excludedLocationIds: [11] }))).toContainEqual({ value: "north-toyota", label: "North Toyota" });
    expect(locationOptions(site({ excludedLocationIds: [11] })).map((o) => o.value)).toEqual(["12", "21", "22", "31"]);
  });

  it("shows city names where the site says so; a city two dealerships share names the dealership", () => {
    expect(dealershipOptions(site({ showCityNames: true }))).toEqual([
      { value: "north-toyota", label: "Northgate (North Toyota)" },
      { value: "south-isuzu", label: "Southport" },
      { value: "east-motors", label: "Northgate (East Motors)" },
    ]);
  });

  it("on harbourline: excluded 1006 and 1015, filtered by make, placeholder from the settings", () => {
    const spec = leadFormSpec(harbourline, "enquiry", { make: "Isuzu UTE" });
    const select = spec.fields.find((f) => f.name === "dealership_slug")!;
    expect(select.placeholder).toBe("Please select a dealership...");
    expect(select.options).toEqual([{ value: "harbourline-mitsubishi-isuzu", label: "Harbourline Mitsubishi & Isuzu UTE Maroochydore" }]);
    const all = locationOptions(harbourline).map((o) => Number(o.value));
    expect(all).not.toContain(1006);
    expect(all).not.toContain(1015);
    expect(all).toHaveLength(13);
  });
});

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

describe("the lead a form sends (leads §3, §7)", () => {
  it("leaves empty fields out, sends the location id as a number, the careers mapping, and the page's defaults", () => {
    const spec = leadFormSpec(harbourline, "enquiry");
    const lead = buildLead(
      spec,
      { first_name: " Ada ", last_name: "L", email: "a@example.com", phone: "0400000000", category: "Careers Enquiry", location_id: "1003", dealership_slug: "", rego: "", message: "Hi", opt_in: false },
      { url: "https://harbourline.localhost/careers", userAgent: "UA", defaults: { page_id: "careers", dealership_slug: "harbourline-mazda" }, attributes: { visited_pages: ["/"], linked_query_params: { utm_source: "x" } } },
    );
    expect(lead).toEqual({
      source: "Website",
      form: "enquiry",
      category: "General Enquiry",
      subcategory: "Career Enquiry",
      fields: { page_id: "careers", first_name: "Ada", last_name: "L", email: "a@example.com", phone: "0400000000", location_id: 1003, message: "Hi", opt_in: false },
      isLastStep: true,
      url: "https://harbourline.localhost/careers",
      user_agent: "UA",
      lead_attributes: { visited_pages: ["/"], linked_query_params: { utm_source: "x" } },
    });
  });

  it("a car's lead carries car_id, car_dealership_id and the car's defaults; a filled honeypot goes along as `website`", () => {
    const spec = leadFormSpec(harbourline, "test-drive");
    const lead = buildLead(spec, { first_name: "Ada" }, { carId: "car-1", carDealershipId: 102, defaults: { stock_number: "S1", vehicle_make: "Mazda", car_type: "used" }, honeypot: "http://spam" });
    expect(lead).toMatchObject({ car_id: "car-1", car_dealership_id: 102, category: "Test Drive", website: "http://spam", fields: { stock_number: "S1", vehicle_make: "Mazda", car_type: "used", first_name: "Ada" } });
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
    expect(leadEventId(kind, opts)).toBe(id);
  });
});

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
    expect(leadEventId("trade-in")).toBe(18);
  });

  it("the tenant schema's step fields are the form's field names", () => {
    expect((tenantSchema.definitions.formStep.properties.fields.items as { enum: string[] }).enum).toEqual([...FIELD_NAMES]);
    expect(Object.keys(tenantSchema.definitions.forms.properties.multiStep.properties)).toEqual(["enquiry", "careers", "finance", "vehicle-enquiry", "test-drive", "request-photos", "hero"]);
  });
});

describe("the finance enquiry's budget (leads §5 price field: $ with thousands separators)", () => {
  it("is on the finance form (a site setting), optional by default, never on the others", () => {
    const field = leadFormSpec(harbourline, "finance").fields.find((f) => f.name === "vehicle_price_budget")!;
    expect(field).toMatchObject({ label: "Vehicle Price / Budget", control: "price", required: false, money: { locale: "en-AU", currency: "AUD" } });
    expect(leadFormSpec(harbourline, "enquiry").fields.some((f) => f.name === "vehicle_price_budget")).toBe(false);
    const hidden = { ...harbourline, forms: { ...harbourline.forms, enquiry: { ...harbourline.forms.enquiry, fields: { ...harbourline.forms.enquiry.fields, budget: { show: false, required: false } } } } };
    expect(leadFormSpec(hidden, "finance").fields.some((f) => f.name === "vehicle_price_budget")).toBe(false);
  });

  it("reads what a person types and writes it back as $ with separators", () => {
    expect(parsePrice("$27,990")).toBe(27990);
    expect(parsePrice(" 27990 ")).toBe(27990);
    expect(parsePrice("29,990.50")).toBe(29991);
    expect(parsePrice("30k")).toBeNull();
    expect(parsePrice("")).toBeNull();
    expect(formatPrice(27990)).toBe("$27,990");
    expect(formatPrice(1250000.4)).toBe("$1,250,000");
    expect(formatPrice(45000, { locale: "en-NZ", currency: "NZD" })).toBe("$45,000");
  });

  it("is sent in whole dollars; what is not an amount is sent as typed and refused with its message", () => {
    const spec = leadFormSpec(harbourline, "finance");
    expect(buildLead(spec, { vehicle_price_budget: "$27,990" }).fields.vehicle_price_budget).toBe(27990);
    const lead = buildLead(spec, { first_name: "A", last_name: "B", email: "a@example.com", phone: "0400000000", location_id: "1003", dealership_slug: "harbourline-mazda", message: "Hi", vehicle_price_budget: "about 30k" });
    expect(validateLeadForm(spec, lead)).toEqual([{ name: "vehicle_price_budget", pointer: "/fields/vehicle_price_budget", message: "Vehicle Price / Budget must be an amount in whole dollars, such as $30,000." }]);
  });
});

describe("a finance link's query (leads §2 routes: preferredDealership, vehiclePriceBudget, car_id, car_type)", () => {
  const q = (s: string) => new URLSearchParams(s);
  const slugs = harbourline.dealerships.map((d) => d.slug);

  it("preselects an offered dealership, fills the budget, attaches the car and its type", () => {
    const spec = leadFormSpec(harbourline, "finance");
    expect(financeQueryPrefill(spec, q("car_id=hm-1001&vehiclePriceBudget=27990&car_type=used&preferredDealership=harbourline-mazda"), slugs)).toEqual({
      values: { dealership_slug: "harbourline-mazda", vehicle_price_budget: "$27,990" },
      carId: "hm-1001",
      defaults: { car_type: "used", vehicle_status: "used" },
    });
  });

  it("without a dealership select, a dealership of the site goes with the lead as a hidden field", () => {
    const noSelect = { ...harbourline, forms: { ...harbourline.forms, enquiry: { ...harbourline.forms.enquiry, fields: { ...harbourline.forms.enquiry.fields, dealership: { show: false, required: true } } } } };
    const spec = leadFormSpec(noSelect, "finance");
    expect(financeQueryPrefill(spec, q("preferredDealership=harbourline-ford"), slugs)).toEqual({ values: {}, defaults: { dealership_slug: "harbourline-ford" } });
    expect(financeQueryPrefill(spec, q("preferredDealership=elsewhere"), slugs)).toEqual({ values: {}, defaults: {} });
  });

  it("ignores what is not valid: a dealership not offered, a budget that is not an amount, a bad car id or type", () => {
    const spec = leadFormSpec(harbourline, "finance", { make: "Isuzu UTE" });
    // Filtered by make, the dropdown offers only the Isuzu dealership.
    expect(financeQueryPrefill(spec, q("preferredDealership=harbourline-mazda&vehiclePriceBudget=lots&car_id=<script>&car_type=stolen"), slugs)).toEqual({ values: {}, defaults: {} });
    expect(financeQueryPrefill(spec, q("vehiclePriceBudget=0"), slugs)).toEqual({ values: {}, defaults: {} });
    expect(financeQueryPrefill(spec, q("vehiclePriceBudget=48990.5"), slugs).values).toEqual({ vehicle_price_budget: "$48,991" });
  });
});

describe("locationBaseName", () => {
  it("drops the department suffix, however many departments it names", () => {
    expect(locationBaseName("Redgate Trucks Glenvale Service and Parts")).toBe("Redgate Trucks Glenvale");
    expect(locationBaseName("Redgate Trucks Glenvale Sales")).toBe("Redgate Trucks Glenvale");
    expect(locationBaseName("Harbourline Kia Sales, Service & Parts")).toBe("Harbourline Kia");
    expect(locationBaseName("Coralstone Mazda")).toBe("Coralstone Mazda");
    expect(locationBaseName("Servicestone Motors")).toBe("Servicestone Motors");
  });
});
