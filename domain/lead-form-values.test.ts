import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateTenant } from "./tenant-validation";
import { leadFormSpec } from "./lead-forms";
import { buildLead, financeQueryPrefill, formatPrice, parsePrice } from "./lead-form-values";
import { validateLeadForm } from "./lead-form-validation";

const harbourline = (() => {
  const v = validateTenant(JSON.parse(readFileSync("tenants/harbourline.json", "utf8")));
  if (!v.ok) throw new Error("harbourline.json is invalid");
  return v.document;
})();

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
