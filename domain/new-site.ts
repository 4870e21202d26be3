/**
 * The New dealer site wizard's rules: the kinds of site it starts from (domain/starters.ts builds
 * each), the answers it asks for and how each is checked, with every refusal in plain words naming
 * its field. The server checks the answers (parseSiteAnswers) before it builds the site; the
 * browser shows each message beside its field (the error's pointer is the field's, e.g. /location/postcode).
 */
import { contrastRatio } from "./tenant-validation";
import { slugify } from "./search-paths";
import { EMAIL_FORMAT } from "./json-schema-lite";
import { PLACEHOLDER_MARK } from "./placeholders";
import type { OpeningHour } from "../schemas/generated/tenant";

export type StarterKind = "franchise" | "used" | "group" | "caravan" | "moto-truck" | "nz";
export type StockKind = "car" | "motorcycle" | "truck" | "caravan";

export interface StarterKindInfo {
  id: StarterKind;
  name: string;
  /** What the starter is, in a sentence a person choosing it reads. */
  description: string;
  /** What its stock is: which makes the wizard offers. */
  stockKinds: StockKind[];
  /** Whether the makes sold new must be chosen (the site is about them). */
  makesRequired: boolean;
}

export const STARTER_KINDS: StarterKindInfo[] = [
  { id: "franchise", name: "New-car dealer", description: "Sells one or a few makes new, with demo and used cars, a service department and trade-ins.", stockKinds: ["car"], makesRequired: true },
  { id: "used", name: "Used-car dealer", description: "Sells used cars only and buys cars from the public (Sell My Car). No service department.", stockKinds: ["car"], makesRequired: false },
  { id: "group", name: "Dealer group", description: "Several dealerships and makes under one name, with a page to find each location.", stockKinds: ["car"], makesRequired: true },
  { id: "caravan", name: "Caravan and RV dealer", description: "New and used caravans, campers and motorhomes, with servicing and trade-ins.", stockKinds: ["caravan"], makesRequired: false },
  { id: "moto-truck", name: "Motorcycle and truck dealer", description: "Motorcycles and trucks, new, demo and used, with a workshop and trade-ins.", stockKinds: ["motorcycle", "truck"], makesRequired: false },
  { id: "nz", name: "New Zealand dealer", description: "A New Zealand car dealer: prices in NZ dollars, NZ regions, and a sell-your-car enquiry.", stockKinds: ["car"], makesRequired: false },
];

export type { OpeningHour };

/** A week most dealers keep: weekdays 8.30 to 5.30, Saturday 9 to 4, Sunday closed (the wizard's starting hours). */
export const USUAL_HOURS: OpeningHour[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "open" as const, open: "08:30", close: "17:30" })),
  { weekday: 6, status: "open", open: "09:00", close: "16:00" },
  { weekday: 0, status: "closed" },
];

/** The wizard's answers once checked: what a starter is built from. */
export interface SiteAnswers {
  kind: StarterKind;
  name: string;
  slug: string;
  domains: string[];
  makes: string[];
  leadEmail: string;
  phone: string;
  /** `licence`: the dealer licence number (NZ: motor vehicle trader registration), which the checklist requires in Australian states. */
  location: { name: string; street: string; city: string; state: string; postcode: string; licence?: string };
  hours: OpeningHour[];
  dealerships: { id: number; name: string }[];
  colors: { primary: string; accent: string };
  /** An uploaded logo (added after the site is created: uploads belong to a site). */
  logo: { src: string; width: number; height: number } | null;
  /**
   * The first location is also the service department (a kind of site that services): the site gets
   * the workshop as a second location at the same address and a Book a Service page. Asked in the
   * wizard; false: neither.
   */
  service?: boolean;
}

export const AU_STATES: [string, string][] = [
  ["ACT", "Australian Capital Territory"], ["NSW", "New South Wales"], ["NT", "Northern Territory"], ["QLD", "Queensland"],
  ["SA", "South Australia"], ["TAS", "Tasmania"], ["VIC", "Victoria"], ["WA", "Western Australia"],
];
export const NZ_REGIONS: [string, string][] = [["AUK", "Auckland"], ["BOP", "Bay of Plenty"], ["CAN", "Canterbury"], ["OTA", "Otago"], ["WKO", "Waikato"], ["WGN", "Wellington"]];

