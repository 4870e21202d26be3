import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../schemas/generated/tenant";
import { EMAIL_FORMAT, schemaValidator, type SchemaError } from "./json-schema-lite";
import { validateLeadForm } from "./lead-form-validation";
import { LEAD_FORM_KINDS, leadFormSpec, type FormField, type LeadFormSpec } from "./lead-forms";
import { formErrors } from "./lead-form-messages";
import { leadFormSchema } from "./lead-form-schema";
import { buildLead } from "./lead-form-values";
import { seededRandom } from "./random";
import { validateTenant } from "./tenant-validation";

// The validator the lead forms used before (ajv compiles the schema to a function: 'unsafe-eval'
// in the browser). It stays the reference the interpreter must agree with.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, ["email"]);
const ajvErrors = (schema: object, data: unknown): SchemaError[] => {
  const validate = ajv.compile(schema);
  return validate(data) ? [] : (validate.errors ?? []).map(({ keyword, instancePath, params }: ErrorObject) => ({ keyword, instancePath, params }));
};

describe("json-schema-lite", () => {
  it("uses ajv-formats' email regular expression, exactly", () => {
    const theirs = fullFormats.email as RegExp;
    expect(EMAIL_FORMAT.source).toBe(theirs.source);
    expect(EMAIL_FORMAT.flags).toBe(theirs.flags);
  });

  it("refuses a schema with a keyword, format or type it does not know, wherever it is", () => {
    const fields = (extra: object) => ({ type: "object", properties: { fields: { type: "object", properties: { email: { type: "string", ...extra } } } } });
    expect(() => schemaValidator(fields({ multipleOf: 2 }))).toThrow('json-schema-lite: an unknown keyword "multipleOf" at /properties/fields/properties/email/multipleOf');
    expect(() => schemaValidator(fields({ format: "date" }))).toThrow('json-schema-lite: an unknown format "date" at /properties/fields/properties/email/format');
    expect(() => schemaValidator({ type: ["string", "null"] })).toThrow("json-schema-lite: an unsupported type");
    expect(() => schemaValidator({ $ref: "#/definitions/x" })).toThrow('an unknown keyword "$ref"');
    expect(() => schemaValidator({ properties: { a: true } })).toThrow("a schema that is not an object at /properties/a");
    expect(() => schemaValidator({ enum: [{ a: 1 }] })).toThrow("an enum that is not a list");
    expect(() => schemaValidator({ minLength: -1 })).toThrow("a minLength that is not a whole number");
    // Annotations check nothing and are allowed.
    expect(schemaValidator({ type: "string", title: "T", description: "D", default: "x", $comment: "c", examples: ["x"] })(1)).toEqual([
      { keyword: "type", instancePath: "", params: { type: "string" } },
    ]);
  });

  it("refuses a lead form schema that gains a rule it cannot check, before looking at any lead", () => {
    const spec = leadFormSpec(tenants[0], "enquiry");
    const schema = leadFormSchema(spec) as { properties: { fields: Record<string, unknown> } };
    // The lead schema's "one of email or phone" (anyOf), were leadFormSchema to copy it.
    schema.properties.fields.anyOf = [{ required: ["email"] }, { required: ["phone"] }];
    expect(() => schemaValidator(schema)).toThrow('json-schema-lite: an unknown keyword "anyOf" at /properties/fields/anyOf');
    // And a field rule it does not know.
    const withRule = leadFormSchema(spec) as { properties: { fields: { properties: Record<string, Record<string, unknown>> } } };
    withRule.properties.fields.properties.email.exclusiveMaximum = 3;
    expect(() => schemaValidator(withRule)).toThrow('an unknown keyword "exclusiveMaximum"');
  });

  it("answers as ajv does on the corner cases of types, lengths and patterns", () => {
    const schema = {
      type: "object",
      required: ["s", "i", "b"],
      properties: {
        s: { type: "string", minLength: 2, maxLength: 3, pattern: "^[^<>\\u0000-\\u001f]*$", enum: ["ab", "😀😀", "a\u0000"] },
        i: { type: "integer", minimum: 1, maximum: 10, enum: [1, 2, 3] },
        b: { type: "boolean", const: true },
        n: { type: "number", maximum: 5 },
        e: { type: "string", format: "email" },
        "a/b~c": { type: "string", const: "x" },
      },
    };
    const cases: unknown[] = [
      null, [], "x", 3, {},
      { s: "😀😀", i: 2, b: true }, // two code points: short enough
      { s: "😀😀😀😀", i: 2.5, b: "true" },
      { s: "a\u0000", i: Infinity, b: 1, n: "5" },
      { s: "\ud800", i: NaN, b: null, n: NaN, e: "a@b" },
      { s: 12, i: "2", b: false, n: Infinity, e: "ADA@EXAMPLE.COM", "a/b~c": "y" },
      { s: ["ab"], i: -0, b: true, n: -Infinity, e: 5, "a/b~c": undefined },
      { s: undefined, i: 0, b: true, e: "a..b@example.com" },
    ];
    for (const data of cases) expect(schemaValidator(schema)(data), JSON.stringify(data)).toEqual(ajvErrors(schema, data));
  });
});

// ——— The differential test: every demo tenant's forms, many leads, both validators ———

const tenants: TenantDocument[] = readdirSync("tenants")
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => {
    const result = validateTenant(JSON.parse(readFileSync(join("tenants", f), "utf8")));
    if (!result.ok) throw new Error(`tenants/${f} is invalid`);
    return result.document;
  });

