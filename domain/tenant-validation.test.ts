import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeTenant } from "../tests/fixtures/tenant";
import { contrastRatio, validateTenant, type TenantError } from "./tenant-validation";

const errorsOf = (doc: unknown): TenantError[] => {
  const r = validateTenant(doc);
  return r.ok ? [] : r.errors;
};

describe("validateTenant", () => {
  it("accepts a valid document, applies defaults and leaves the input unchanged", () => {
    const doc = makeTenant("alpha");
    const before = JSON.stringify(doc);
    const r = validateTenant(doc);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.document.features.soldCars.days).toBe(3);
      expect(r.document.forms.dealershipSelect.placeholder).toBe("Please select a dealership...");
      expect(r.document.search.filters.find((f) => f.attribute === "model")?.limit).toBe(250);
    }
    expect(JSON.stringify(doc)).toBe(before);
  });

  it("names an unknown block type at its path", () => {
    const doc = makeTenant("alpha");
    (doc.pages[0].blocks as unknown[]).push({ id: "x", type: "carousel-3000", props: {} });
    expect(errorsOf(doc)).toEqual([{ pointer: "/pages/0/blocks/1/type", message: 'There is no block type "carousel-3000".' }]);
  });

  it("reports a wrong prop type inside the block's own props", () => {
    const doc = makeTenant("alpha");
    (doc.pages[0].blocks[0].props as { html: unknown }).html = 42;
    expect(errorsOf(doc)).toEqual([{ pointer: "/pages/0/blocks/0/props/html", message: "Text must be text." }]);
  });

  it("reports a missing required prop and an unknown prop", () => {
    const doc = makeTenant("alpha");
    doc.pages[0].blocks[0].props = { colour: "red" } as never;
    expect(errorsOf(doc)).toEqual([
      { pointer: "/pages/0/blocks/0/props/html", message: "Text is required." },
      { pointer: "/pages/0/blocks/0/props/colour", message: "Rich text has a setting this version does not know (“colour”); remove it." },
    ]);
  });

  it("rejects a duplicate block id across layout and pages", () => {
    const doc = makeTenant("alpha");
    doc.layout.top.push({ id: "intro", type: "rich-text", props: { html: "<p>Top</p>" } } as never);
    expect(errorsOf(doc)).toEqual([{ pointer: "/pages/0/blocks/0/id", message: 'Two blocks have the id "intro"; each block needs its own.' }]);
  });

  it("rejects a page path used twice", () => {
    const doc = makeTenant("alpha");
    doc.pages.push({ id: "home-2", path: "/", title: "Again", blocks: [] });
    expect(errorsOf(doc)).toEqual([{ pointer: "/pages/1/path", message: 'Two pages have the path "/"; choose another.' }]);
  });

  it("rejects a location that refers to an unknown dealership", () => {
    const doc = makeTenant("alpha");
    doc.locations[0].dealership_id = 7;
    const message = "The stock feed's dealership 7 is not one of the site's dealerships; choose one of them, or add it under Dealerships.";
    expect(errorsOf(doc)).toEqual([{ pointer: "/locations/0/dealership_id", message }]);
    const named = validateTenant(doc, new Map([[7, "Gamma Motors"]]));
    expect(named.ok ? [] : named.errors.map((e) => e.message)).toEqual([`"Gamma Motors" is not one of the site's dealerships; choose one of them, or add it under Dealerships.`]);
  });

  it("refuses a CRM URL that names this machine or a private, link-local or metadata address", () => {
    const withCrm = (crmUrl: string) => {
      const doc = makeTenant("alpha");
      doc.dealerships[0].crmUrl = crmUrl;
      return errorsOf(doc);
    };
    const refused = [{ pointer: "/dealerships/0/crmUrl", message: "CRM address must be a public https address." }];
    for (const url of [
      "http://127.0.0.1:8080/adf",
      "https://localhost/adf",
      "https://crm.localhost/adf",
      "http://169.254.169.254/latest/meta-data/",
      "https://10.0.0.5/adf",
      "https://192.168.1.10/adf",
      "https://[::1]/adf",
      "https://[::ffff:127.0.0.1]/adf",
      "https://0x7f000001/adf",
      "https://0.0.0.0/adf",
    ]) {
      expect([url, withCrm(url)]).toEqual([url, refused]);
    }
    expect(withCrm("ftp://crm.example.com/adf").map((e) => e.pointer)).toEqual(["/dealerships/0/crmUrl"]);
    // What is refused at send time is said at the field: plain http, names that are never public.
    for (const url of ["https://crm/adf", "https://crm./adf", "https://crm.internal/adf", "https://nas.local/adf", "https://router.home.arpa/adf", "https://CRM.Corp/adf", "http://crm.lan/adf"]) {
      expect([url, withCrm(url)]).toEqual([url, refused]);
    }
    for (const url of ["http://crm.harbourlinemotors.com.au/adf", "http://93.184.216.34/adf"]) {
      expect([url, withCrm(url)]).toEqual([url, [{ pointer: "/dealerships/0/crmUrl", message: "CRM address must start with https:// (leads are not sent over plain http)." }]]);
    }
    // Other names are checked after DNS when a lead is sent; public literals pass.
    expect(withCrm("https://crm.harbourlinemotors.com.au/adf")).toEqual([]);
    expect(withCrm("https://crm.local-motors.com.au/adf")).toEqual([]);
    expect(withCrm("https://93.184.216.34/adf")).toEqual([]);
  });

  it("needs exactly one of path and template, and keeps platform paths free", () => {
    const doc = makeTenant("alpha");
    doc.pages.push({ id: "both", path: "/x", template: "search", title: "Both", blocks: [] });
    doc.pages.push({ id: "api", path: "/api/leads", title: "API", blocks: [] });
    expect(errorsOf(doc)).toEqual([
      { pointer: "/pages/1", message: "a page needs exactly one of path or template" },
      { pointer: "/pages/2/path", message: '"/api/leads" is served by the platform (/api); choose another path' },
    ]);
  });

  it("checks currency against locale, finance ranges and text contrast", () => {
    const doc = makeTenant("alpha");
    doc.identity.locale = "en-NZ";
    doc.theme.colors.onPrimary = "#3d6fa0";
    (doc as { finance?: unknown }).finance = { calculator: { term: { min: 7, max: 1, step: 0.5, default: 5 } } };
    const errors = errorsOf(doc);
    expect(errors).toContainEqual({ pointer: "/identity/currency", message: "AUD does not match locale en-NZ (en-AU uses AUD, en-NZ uses NZD)" });
    expect(errors).toContainEqual({ pointer: "/finance/calculator/term/min", message: "min 7 is above max 1" });
    expect(errors.find((e) => e.pointer === "/theme/colors/onPrimary")?.message).toMatch(/^Text on primary has contrast 1\.\d\d:1 on Primary \(buttons, links\); text needs at least 4\.5:1\.$/);
  });

  it("computes WCAG contrast", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

describe("demo tenants", () => {
  const files = readdirSync("tenants").filter((f) => f.endsWith(".json"));
  it("has the six variants", () => expect(files.length).toBeGreaterThanOrEqual(6));
  it.each(files)("%s is valid", (file) => {
    expect(errorsOf(JSON.parse(readFileSync(`tenants/${file}`, "utf8")))).toEqual([]);
  });
  // Schema defaults are a car dealer's words ("Every car we sell comes with:"): a caravan site's vehicle page writes its own.
  it.each(files)("%s's vehicle page speaks of caravans, not cars, where the site sells only caravans", (file) => {
    const result = validateTenant(JSON.parse(readFileSync(`tenants/${file}`, "utf8")));
    if (!result.ok || result.document.identity.stockKinds?.join() !== "caravan") return;
    const vdp = result.document.pages.find((p) => p.template === "vehicle-detail")!;
    const words = JSON.stringify(vdp.blocks.map((b) => b.props)).replace(/van or car\b/g, "").match(/\bcar(?:s|'s)?\b/gi);
    expect(words).toBeNull();
  });
  // An Australian phrase on a New Zealand site; "All prices include on-road costs" also contradicted its disclaimer.
  it.each(files)("%s says no 'rego', 'on-road costs' or 'WOF' where it is a New Zealand site", (file) => {
    const text = readFileSync(`tenants/${file}`, "utf8");
    if (JSON.parse(text).identity.locale !== "en-NZ") return;
    expect(text.match(/\brego\b|on[- ]road costs/gi)).toBeNull();
    expect(text.match(/\bWOF\b/g)).toBeNull(); // the Warrant of Fitness is a WoF
  });
});