// The time zone of each Australian state's capital; New Zealand regions are all Pacific/Auckland.
const AU_TIME_ZONES: Record<string, string> = {
  QLD: "Australia/Brisbane", NSW: "Australia/Sydney", ACT: "Australia/Sydney", VIC: "Australia/Melbourne", TAS: "Australia/Hobart",
  SA: "Australia/Adelaide", NT: "Australia/Darwin", WA: "Australia/Perth",
};
export const isNzRegion = (state: string) => NZ_REGIONS.some(([code]) => code === state);
export const timeZoneOf = (state: string) => AU_TIME_ZONES[state] ?? "Pacific/Auckland";

/** White or near-black text, whichever reads better on `background`. */
export function textColourOn(background: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return "#ffffff";
  return contrastRatio("#ffffff", background) >= contrastRatio("#111111", background) ? "#ffffff" : "#111111";
}

/** Makes offered in the wizard besides those of the platform's stock (a new dealer's feed may not run yet). */
export const COMMON_MAKES: Record<StockKind, string[]> = {
  car: [
    "Audi", "BMW", "BYD", "Chery", "Chevrolet", "Cupra", "Ford", "GWM", "Honda", "Hyundai", "Isuzu UTE", "Jeep", "Kia", "Land Rover", "LDV",
    "Lexus", "Mazda", "Mercedes-Benz", "MG", "Mitsubishi", "Nissan", "Peugeot", "Polestar", "Porsche", "Ram", "Renault", "Skoda", "Subaru",
    "Suzuki", "Tesla", "Toyota", "Volkswagen", "Volvo",
  ],
  motorcycle: ["BMW Motorrad", "Ducati", "Harley-Davidson", "Honda", "Husqvarna", "Kawasaki", "KTM", "Royal Enfield", "Suzuki", "Triumph", "Yamaha"],
  truck: ["DAF", "Fuso", "Hino", "Isuzu Trucks", "Iveco", "Kenworth", "Mack", "Mercedes-Benz Trucks", "Scania", "UD Trucks", "Volvo Trucks"],
  caravan: ["Avan", "Coromal", "Crusader", "Jayco", "Kokoda", "Lotus", "New Age", "Retreat", "Roadstar", "Supreme", "Windsor", "Zone RV"],
};

/** What the server offers to choose from: the platform's makes by stock kind and its dealerships. */
export interface WizardOptions {
  makes: Record<StockKind, string[]>;
  /** The platform's dealership directory: only unassigned ones (tenant null) can go to a new site. */
  /** `stock`: vehicles in stock (what the directory's "In stock" counts); `vehicles`: with sold and coming ones too. */
  dealerships: { id: number; name: string; tenant: string | null; stock: number; vehicles: number }[];
  /** The number a new dealership (not in the directory yet) gets. */
  newDealershipId: number;
}

/** The answer to "which dealerships" that means a dealership the directory does not know yet. */
export const NEW_DEALERSHIP = "new";

export interface AnswerError {
  /** The wizard field, as a pointer into the answers: /name, /location/postcode, /hours/1. */
  pointer: string;
  message: string;
}