const LONG = (n: number, unit = "a") => unit.repeat(n);
const STRINGS = [
  "", " ", "Ada", "Zoë", "李小龙", "عربي", "e\u0301", "😀", LONG(100), LONG(101), LONG(50, "😀"), LONG(51, "😀"), LONG(254), LONG(255), LONG(5000), LONG(5001),
  "<script>", "a{b}", "tab\there", "nul\u0000", "del\u007f", "\ud800lone", "0400 000 000", "+61 (7) 3000-0000", "04000", "12345", "1234", "12a4",
  "ABC-123", "abc 12345678", "north-toyota", "North-Toyota", "no--dash", "2026-12-01T10:30", "2026-12-01", "2026-13-45T99:99:99.9999", "01/12/2026",
  "https://x.test", "30000", "$30,000", "General Enquiry", "Careers Enquiry", "Finance Enquiry", "Test Drive",
];
const EMAILS = [
  "ada@example.com", "ADA@EXAMPLE.COM", "a.b+c@mail.example.co", "a..b@example.com", ".a@example.com", "a@b", "a@-b.com", "a@b-.com", "a@b.c", "a@@b.com",
  "a b@example.com", "ada@exämple.com", "zoë@example.com", "a@example.com.", `${LONG(64)}@example.com`, `${LONG(250)}@x.io`, "@example.com", "a@", "",
];
const OTHERS: unknown[] = [0, 1, -1, 1.5, 7, 2147483648, 100000001, Number.MAX_SAFE_INTEGER, true, false, null, [], ["a"], {}, { a: 1 }, NaN, Infinity, -Infinity];

function generator(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const chance = (p: number) => random() < p;

  /** A value that meets the field's rules. */
  const good = (f: FormField): unknown => {
    if (f.options?.length) return f.name === "location_id" ? Number(pick(f.options).value) : pick(f.options).value;
    switch (f.name) {
      case "email":
        return "ada@example.com";
      case "phone":
        return "0400 000 000";
      case "postcode":
        return "4000";
      case "vehicle_price_budget":
        return 30000;
      case "rego":
        return "ABC123";
      case "preferred_date":
        return "2026-12-01T10:30";
      case "opt_in":
      case "terms_conditions":
        return true;
      case "location_id":
        return 1;
      case "dealership_slug":
        return "north-toyota";
      default:
        return "Ada";
    }
  };
  /** A value that may well break them: a miss of the options, the wrong type, too long, a bad email, odd unicode. */
  const bad = (f: FormField): unknown => {
    const roll = random();
    if (f.name === "email" && roll < 0.5) return pick(EMAILS);
    if (f.options?.length && roll < 0.3) return f.name === "location_id" ? pick([0, 999999, 3.5, `${f.options[0].value}`]) : `${pick(f.options).value}x`;
    return roll < 0.75 ? pick(STRINGS) : pick(OTHERS);
  };

  return (spec: LeadFormSpec): unknown => {
    const roll = random();
    // Now and then not a lead at all, or a lead without its parts.
    if (roll < 0.02) return pick([null, [], "lead", 42, true]);
    const values = Object.fromEntries(spec.fields.map((f) => [f.name, f.control === "checkbox" ? true : "x"]));
    const lead = buildLead(spec, values) as unknown as Record<string, unknown>;
    const fields: Record<string, unknown> = {};
    for (const f of spec.fields) {
      if (f.name === "category") continue;
      if (chance(0.25)) continue; // missing
      fields[f.name] = chance(0.3) ? bad(f) : good(f);
    }
    if (chance(0.1)) fields.unknown_field = pick(STRINGS);
    lead.fields = roll < 0.04 ? pick(OTHERS) : fields;
    if (chance(0.3)) lead.category = chance(0.5) ? pick(STRINGS) : pick(OTHERS);
    if (spec.categories && chance(0.3)) lead.category = pick(spec.categories);
    if (chance(0.03)) delete lead.category;
    if (chance(0.03)) delete lead.fields;
    return lead;
  };
}

describe("json-schema-lite against ajv on the demo tenants' lead forms", () => {
  const LEADS_PER_FORM = 25;
  const cases = tenants.flatMap((t) =>
    LEAD_FORM_KINDS.flatMap((kind) =>
      [false, true].flatMap((partial) => [null, "Toyota"].map((make) => ({ slug: t.identity.slug, tenant: t, kind, partial, make }))),
    ),
  );
  const seen = new Map<string, number>();
  let compared = 0;

  it.each(cases)("$slug $kind (partial: $partial, make: $make)", ({ tenant, kind, partial, make }) => {
    const spec = leadFormSpec(tenant, kind, { make });
    const schema = leadFormSchema(spec, { partial });
    const validate = ajv.compile(schema);
    const lite = schemaValidator(schema);
    const next = generator(compared + 1);
    const leads = [buildLead(spec, {}), ...Array.from({ length: LEADS_PER_FORM }, () => next(spec))];
    for (const lead of leads) {
      const theirs = validate(lead) ? [] : (validate.errors ?? []).map(({ keyword, instancePath, params }) => ({ keyword, instancePath, params }));
      const ours = lite(lead);
      // The same errors, in the same order (formErrors keeps the first message of a field), with the same params.
      expect(ours, JSON.stringify(lead)).toEqual(theirs);
      expect(validateLeadForm(spec, lead, { partial }), JSON.stringify(lead)).toEqual(theirs.length ? formErrors(spec, theirs) : []);
      for (const e of ours) seen.set(e.keyword, (seen.get(e.keyword) ?? 0) + 1);
      compared++;
    }
  });

  it("compared thousands of leads, which broke every rule the forms have", () => {
    expect(compared).toBeGreaterThanOrEqual(3000);
    for (const keyword of ["type", "required", "enum", "const", "minLength", "maxLength", "pattern", "format", "minimum", "maximum"]) {
      expect(seen.get(keyword) ?? 0, keyword).toBeGreaterThan(20);
    }
  });
});
