/**
 * The rules for advertising cars of each Australian state and of New Zealand (issue 35), in one
 * table: what each asks, where it comes from, and how the product keeps it. A rule a site's settings
 * can break has a `check`, which the pre-publish checklist runs (domain/publish-checklist.ts); a rule
 * the pages keep by themselves names where (`kept`), and a test of that place holds it.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { fieldPlace } from "./field-place";
import { vehicleTerms } from "./vehicle-terms";

/** An Australian state or territory, or New Zealand. */
export type Jurisdiction = "NSW" | "VIC" | "QLD" | "SA" | "WA" | "TAS" | "ACT" | "NT" | "NZ";

/** Australian states and territories where a motor dealer needs a licence, whose number the site shows. */
export const LICENCE_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "ACT", "NT"] as const;

export interface RuleProblem {
  message: string;
  /** Where, in words ("Locations › Bluegum Pre-Owned Midland"). */
  where: string;
  /** The field to open in the editor. */
  pointer: string;
}

/** What a check knows of the site besides its document. */
export interface RuleContext {
  /** Used and demo cars in stock (shown on the site) of the dealerships the document names. */
  usedStock: number;
}

export interface ListingRule {
  id: string;
  jurisdictions: readonly Jurisdiction[];
  /** What the rule asks, as staff read it. */
  rule: string;
  /** The law or the regulator's guidance it comes from. */
  source: string;
  /** Where the pages keep it by themselves, whatever the settings. */
  kept?: string;
  check?: (doc: TenantDocument, ctx: RuleContext) => RuleProblem[];
  /** What a listed car lacks under this rule where it is sold (the admin's feeds page lists it; the feeds leave it out). */
  checkCar?: (car: RuleCar, where: Jurisdiction) => string | null;
}

/** A listed car as the car rules read it. */
export interface RuleCar {
  car_type: string;
  item_type?: string | null;
  body?: string | null;
  regplate?: string | null;
}

type Location = TenantDocument["locations"][number];

/** A shown location that sells (the site advertises its cars). */
const sells = (l: Location) => l.visible !== false && (l.location_type === "sales" || l.location_type === "");

/** The site's jurisdictions: New Zealand for an en-NZ site, else the states its sales locations are in. */
export function jurisdictionsOf(doc: Pick<TenantDocument, "identity" | "locations">): Set<Jurisdiction> {
  if (doc.identity.locale === "en-NZ") return new Set(["NZ"]);
  return new Set(doc.locations.filter(sells).map((l) => l.address.state as Jurisdiction).filter((s) => (LICENCE_STATES as readonly string[]).includes(s)));
}

const at = (doc: TenantDocument, pointer: string, message: string): RuleProblem => ({ message, where: fieldPlace(pointer, doc), pointer });

/** Each sales location (in one of `states`, when given) that `bad` finds wanting, at its `field`. */
const eachSalesLocation = (states: readonly string[] | null, bad: (l: Location, doc: TenantDocument) => string | null, field: string) => (doc: TenantDocument) =>
  doc.locations.flatMap((l, i) => {
    const message = sells(l) && (!states || states.includes(l.address.state)) ? bad(l, doc) : null;
    return message ? [at(doc, `/locations/${i}/${field}`, message)] : [];
  });

