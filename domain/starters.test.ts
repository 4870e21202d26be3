import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findPage } from "./find-page";
import type { TenantDocument } from "../renderer/types";
import { STARTER_KINDS, type SiteAnswers } from "./new-site";
import { leadFormSpec } from "./lead-forms";
import { findPlaceholders } from "./placeholders";
import { publishChecklist } from "./publish-checklist";
import { buildStarter, placeholderAnswers, starterDocument } from "./starters";
import { validateTenant } from "./tenant-validation";

const TENANTS = join(__dirname, "..", "tenants");
const demos = readdirSync(TENANTS)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(TENANTS, f), "utf8")) as TenantDocument);

/** What identifies a demo dealer: names, cities, phones, licence numbers, domains and e-mails. */
function demoFacts(doc: TenantDocument): string[] {
  const facts = [doc.identity.name, doc.identity.groupName, doc.identity.phone, doc.identity.email, ...doc.identity.domains];
  for (const d of doc.dealerships) facts.push(d.name, d.phone, d.leadEmail);
  for (const l of doc.locations) {
    facts.push(l.name, l.address.city, l.contact_detail?.phone, l.contact_detail?.landline_phone, l.contact_detail?.email, l.dealer_license_number, l.motor_vehicle_repairer);
  }
  return [...new Set(facts.filter((f): f is string => typeof f === "string" && f.length > 2))];
}

const PAGES_EVERY_STARTER = ["/", "/about-us", "/contact-us", "/finance", "/privacy-policy", "/search", "/search/used-cars", "/cars/a-car"];

describe("starter templates", () => {
  it("has six kinds, each with a name and a description", () => {
    expect(STARTER_KINDS.map((k) => k.id)).toEqual(["franchise", "used", "group", "caravan", "moto-truck", "nz"]);
    for (const k of STARTER_KINDS) expect(k.description.length).toBeGreaterThan(30);
  });

  const facts = demos.flatMap(demoFacts);
  for (const kind of STARTER_KINDS) {
    it(`${kind.id}: validates, marks its placeholders and names no demo dealer`, () => {
      const doc = starterDocument(kind.id);
      const check = validateTenant(doc);
      expect(check.ok ? [] : check.errors).toEqual([]);
      // (Not the time zone's name: "Pacific/Auckland" is every New Zealand site's.)
      const text = JSON.stringify({ ...doc, identity: { ...doc.identity, timeZone: null } });
      expect(facts.filter((f) => text.includes(f))).toEqual([]);
      // The dealer's name, location, logo, story and privacy policy wait for the dealer.
      const places = findPlaceholders(doc).map((p) => p.pointer);
      expect(places).toEqual(expect.arrayContaining(["/identity/name", "/locations/0/address/street", "/theme/logo/src", "/dealerships/0/name"]));
      const about = doc.pages.findIndex((p) => p.path === "/about-us");
      const privacy = doc.pages.findIndex((p) => p.path === "/privacy-policy");
      expect(places).toEqual(expect.arrayContaining([`/pages/${about}/blocks/0/props/html`, `/pages/${privacy}/blocks/0/props/html`]));
    });

    it(`${kind.id}: has the pages a site needs`, () => {
      const doc = starterDocument(kind.id);
      const served = (path: string) => findPage(validated(doc), path)?.id ?? null;
      for (const path of PAGES_EVERY_STARTER) expect(served(path), path).not.toBeNull();
      expect(served(`/locations/${doc.locations[0].slug}`)).toBe("location-detail");
      expect(served("/contact-us/placeholder-main-location")).toBe("location-contact");
      expect(served("/sell-my-car") ?? served("/trade-in")).toBe("sell-my-car");
      expect(served("/service")).toBe(kind.id === "used" ? null : "service");
      expect(served("/dealer-locator")).toBe(kind.id === "group" ? "dealer-locator" : null);
    });
  }
});

describe("consent to news and offers", () => {
  const optIn = (doc: TenantDocument, kind: "enquiry" | "test-drive") => leadFormSpec(validated(doc), kind).fields.find((f) => f.name === "opt_in");

  it("a site made from a starter asks with an unticked box (express consent: Spam Act 2003, NZ UEMA 2007)", () => {
    for (const kind of STARTER_KINDS) {
      const doc = starterDocument(kind.id);
      expect(doc.forms.enquiry.fields.optIn, kind.id).toEqual({ show: true, required: false, ticked: false });
      expect(optIn(doc, "enquiry"), kind.id).toMatchObject({ label: "Keep me up to date with news and offers", ticked: false });
      expect(optIn(doc, "test-drive")?.ticked, kind.id).toBe(false);
    }
  });

  it("the demo sites keep the spec's ticked box", () => {
    expect(demos.length).toBe(6);
    for (const doc of demos) expect(optIn(doc, "enquiry")?.ticked, doc.identity.slug).toBe(true);
  });
});