const MAX = { name: 80, slug: 60, email: 254, text: 120, street: 160 };
const PHONE = /^\+?[0-9 ()-]{6,20}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;
// Control characters, the replacement character (what a NUL or a lone surrogate becomes on the way in) and lone surrogates.
const UNUSABLE = /[\u0000-\u0008\u000b-\u001f\u007f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Checks the wizard's answers (a JSON body: anything may be there) against what the platform
 * offers. Every problem is listed with its field; the answers come back only when there are none.
 */
export function parseSiteAnswers(body: Record<string, unknown>, options: WizardOptions): { answers: SiteAnswers | null; errors: AnswerError[] } {
  const errors: AnswerError[] = [];
  const fail = (pointer: string, message: string) => {
    errors.push({ pointer, message });
    return "";
  };
  const text = (value: unknown, pointer: string, label: string, max: number, required = true): string => {
    if (value === undefined || value === null) value = "";
    if (typeof value !== "string") return fail(pointer, `${label} must be text.`);
    const v = value.trim().replace(/\s+/g, " ");
    if (!v) return required ? fail(pointer, `${label} is required.`) : "";
    if (v.length > max) return fail(pointer, `${label} must be at most ${max} characters (it has ${v.length}).`);
    if (UNUSABLE.test(v)) return fail(pointer, `${label} contains a character that cannot be used (a control character or a broken emoji); type it again.`);
    if (v.includes(PLACEHOLDER_MARK)) return fail(pointer, `${label} must be the dealer's own words, not placeholder text.`);
    return v;
  };

  const kindId = body.kind;
  const kind = STARTER_KINDS.find((k) => k.id === kindId);
  if (!kind) fail("/kind", "Choose the kind of site.");

  const name = text(body.name, "/name", "Site name", MAX.name);
  let slug = text(body.slug, "/slug", "Web address name", MAX.slug, false).toLowerCase();
  if (!slug && name) {
    slug = slugify(name).slice(0, MAX.slug).replace(/-+$/, "");
    if (!slug) fail("/name", "Site name needs at least one letter or digit.");
  } else if (slug && !SLUG.test(slug)) fail("/slug", "Web address name may use lower-case letters, digits and single hyphens between them, e.g. tasman-ute-centre.");

  const rawDomains = Array.isArray(body.domains) ? body.domains : typeof body.domains === "string" ? body.domains.split(/[\s,]+/) : body.domains == null ? [] : null;
  const domains: string[] = [];
  if (!rawDomains) fail("/domains", "Domains must be a list of web addresses.");
  else if (rawDomains.length > 10) fail("/domains", "Give at most 10 domains.");
  else
    for (const d of rawDomains) {
      const v = typeof d === "string" ? d.trim().toLowerCase() : "";
      if (!v) continue;
      if (!HOST.test(v)) fail("/domains", `Domain ${JSON.stringify(v.slice(0, 60))} is not a web address like www.example.com.au.`);
      else if (!domains.includes(v)) domains.push(v);
    }

  const offered = new Set((kind ?? STARTER_KINDS[0]).stockKinds.flatMap((k) => options.makes[k] ?? []));
  const rawMakes = body.makes == null ? [] : Array.isArray(body.makes) ? body.makes : null;
  const makes: string[] = [];
  if (!rawMakes) fail("/makes", "Makes sold must be a list of makes.");
  else if (rawMakes.length > 40) fail("/makes", "Choose at most 40 makes.");
  else {
    for (const m of rawMakes) {
      if (typeof m === "string" && offered.has(m)) {
        if (!makes.includes(m)) makes.push(m);
      } else fail("/makes", `Makes sold: ${JSON.stringify(String(m).slice(0, 40))} is not one of the makes offered for this kind of site; pick makes from the list.`);
    }
    if (kind?.makesRequired && !makes.length && !errors.some((e) => e.pointer === "/makes")) fail("/makes", "Choose at least one make the dealership sells new.");
  }

  const leadEmail = text(body.leadEmail, "/leadEmail", "Lead e-mail", MAX.email);
  if (leadEmail && !EMAIL_FORMAT.test(leadEmail)) fail("/leadEmail", "Lead e-mail must look like sales@example.com.au.");
  const phone = text(body.phone, "/phone", "Main phone", 20 + 10);
  if (phone && (!PHONE.test(phone) || phone.replace(/\D/g, "").length < 8)) fail("/phone", "Main phone must look like 07 3000 1234 or +61 7 3000 1234.");

  const loc = (body.location && typeof body.location === "object" && !Array.isArray(body.location) ? body.location : {}) as Record<string, unknown>;
  const location = {
    name: text(loc.name, "/location/name", "Location name", MAX.text),
    street: text(loc.street, "/location/street", "Street address", MAX.street),
    city: text(loc.city, "/location/city", "Town or suburb", MAX.text),
    state: typeof loc.state === "string" ? loc.state : "",
    postcode: text(loc.postcode, "/location/postcode", "Postcode", 4 + 6),
  };
  const licence = text(loc.licence, "/location/licence", "Dealer licence number", 40, false);
  const nzKind = kind?.id === "nz";
  if (!AU_STATES.some(([c]) => c === location.state) && !isNzRegion(location.state)) fail("/location/state", "Choose the state or region.");
  else if (kind && nzKind !== isNzRegion(location.state)) {
    fail("/location/state", nzKind ? "A New Zealand site needs a New Zealand region." : "Choose an Australian state, or choose New Zealand dealer as the kind of site.");
  }
  if (location.postcode && !/^[0-9]{4}$/.test(location.postcode)) fail("/location/postcode", "Postcode must be 4 digits, e.g. 7000.");

  const hours = parseHours(body.hours, fail);

  const rawPicked = Array.isArray(body.dealerships) ? body.dealerships : null;
  const dealerships: { id: number; name: string }[] = [];
  if (!rawPicked || !rawPicked.length) fail("/dealerships", "Choose the dealerships whose stock the site shows, or a new dealership.");
  else if (rawPicked.length > 50) fail("/dealerships", "Choose at most 50 dealerships.");
  else
    for (const pick of rawPicked) {
      if (pick === NEW_DEALERSHIP) {
        if (!dealerships.some((d) => d.id === options.newDealershipId)) dealerships.push({ id: options.newDealershipId, name: name || "New dealership" });
        continue;
      }
      const id = typeof pick === "number" ? pick : typeof pick === "string" && /^\d{1,10}$/.test(pick) ? Number(pick) : NaN;
      const row = options.dealerships.find((d) => d.id === id);
      if (!row) fail("/dealerships", `Dealership ${JSON.stringify(String(pick).slice(0, 20))} is not in the platform's list of dealerships.`);
      else if (row.tenant !== null) fail("/dealerships", `Dealership ${row.id}${row.name ? ` (${row.name})` : ""} belongs to another site.`);
      else if (!dealerships.some((d) => d.id === id)) dealerships.push({ id, name: row.name.trim() || name || `Dealership ${id}` });
    }

  const colours = (body.colors && typeof body.colors === "object" ? body.colors : {}) as Record<string, unknown>;
  const colour = (key: "primary" | "accent", label: string) => {
    const v = typeof colours[key] === "string" ? (colours[key] as string).trim() : "";
    return COLOUR.test(v) ? v.toLowerCase() : fail(`/colors/${key}`, `${label} must look like #1A2B3C.`);
  };
  const colors = { primary: colour("primary", "Main colour"), accent: colour("accent", "Second colour") };

  if (errors.length || !kind) return { answers: null, errors };
  const place = licence ? { ...location, licence } : location;
  return { answers: { kind: kind.id, name, slug, domains, makes, leadEmail, phone, location: place, hours, dealerships, colors, logo: null, service: body.service !== false }, errors };
}

function parseHours(value: unknown, fail: (pointer: string, message: string) => string): OpeningHour[] {
  if (!Array.isArray(value) || value.length > 7) {
    fail("/hours", "Opening hours must list each day at most once.");
    return [];
  }
  const out: OpeningHour[] = [];
  for (const raw of value) {
    const h = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const weekday = h.weekday;
    if (typeof weekday !== "number" || !Number.isInteger(weekday) || weekday < 0 || weekday > 6 || out.some((d) => d.weekday === weekday)) {
      fail("/hours", "Opening hours must list each day at most once.");
      continue;
    }
    const day = DAYS[weekday];
    const status = h.status;
    if (status !== "open" && status !== "closed" && status !== "by-appointment") {
      fail(`/hours/${weekday}`, `${day}: choose open, closed or by appointment.`);
      continue;
    }
    if (status === "closed") {
      out.push({ weekday, status });
      continue;
    }
    const open = typeof h.open === "string" ? h.open : "";
    const close = typeof h.close === "string" ? h.close : "";
    if (status === "by-appointment" && !open && !close) {
      out.push({ weekday, status });
      continue;
    }
    if (!HHMM.test(open) || !HHMM.test(close)) fail(`/hours/${weekday}`, `${day}: give the opening and closing times, e.g. 08:30 and 17:30.`);
    else if (open >= close) fail(`/hours/${weekday}`, `${day}: the closing time must be after the opening time.`);
    else out.push({ weekday, status, open, close });
  }
  if (!out.some((h) => h.status === "open")) fail("/hours", "Opening hours: give at least one day the location is open.");
  return out;
}

/** Where a document error of the built site belongs in the wizard (as an answer pointer); null when no field gave it. */
export function wizardFieldFor(pointer: string): string | null {
  const rules: [RegExp, string][] = [
    [/^\/identity\/(name|groupName)/, "/name"],
    [/^\/identity\/slug/, "/slug"],
    [/^\/identity\/domains/, "/domains"],
    [/^\/identity\/(phone)|^\/dealerships\/\d+\/phone|^\/locations\/\d+\/contact_detail\/phone/, "/phone"],
    [/^\/identity\/email|^\/dealerships\/\d+\/leadEmail|^\/locations\/\d+\/contact_detail\/email/, "/leadEmail"],
    [/^\/dealerships\/\d+\/makes|^\/identity\/manufacturer|^\/locations\/\d+\/manufacturers/, "/makes"],
    [/^\/dealerships|^\/locations\/\d+\/dealership_id/, "/dealerships"],
    [/^\/theme\/colors\/(primary|onPrimary)/, "/colors/primary"],
    [/^\/theme\/colors\/(accent|onAccent)/, "/colors/accent"],
    [/^\/theme\/logo/, "/logo"],
    [/^\/locations\/\d+\/address\/(street|city|state|postcode)/, "/location/$1"],
    [/^\/locations\/\d+\/opening_hours/, "/hours"],
    [/^\/locations\/\d+\/dealer_license_number/, "/location/licence"],
    [/^\/locations\/\d+\/(name|slug)/, "/location/name"],
  ];
  for (const [re, field] of rules) {
    const m = re.exec(pointer);
    if (m) return field.replace("$1", m[1] ?? "");
  }
  return null;
}
