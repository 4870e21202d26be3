import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { blocksPublishing, publishChecklist, type CheckItem, type OtherSite } from "./publish-checklist";
import { internalLinks, resolves } from "./site-links";
import { fieldPlace } from "./field-place";

const placeOf = (doc: unknown, pointer: string) => fieldPlace(pointer, doc);
import { validateTenant } from "./tenant-validation";

// A demo document as written (no defaults), to change freely before it is validated.
const raw = (slug: string): any => JSON.parse(readFileSync(join(__dirname, "..", "tenants", `${slug}.json`), "utf8"));
const valid = (doc: unknown) => {
  const r = validateTenant(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
};
const DEMOS = ["bluegum", "coralstone-mazda", "harbourline", "kowhai-motors", "redgate", "wattle-creek"];
const others = (but: string): OtherSite[] => DEMOS.filter((s) => s !== but).map((s) => ({ name: raw(s).identity.name, document: raw(s) }));
const byId = (items: CheckItem[]) => Object.fromEntries(items.map((i) => [i.id, i]));

describe("internal links and where they are", () => {
  it("names each link's place in words: menu, footer, page blocks, rich text", () => {
    const doc = raw("bluegum");
    const links = internalLinks(doc);
    expect(links.find((l) => l.pointer === "/navigation/items/1/children/2/href")).toEqual({
      path: "/search/ute", href: "/search/ute", pointer: "/navigation/items/1/children/2/href", where: "Navigation › Used Cars › Utes › Goes to",
    });
    expect(placeOf(doc, "/footer/legalLinks/0/href")).toBe(`Footer › ${doc.footer.legalLinks[0].label} › Goes to`);
    expect(placeOf(doc, "/pages/1/blocks/0/props/html")).toBe("About Us › Rich text › Text");
    expect(placeOf(doc, "/pages/0/blocks/1")).toBe("Home page › Search hero");
    expect(placeOf(doc, "/dealerships/0/leadEmail")).toBe("Dealerships › Bluegum Pre-Owned › Lead e-mail address");
    expect(placeOf(raw("harbourline"), "/layout/top/0/props/link/href")).toBe("Layout › Top of every page › Announcement bar › Link › Goes to");
    const inText = internalLinks({ pages: [{ path: "/a", title: "A", blocks: [{ id: "x", type: "rich-text", props: { html: '<a href="/b?x=1#top">b</a>' } }] }] });
    expect(inText).toEqual([{ path: "/b", href: "/b?x=1#top", pointer: "/pages/0/blocks/0/props/html", where: "A › Rich text › Text (a link in the text)" }]);
  });

  it("resolves a path as the site serves it: pages, template routes, model pages, gated routes with their sign-in page", () => {
    const bluegum = valid(raw("bluegum"));
    expect(["/", "/about-us", "/About-Us/", "/search/used-cars/toyota", "/cars/2019-toyota-hilux-sr5-abc123", "/success", "/locations/bluegum-pre-owned-osborne-park"].map((p) => resolves(bluegum, p))).toEqual([
      true, true, true, true, true, true, true,
    ]);
    expect(["/no-such-page", "/locations/nowhere", "/service"].map((p) => resolves(bluegum, p))).toEqual([false, false, false]);
    // Coralstone's model range: /{model slug} is a page; another model is not.
    const coralstone = valid(raw("coralstone-mazda"));
    expect([resolves(coralstone, "/mazda2"), resolves(coralstone, "/mazda9")]).toEqual([true, false]);
    // Harbourline keeps My Garage for signed-in visitors: it resolves while the sign-in page exists.
    const harbourline = raw("harbourline");
    expect(resolves(valid(harbourline), "/my-garage")).toBe(true);
    expect(resolves(valid({ ...harbourline, pages: harbourline.pages.filter((p: { path?: string }) => p.path !== "/sign-in") }), "/my-garage")).toBe(false);
    // Without a vehicle page template, a car's link leads nowhere.
    expect(resolves(valid({ ...raw("bluegum"), pages: raw("bluegum").pages.filter((p: { template?: string }) => p.template !== "vehicle-detail") }), "/cars/some-car")).toBe(false);
  });
});

describe("the pre-publish checklist", () => {
  it("passes every demo site against the other five, with the stock as the only thing it cannot know", () => {
    for (const slug of DEMOS) {
      const items = publishChecklist(valid(raw(slug)), [], { others: others(slug), stock: 12 });
      expect(items.map((i) => [i.id, i.status, i.problems.length]), slug).toEqual([
        ["valid", "pass", 0], ["links", "pass", 0], ["placeholders", "pass", 0], ["other-dealers", "pass", 0],
        ["lead-email", "pass", 0], ["listing-rules", "pass", 0], ["stock", "pass", 0],
      ]);
      expect(items.at(-1)!.summary).toBe("12 cars in stock.");
    }
  });

  it("lists each failure in plain words with where it is and the field to open", () => {
    const doc = raw("bluegum");
    doc.navigation.items.push({ label: "Finance deals", href: "/finance-deals" });
    doc.copy.aboutText = "[Placeholder] A sentence about the dealership";
    doc.footer.text = "Call Harbourline Toyota on +61 7 5550 1010.";
    delete doc.dealerships[0].leadEmail;
    delete doc.locations[1].dealer_license_number;
    const items = byId(publishChecklist(valid(doc), [], { others: others("bluegum"), stock: 0 }));
    const menu = doc.navigation.items.length - 1;
    expect(items.links).toEqual({
      id: "links", status: "fail", summary: "1 link leads to no page.",
      problems: [{ message: "“/finance-deals” leads to no page of this site.", where: "Navigation › Finance deals › Goes to", pointer: `/navigation/items/${menu}/href` }],
    });
    expect(items.placeholders.problems).toEqual([{ message: "Still a placeholder: “[Placeholder] A sentence about the dealership”.", where: "Copy › About the dealer", pointer: "/copy/aboutText" }]);
    expect(items["other-dealers"]).toMatchObject({
      status: "fail", summary: "1 place with another dealer's details.",
      problems: [{ message: "“Harbourline Toyota” is a name of another site, Harbourline Motor Group.", where: "Footer › Footer text", pointer: "/footer/text" }],
    });
    expect(items["lead-email"].problems).toEqual([
      { message: "Bluegum Pre-Owned has no lead e-mail address, so its leads cannot be sent.", where: "Dealerships › Bluegum Pre-Owned", pointer: "/dealerships/0/leadEmail" },
    ]);
    expect(items["listing-rules"].problems).toEqual([
      { message: "Bluegum Pre-Owned Midland sells in WA, where the site must show its motor dealer licence number.", where: "Locations › Bluegum Pre-Owned Midland › Dealer licence number", pointer: "/locations/1/dealer_license_number" },
    ]);
    expect(items.stock).toMatchObject({ status: "warn", problems: [] });
    expect(items.stock.summary).toMatch(/^No car in stock yet: /);
    expect(blocksPublishing(Object.values(items))).toBe(true);
  });

  it("finds another dealer's phone number however it is written, and its domain in an address", () => {
    const doc = raw("bluegum");
    doc.footer.text = "Ring (07) 5550-1010 today";
    doc.pages[1].blocks[0] = { id: "about-text", type: "rich-text", props: { html: "<p>Write to sales@harbourlinemotors.com.au</p>" } };
    const problems = byId(publishChecklist(valid(doc), [], { others: others("bluegum"), stock: 1 }))["other-dealers"].problems;
    expect(problems.map((p) => [p.where, p.message])).toEqual([
      ["Footer › Footer text", "“07 5550 1010” is a phone number of another site, Harbourline Motor Group."],
      ["About Us › Rich text › Text", "“harbourlinemotors.com.au” is a domain of another site, Harbourline Motor Group."],
    ]);
  });

  it("does not count what the site says it is itself (a group's shared name), nor short common words", () => {
    const doc = raw("bluegum");
    doc.identity.groupName = "Harbourline Motor Group";
    doc.copy.aboutText = "Part of Harbourline Motor Group. Sales and Service.";
    const extra: OtherSite = { name: "Tiny", document: { identity: { name: "Sales", domains: [] }, dealerships: [{ id: 9, name: "Service", phone: "123" }] } };
    const problems = byId(publishChecklist(valid(doc), [], { others: [...others("bluegum"), extra], stock: 1 }))["other-dealers"].problems;
    expect(problems).toEqual([]);
  });

  it("asks a licence only of shown sales locations in Australian states, and a trader number in New Zealand", () => {
    const doc = raw("harbourline");
    for (const l of doc.locations) delete l.dealer_license_number;
    const rules = byId(publishChecklist(valid(doc), [], { others: [], stock: 1 }))["listing-rules"];
    const sales = doc.locations.filter((l: { visible?: boolean; location_type: string }) => l.visible !== false && l.location_type === "sales");
    expect(rules.problems.map((p) => p.pointer)).toEqual(sales.map((l: unknown) => `/locations/${doc.locations.indexOf(l)}/dealer_license_number`));
    expect(rules.summary).toBe(`${sales.length} places break an advertising rule of the site's states or country.`);
    // New Zealand's notice names the trader's register number; the used stock is what asks for the notice.
    const kowhai = raw("kowhai-motors");
    kowhai.features.consumerInformationNotice = false;
    const nz = (usedStock: number) => byId(publishChecklist(valid(kowhai), [], { others: [], stock: 9, usedStock }))["listing-rules"].problems.map((p) => p.pointer);
    expect(nz(0)).toEqual([]);
    expect(nz(4)).toEqual(["/features/consumerInformationNotice"]);
  });

  it("a warning alone never blocks; an invalid draft is checked for its errors first", () => {
    const ok = publishChecklist(valid(raw("redgate")), [], { others: [], stock: 0 });
    expect(ok.map((i) => i.status)).toEqual(["pass", "pass", "pass", "pass", "pass", "pass", "warn"]);
    expect(blocksPublishing(ok)).toBe(false);
    // An invalid draft's errors name its pages and blocks by their titles all the same.
    const draft = raw("bluegum");
    delete draft.pages[1].blocks[0].props.html;
    const named = publishChecklist(null, [{ pointer: "/pages/1/blocks/0/props/html", message: "Text is required." }], { others: [], stock: 0 }, draft);
    expect(named[0].problems).toEqual([{ message: "Text is required.", where: "About Us › Rich text › Text", pointer: "/pages/1/blocks/0/props/html" }]);
    const invalid = publishChecklist(null, [{ pointer: "/identity/name", message: "must be filled in" }], { others: [], stock: 0 });
    expect(invalid).toEqual([
      {
        id: "valid", status: "fail", summary: "1 field to correct first; the other checks run once the draft has no errors.",
        problems: [{ message: "must be filled in", where: "Identity › Site name", pointer: "/identity/name" }],
      },
    ]);
  });
});