const validated = (doc: unknown) => {
  const check = validateTenant(doc);
  if (!check.ok) throw new Error(JSON.stringify(check.errors));
  return check.document;
};

describe("a starter filled with the wizard's answers", () => {
  const answers: SiteAnswers = {
    kind: "franchise",
    name: "Tasman Ute Centre",
    slug: "tasman-ute-centre",
    domains: ["www.tasmanutes.com.au"],
    makes: ["Isuzu UTE", "Ford"],
    leadEmail: "sales@tasmanutes.com.au",
    phone: "03 6200 1234",
    location: { name: "Tasman Ute Centre Hobart", street: "40 Main Road", city: "Moonah", state: "TAS", postcode: "7009" },
    hours: [{ weekday: 1, status: "open", open: "08:00", close: "17:00" }, { weekday: 0, status: "closed" }],
    dealerships: [{ id: 950, name: "Tasman Ute Centre" }],
    colors: { primary: "#7a1f1f", accent: "#f2c14e" },
    logo: { src: "/media/uploads/tasman-ute-centre/0123456789abcdef0123456789abcdef.webp", width: 400, height: 120 },
  };
  const doc = validated(buildStarter(answers));

  it("puts the dealer's facts everywhere the site needs them and leaves no placeholder where an answer was given", () => {
    expect(doc.identity).toMatchObject({
      name: "Tasman Ute Centre", slug: "tasman-ute-centre", domains: ["www.tasmanutes.com.au"], phone: "03 6200 1234", email: "sales@tasmanutes.com.au",
      state: "TAS", timeZone: "Australia/Hobart", locale: "en-AU", currency: "AUD", carTypes: ["new", "demo", "used"],
    });
    expect(doc.identity.manufacturer).toBeUndefined(); // two makes: not a single franchise
    expect(doc.dealerships).toEqual([
      { id: 950, slug: "tasman-ute-centre", name: "Tasman Ute Centre", makes: ["Isuzu UTE", "Ford"], leadEmail: "sales@tasmanutes.com.au", phone: "03 6200 1234" },
    ]);
    expect(doc.locations.map((l) => [l.id, l.name, l.slug, l.location_type, l.dealership_id])).toEqual([
      [1, "Tasman Ute Centre Hobart", "tasman-ute-centre-hobart", "sales", 950],
      [2, "Tasman Ute Centre Hobart Service", "tasman-ute-centre-hobart-service", "service-and-parts", 950],
    ]);
    for (const l of doc.locations) {
      expect(l).toMatchObject({
        address: { street: "40 Main Road", city: "Moonah", state: "TAS", postcode: "7009" }, manufacturers: ["isuzu-ute", "ford"],
        contact_detail: { phone: "03 6200 1234", email: "sales@tasmanutes.com.au" }, opening_hours: answers.hours,
      });
    }
    expect(doc.theme.colors).toMatchObject({ primary: "#7a1f1f", onPrimary: "#ffffff", accent: "#f2c14e", onAccent: "#111111" });
    expect(doc.theme.logo).toEqual({ src: answers.logo!.src, alt: "Tasman Ute Centre logo", width: 400, height: 120 });
    expect(doc.pages[0].title).toBe("Tasman Ute Centre | New and Used Cars in Moonah");
    expect(doc.footer?.groups?.[2]?.title).toBe("Tasman Ute Centre");
    expect(JSON.stringify(doc.pages[0].blocks)).toContain("Tasman Ute Centre sells new Isuzu UTE and Ford cars and quality used cars in Moonah.");
    // The licence number was not given: the sales location has none (the checklist asks for it).
    expect(doc.locations[0].dealer_license_number).toBeUndefined();
    // Only what only the dealer can write is left: the story and the privacy policy.
    expect(findPlaceholders(doc).map((p) => p.pointer)).toEqual(["/pages/1/blocks/0/props/html", "/pages/6/blocks/0/props/html"]);
  });

  it("gives the sales location the dealer licence number, so a Tasmanian site passes the checklist's licence check", () => {
    const licensed = validated(buildStarter({ ...answers, location: { ...answers.location, licence: "TAS 12874" } }));
    expect(licensed.locations.map((l) => [l.location_type, l.dealer_license_number])).toEqual([["sales", "TAS 12874"], ["service-and-parts", undefined]]);
    const licences = publishChecklist(licensed, [], { others: [], stock: 0 }).find((c) => c.id === "listing-rules")!;
    expect(licences.status).toBe("pass");
    expect(publishChecklist(doc, [], { others: [], stock: 0 }).find((c) => c.id === "listing-rules")!.problems.map((p) => p.pointer)).toEqual(["/locations/0/dealer_license_number"]);
  });

  it("keeps slugs of the longest names a person may give within the schema's 63 characters, and unique", () => {
    const long = "Tasman Ute Centre and Four Wheel Drive Specialists of Southern Tasmania Hobart Moonah Glenorchy Depot";
    const doc = validated(buildStarter({ ...answers, location: { ...answers.location, name: long }, dealerships: [{ id: 1, name: long }, { id: 2, name: long }] }));
    expect(doc.locations.map((l) => l.slug)).toEqual(["tasman-ute-centre-and-four-wheel-drive-specialists", "tasman-ute-centre-and-four-wheel-drive-specialists-service"]);
    expect(doc.dealerships.map((d) => d.slug)).toEqual(["tasman-ute-centre-and-four-wheel-drive-specialists", "tasman-ute-centre-and-four-wheel-drive-specialists-2"]);
  });

  it("stays within every field's limit for the longest answers, naming many makes by their number", () => {
    const long = Array.from({ length: 4 }, (_, i) => `${"M".repeat(70)} ${i}`);
    const doc = validated(buildStarter({ ...answers, name: "N".repeat(80), makes: long, location: { ...answers.location, city: "C".repeat(120) } }));
    expect(doc.pages[0].description).toHaveLength(300);
    expect(doc.pages[0].description!.endsWith("…")).toBe(true);
    const many = validated(buildStarter({ ...answers, makes: Array.from({ length: 40 }, (_, i) => `Make ${i}`) }));
    expect(many.pages[0].description).toBe("Tasman Ute Centre sells new cars of 40 makes and quality used cars in Moonah.");
  });

  it("escapes the dealer's name in page HTML and makes a single make the franchise's manufacturer", () => {
    const one = validated(buildStarter({ ...answers, name: "Smith & <Sons>", makes: ["Mazda"] }));
    expect(one.identity.manufacturer).toBe("Mazda");
    expect(JSON.stringify(one.pages[0].blocks)).toContain("<p>Smith &amp; &lt;Sons&gt; sells new Mazda cars");
  });

  it("makes a New Zealand site from the New Zealand starter, and a used-car site without a workshop", () => {
    const nz = validated(buildStarter({ ...answers, kind: "nz", location: { ...answers.location, state: "CAN" } }));
    expect(nz.identity).toMatchObject({ locale: "en-NZ", currency: "NZD", timeZone: "Pacific/Auckland" });
    expect(nz.identity.state).toBeUndefined();
    expect(nz.features?.tradeIn?.enabled).toBe(false);
    const used = validated(buildStarter({ ...answers, kind: "used", makes: [] }));
    expect(used.identity.carTypes).toEqual(["used"]);
    expect(used.locations).toHaveLength(1);
    expect(used.pages.some((p) => p.path === "/service")).toBe(false);
    expect(used.pages[0].description).toBe("Tasman Ute Centre sells quality used cars in Moonah.");
  });

  it("adds the workshop as a second location, a Book a Service page and its links only when the dealer services", () => {
    const noService = validated(buildStarter({ ...answers, service: false }));
    expect(noService.locations.map((l) => [l.id, l.name, l.location_type])).toEqual([[1, "Tasman Ute Centre Hobart", "sales"]]);
    expect(noService.pages.some((p) => p.path === "/service")).toBe(false);
    expect(JSON.stringify([noService.navigation, noService.footer])).not.toContain("/service");
    expect(JSON.stringify(noService)).not.toContain("Service Enquiry");
    // Asked and ticked (the wizard's default for a kind that services): both.
    const withService = validated(buildStarter({ ...answers, service: true }));
    expect(withService.locations.map((l) => l.location_type)).toEqual(["sales", "service-and-parts"]);
    expect(withService.pages.some((p) => p.path === "/service")).toBe(true);
  });

  it("starts from placeholders that are each replaced by an answer", () => {
    const before = findPlaceholders(starterDocument("group")).length;
    expect(before).toBeGreaterThan(5);
    expect(findPlaceholders(buildStarter({ ...placeholderAnswers("group"), name: "Harbour Group" })).length).toBeLessThan(before);
  });
});
