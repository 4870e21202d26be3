import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { carRuleProblems, jurisdictionsOf, LISTING_RULES, listingRuleProblems } from "./listing-rules";
import { validateTenant } from "./tenant-validation";
import { keyInfoItems } from "./key-info";
import { cardTag, priceDisplay } from "./vehicle-display";
import { showsVeeel, veeelRows } from "./veeel";
import { licenceRows } from "../blocks/_shared/location";
import { alertMail } from "../server/saved-searches/mail";
import type { SavedSearch } from "../server/saved-searches/store";

const raw = (slug: string): any => JSON.parse(readFileSync(join(__dirname, "..", "tenants", `${slug}.json`), "utf8"));
const valid = (doc: unknown) => {
  const r = validateTenant(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
};
/** The problems of one rule in a demo document changed by `change`. */
const problems = (rule: string, slug: string, change: (doc: any) => void = () => {}, usedStock = 10) => {
  const doc = raw(slug);
  change(doc);
  const only = LISTING_RULES.find((r) => r.id === rule)!;
  return only.check!(valid(doc), { usedStock }).map((p) => [p.where, p.message]);
};
const HARBOURLINE = { identity: { locale: "en-AU", currency: "AUD" }, copy: { noPriceText: "Enquire for price", preorderText: "Pre-order now" } } as never;
const css = (file: string, selector: string) => Number(new RegExp(`\\n${selector.replace(".", "\\.")} \\{[^}]*font-size: ([\\d.]+)rem`).exec(readFileSync(join(__dirname, "..", file), "utf8"))![1]);

// One case per rule in the table: a rule without one fails the first test.
const cases: Record<string, () => void> = {
  "dealer-licence": () => {
    expect(problems("dealer-licence", "bluegum", (d) => delete d.locations[1].dealer_license_number)).toEqual([
      ["Locations › Bluegum Pre-Owned Midland › Dealer licence number", "Bluegum Pre-Owned Midland sells in WA, where the site must show its motor dealer licence number."],
    ]);
    // Service-only and hidden locations advertise no cars.
    expect(problems("dealer-licence", "harbourline", (d) => { delete d.locations[1].dealer_license_number; d.locations[0].visible = false; delete d.locations[0].dealer_license_number; })).toEqual([]);
  },
  "vic-lmct": () => {
    const bendigo = raw("wattle-creek").locations[0];
    expect(licenceRows(bendigo, "en-AU")).toEqual(["LMCT 12873"]);
    expect(licenceRows({ ...bendigo, dealer_license_number: "12873" }, "en-AU")).toEqual(["LMCT 12873"]);
    expect(licenceRows(raw("harbourline").locations[6], "en-AU")).toEqual(["Dealer licence MD 041007"]);
  },
  "nsw-business-phone": () => {
    expect(problems("nsw-business-phone", "harbourline", (d) => { d.locations[6].contact_detail = {}; })).toEqual([]); // the site's own number stands in
    expect(problems("nsw-business-phone", "harbourline", (d) => { d.locations[6].contact_detail = {}; delete d.identity.phone; })).toEqual([
      ["Locations › Harbourline Ford Tweed Heads Sales › Contact details › Phone", "Harbourline Ford Tweed Heads Sales sells in NSW, where every advertisement must show the dealer's business phone number."],
    ]);
  },
  "nsw-rego": () => {
    expect(keyInfoItems({ car_type: "used", regplate: "CX12AB" } as never, "en-AU")).toContainEqual({ label: "Rego", value: "CX12AB" });
    // A used vehicle sold in NSW without its rego is flagged (the admin's Ads feeds page; the feeds leave it out); not a new one, nor one sold in Queensland.
    expect(carRuleProblems({ car_type: "used", item_type: "truck", regplate: "" }, "NSW")).toEqual(["No rego: NSW asks a used truck's advertisement to show its registration number"]);
    // A demonstrator is registered too.
    expect(carRuleProblems({ car_type: "demo", regplate: " " }, "NSW")).toEqual(["No rego: NSW asks a demonstrator car's advertisement to show its registration number"]);
    expect([carRuleProblems({ car_type: "used", regplate: "CX12AB" }, "NSW"), carRuleProblems({ car_type: "new" }, "NSW"), carRuleProblems({ car_type: "used" }, "QLD")]).toEqual([[], [], []]);
  },
  "nsw-on-road-costs": () => {
    expect(problems("nsw-on-road-costs", "harbourline", (d) => { d.copy.aboutText = "Great prices plus on-road costs."; d.footer.text = "Drive away, no ORC."; })).toEqual([
      ["Copy › About the dealer", "“on-road costs”: NSW dealers advertise the full cash price, without on road costs wording."],
      ["Footer › Footer text", "“ORC”: NSW dealers advertise the full cash price, without on road costs wording."],
    ]);
    // "orchard" and "Orc" are not on road costs.
    expect(problems("nsw-on-road-costs", "harbourline", (d) => { d.copy.aboutText = "By the orchard. Orc."; })).toEqual([]);
  },
  "cash-price-beside-reduction": () => {
    const search = { id: "s1", origin: "https://harbourline.example", path: "/search", state: {}, label: "Utes" } as unknown as SavedSearch;
    const car = { id: "c1", title: "2021 Ford Ranger", slug: "2021-ford-ranger-x", price: 41990, wasPrice: 44990, kind: "price" as const, picture: null, itemType: "car", body: "Ute" };
    expect(alertMail(valid(raw("harbourline")), search, [car], "2026-11-29").text).toContain("Price drop: 2021 Ford Ranger — $41,990 (was $44,990)");
    // A card's or car page's tag claims a reduction only beside the cash price: with no price shown, the next tag stands instead.
    const opts = { now: new Date("2026-11-29T00:00:00Z"), newArrivalLabel: "New Arrival" };
    const tagged = { tag: "Price Drop", status: "in_stock", created_at: 0, price: 41990 };
    expect(cardTag(tagged, opts)).toEqual({ kind: "custom", label: "Price Drop" });
    expect(priceDisplay(tagged, HARBOURLINE)).toMatchObject({ kind: "price", text: "$41,990" });
    expect([cardTag({ ...tagged, price: 0 }, opts), cardTag({ ...tagged, price: null, status: "coming_soon" }, opts), cardTag({ ...tagged, tag: "Save $3,000", price: 5 }, opts)]).toEqual([null, { kind: "coming-soon", label: "COMING SOON" }, null]);
    // A tag that claims no reduction shows whatever the price.
    expect(cardTag({ ...tagged, tag: "One Owner", price: 0 }, opts)).toEqual({ kind: "custom", label: "One Owner" });
  },
  "total-price-prominence": () => {
    // The car page's price is larger than the repayment beside it, whatever the site's theme, and the calculator's figure at its largest no larger.
    const price = css("blocks/vehicle-summary/vehicle-summary.module.css", ".amount");
    expect(price).toBeGreaterThan(css("blocks/vehicle-summary/vehicle-summary.module.css", ".financeFigure"));
    const calculator = /\n\.repayment \{[^}]*font-size: clamp\([^,]+,[^,]+, ([\d.]+)rem\)/.exec(readFileSync(join(__dirname, "..", "blocks/finance-calculator/finance-calculator.module.css"), "utf8"))!;
    expect(Number(calculator[1])).toBeLessThanOrEqual(price);
    // A repayment in the site's own text stands with no total beside it: a Victorian site is told where.
    expect(problems("total-price-prominence", "wattle-creek", (d) => { d.copy.noPriceText = "From $99/wk"; d.footer.text = "Tow away a Jayco for $149 per week*"; d.copy.aboutText = "Priced from $45,990 drive away, 12 months' rego."; })).toEqual([
      ["Copy › Text when a car has no price", "“$99/wk” is a repayment, which Victorian advertising shows only beside the total (drive-away) price, at least as prominent: take it out; car pages show each car's repayments beside its price."],
      ["Footer › Footer text", "“$149 per week” is a repayment, which Victorian advertising shows only beside the total (drive-away) price, at least as prominent: take it out; car pages show each car's repayments beside its price."],
    ]);
    // Queensland is not held to it here (the rule's row names Victoria).
    const coralstone = raw("coralstone-mazda");
    coralstone.footer.text = "From $99/wk";
    expect(listingRuleProblems(valid(coralstone), { usedStock: 5 })).toEqual([]);
  },
  "nz-cin": () => {
    expect(problems("nz-cin", "kowhai-motors", (d) => { d.features.consumerInformationNotice = false; }, 3)).toEqual([
      ["Features › Consumer Information Notice (New Zealand)", "The site has 3 used cars in New Zealand, where each must show its Consumer Information Notice: turn the notice on."],
    ]);
    expect(problems("nz-cin", "kowhai-motors", (d) => { d.features.consumerInformationNotice = false; }, 0)).toEqual([]);
  },
  "nz-mvtr": () => {
    expect(problems("nz-mvtr", "kowhai-motors", (d) => { for (const l of d.locations) delete l.dealer_license_number; }).map(([, m]) => m)).toEqual(
      ["Kōwhai Motors Penrose Sales", "Kōwhai Motors Lower Hutt Sales", "Kōwhai Motors Addington Sales"].map((n) => `${n} sells cars, whose Consumer Information Notice must give its Motor Vehicle Traders Register number.`),
    );
  },
  "nz-veeel": () => {
    expect(veeelRows({ fuel: "Diesel", variant: { fuelconsumptioncombined: 7.64, co2emissions: 201 } }, "en-NZ")).toEqual([
      { label: "Fuel economy", value: "7.6 L/100 km" },
      { label: "CO₂ emissions", value: "201 g/km" },
    ]);
    expect(veeelRows({ fuel: "Petrol", variant: null }, "en-NZ").map((r) => r.value)).toEqual(["Not Available", "Not Available"]);
    expect([showsVeeel({ item_type: "car" }, "en-NZ"), showsVeeel({ item_type: "motorcycle" }, "en-NZ"), showsVeeel({ item_type: "car" }, "en-AU")]).toEqual([true, false, false]);
  },
  "nz-clean-car-discount": () => {
    expect(problems("nz-clean-car-discount", "kowhai-motors", (d) => { d.copy.aboutText = "<p>EVs with the <b>Clean Car Discount</b></p>"; })).toEqual([
      ["Copy › About the dealer", "“Clean Car Discount”: the Clean Car Discount ended on 31 December 2023; a car is no longer sold with it."],
    ]);
  },
  "nz-words": () => {
    expect(problems("nz-words", "kowhai-motors", (d) => { d.footer.text = "Rego and WoF included"; })).toEqual([["Footer › Footer text", "“Rego” is an Australian word; New Zealand shoppers say “registration”."]]);
    expect(keyInfoItems({ regplate: "KWH123" } as never, "en-NZ")).toEqual([{ label: "Registration", value: "KWH123" }]);
  },
};

describe("the listing rules table", () => {
  it("has a case for every rule, and every rule a source and either a check or the place that keeps it", () => {
    expect(Object.keys(cases).sort()).toEqual(LISTING_RULES.map((r) => r.id).sort());
    for (const r of LISTING_RULES) expect(r.source.length > 10 && (!!r.check || !!r.kept), r.id).toBe(true);
    // NSW's licence number rule is the Act's s 19A; the 2014 Regulation was repealed on 1 September 2025.
    expect(LISTING_RULES.find((r) => r.id === "dealer-licence")!.source).toContain("Motor Dealers and Repairers Act 2013 s 19A");
    expect(LISTING_RULES.filter((r) => /Regulation 2014/.test(r.source)).map((r) => r.id)).toEqual([]);
  });

  for (const [id, run] of Object.entries(cases)) it(id, run);

  it("applies a site the rules of its states or its country, and every demo site meets them", () => {
    expect([...jurisdictionsOf(valid(raw("harbourline")))].sort()).toEqual(["NSW", "QLD"]);
    expect([...jurisdictionsOf(valid(raw("kowhai-motors")))]).toEqual(["NZ"]);
    for (const slug of ["bluegum", "coralstone-mazda", "harbourline", "kowhai-motors", "redgate", "wattle-creek"]) {
      expect(listingRuleProblems(valid(raw(slug)), { usedStock: 5 }), slug).toEqual([]);
    }
    // A Queensland site is not held to NSW's wording rule, nor an Australian one to New Zealand's.
    const coralstone = raw("coralstone-mazda");
    coralstone.copy.aboutText = "Plus on road costs. Rego included. Clean Car Discount.";
    expect(listingRuleProblems(valid(coralstone), { usedStock: 5 })).toEqual([]);
  });
});