/** Every text of the document with its JSON pointer (menus, footer, copy, page blocks, rich text …). */
export function eachText(doc: unknown, visit: (text: string, pointer: string) => void) {
  const walk = (value: unknown, pointer: string) => {
    if (typeof value === "string") visit(value, pointer);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  walk(doc, "");
}

/** The places whose text says `words`, each with `message(found)`. */
const wording = (words: RegExp, message: (found: string) => string) => (doc: TenantDocument) => {
  const problems: RuleProblem[] = [];
  eachText(doc, (text, pointer) => {
    const found = words.exec(text.replace(/<[^>]*>/g, " "));
    if (found) problems.push(at(doc, pointer, message(found[0])));
  });
  return problems;
};

/** A repayment amount in words: "$99/wk", "$149 per week", "$420 a month", "$99pw". */
const REPAYMENT = /\$\s?\d[\d,]*(?:\.\d\d)?\s*(?:\/\s*(?:wk|week|fn|fortnight|mth|month|mo)\b|p\/?w\b|per (?:week|fortnight|month)\b|an? (?:week|fortnight|month)\b|(?:weekly|fortnightly|monthly)\b)/i;

/** Whether a location has a phone number the site shows for it (its own, else the site's). */
const hasPhone = (l: Location, doc: TenantDocument) => [l.contact_detail?.phone, l.contact_detail?.landline_phone, doc.identity.phone].some((p) => !!p?.trim());

export const LISTING_RULES: readonly ListingRule[] = [
  {
    id: "dealer-licence",
    jurisdictions: LICENCE_STATES,
    rule: "Every advertisement shows the dealer's licence number, labelled as a licence number.",
    // NSW: Motor Dealers and Repairers Act 2013 s 19A (inserted 2023): the licence number on the dealer's
    // website and all its advertising, reasonably prominent, legible and identified as the licence number;
    // Vic: Motor Car Traders Act 1986; Qld: Motor Dealers and Chattel Auctioneers Act 2014; and the
    // other states' dealer licensing Acts likewise.
    source: "Each state's motor dealer licensing law (NSW: Motor Dealers and Repairers Act 2013 s 19A)",
    kept: "The footer and location pages show each location's number as “Dealer licence …” (blocks/_shared/location.tsx, licenceRows).",
    check: eachSalesLocation(LICENCE_STATES, (l) => (l.dealer_license_number?.trim() ? null : `${l.name} sells in ${l.address.state}, where the site must show its motor dealer licence number.`), "dealer_license_number"),
  },
  {
    id: "vic-lmct",
    jurisdictions: ["VIC"],
    rule: "A Victorian trader's licence number is shown as its LMCT number (“LMCT 12345”).",
    source: "Motor Car Traders Act 1986 (Vic); Consumer Affairs Victoria: advertisements show the LMCT number",
    kept: "licenceRows labels a Victorian location's number “LMCT”.",
  },
  {
    id: "nsw-business-phone",
    jurisdictions: ["NSW"],
    rule: "Every advertisement shows the dealer's business phone number.",
    // The Motor Dealers and Repairers Regulation 2025 replaced the 2014 Regulation on 1 September 2025.
    source: "NSW Fair Trading, advertising by motor dealers (Motor Dealers and Repairers Regulation 2025)",
    check: eachSalesLocation(["NSW"], (l, doc) => (hasPhone(l, doc) ? null : `${l.name} sells in NSW, where every advertisement must show the dealer's business phone number.`), "contact_detail/phone"),
  },
  {
    id: "nsw-rego",
    jurisdictions: ["NSW"],
    rule: "A used or demonstrator car's advertisement shows its registration number.",
    // A demonstrator has been registered: its advertisement, like a used car's, names its registration number.
    source: "NSW Fair Trading, advertising by motor dealers: the registration number of the advertised (registered) vehicle",
    kept: "A used or demonstrator car's key information shows its “Rego” (blocks/vehicle-key-info).",
    checkCar: (car, where) =>
      where === "NSW" && car.car_type !== "new" && !car.regplate?.trim()
        ? `No rego: NSW asks a ${car.car_type === "demo" ? "demonstrator" : "used"} ${vehicleTerms(car).noun}'s advertisement to show its registration number`
        : null,
  },
  {
    id: "nsw-on-road-costs",
    jurisdictions: ["NSW"],
    rule: "No “plus on road costs” wording: a price is the full cash price.",
    // Competition and Consumer Act 2010 sch 2 (ACL) s 48 single price; NSW Fair Trading's guidance to dealers.
    source: "Australian Consumer Law s 48 (single price), as NSW Fair Trading applies it to dealers",
    check: wording(/\b(?:[Oo]n[- ]?[Rr]oad [Cc]osts|[Oo]n[- ]?[Rr]oads|ORC)\b/, (found) => `“${found}”: NSW dealers advertise the full cash price, without on road costs wording.`),
  },
  {
    id: "cash-price-beside-reduction",
    jurisdictions: ["NSW"],
    rule: "A claimed reduction (a price drop, a saving) shows the cash price beside it.",
    source: "Australian Consumer Law s 48 and NSW Fair Trading's advertising rules",
    kept: "A card's or car page's tag claiming a reduction (“Price Drop”) shows only with the car's cash price beside it (domain/vehicle-display.ts cardTag); a price-drop alert shows the new cash price beside the old one (server/saved-searches/mail.ts).",
  },
  {
    id: "total-price-prominence",
    jurisdictions: ["VIC"],
    rule: "The total (drive-away) price is at least as prominent as any component price, such as a weekly repayment.",
    source: "Australian Consumer Law s 48(1) and (7) (single price as prominent as any part of it)",
    kept: "Car pages draw a repayment no larger than the car's price: the summary's finance card and the calculator's figure (blocks/vehicle-summary, blocks/finance-calculator), the sticky header's estimate in the price's own type.",
    // A repayment the site's own text states ("From $99/wk" in a banner, or as the no-price text) stands with no total beside it.
    check: wording(REPAYMENT, (found) => `“${found}” is a repayment, which Victorian advertising shows only beside the total (drive-away) price, at least as prominent: take it out; car pages show each car's repayments beside its price.`),
  },
  {
    id: "nz-cin",
    jurisdictions: ["NZ"],
    rule: "Every used car offered for sale shows its Consumer Information Notice.",
    source: "Consumer Information Standards (Used Motor Vehicles) Regulations 2008 (NZ)",
    kept: "The notice (renderer/consumer-notice.tsx) gives the trader and its register number, the year first registered in New Zealand, odometer, registration and WoF expiry, cash price and whether a security interest is registered; what the record lacks says “Not recorded — please ask us”.",
    check: (doc, ctx) =>
      ctx.usedStock > 0 && !doc.features.consumerInformationNotice
        ? [at(doc, "/features/consumerInformationNotice", `The site has ${ctx.usedStock === 1 ? "1 used car" : `${ctx.usedStock} used cars`} in New Zealand, where each must show its Consumer Information Notice: turn the notice on.`)]
        : [],
  },
  {
    id: "nz-mvtr",
    jurisdictions: ["NZ"],
    rule: "The Consumer Information Notice names the trader's Motor Vehicle Traders Register number.",
    source: "Motor Vehicle Sales Act 2003 (NZ) and the Consumer Information Standards (Used Motor Vehicles) Regulations 2008",
    check: eachSalesLocation(null, (l) => (l.dealer_license_number?.trim() ? null : `${l.name} sells cars, whose Consumer Information Notice must give its Motor Vehicle Traders Register number.`), "dealer_license_number"),
  },
  {
    id: "nz-veeel",
    jurisdictions: ["NZ"],
    rule: "A light vehicle's page shows its vehicle emissions and energy economy label: fuel or energy economy and CO2 emissions, or “Not Available”.",
    source: "Energy Efficiency (Vehicle Fuel Economy Labelling) Regulations 2007 (NZ), as amended in 2022; EECA's VEEEL guidance",
    kept: "A New Zealand car's key information carries the label's figures from its record (domain/veeel.ts, blocks/vehicle-key-info).",
  },
  {
    id: "nz-clean-car-discount",
    jurisdictions: ["NZ"],
    rule: "No Clean Car Discount wording: the scheme ended on 31 December 2023.",
    source: "Waka Kotahi NZ Transport Agency: the Clean Car Discount ended on 31 December 2023",
    check: wording(/\bclean car (?:discount|rebate)s?\b/i, (found) => `“${found}”: the Clean Car Discount ended on 31 December 2023; a car is no longer sold with it.`),
  },
  {
    id: "nz-words",
    jurisdictions: ["NZ"],
    rule: "New Zealand words: “registration” and “WoF”, not the Australian “rego”.",
    source: "Consumer Information Standards (Used Motor Vehicles) Regulations 2008 (NZ) terms",
    kept: "Key information and the CIN say “Registration” and “Plate” on an en-NZ site (domain/terms.ts).",
    check: wording(/\brego\b/i, (found) => `“${found}” is an Australian word; New Zealand shoppers say “registration”.`),
  },
];

/** The site's listing-rule problems: each rule of its jurisdictions that its settings break. */
export function listingRuleProblems(doc: TenantDocument, ctx: RuleContext): RuleProblem[] {
  const mine = jurisdictionsOf(doc);
  return LISTING_RULES.filter((r) => r.check && r.jurisdictions.some((j) => mine.has(j))).flatMap((r) => r.check!(doc, ctx));
}

/** What a listed car sold at a location in `where` (a state, or NZ) lacks under the car rules of that place. */
export function carRuleProblems(car: RuleCar, where: string): string[] {
  return LISTING_RULES.flatMap((r) => {
    const problem = r.checkCar && r.jurisdictions.includes(where as Jurisdiction) ? r.checkCar(car, where as Jurisdiction) : null;
    return problem ? [problem] : [];
  });
}
