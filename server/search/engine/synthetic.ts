/**
 * Deterministic synthetic vehicle records for tests and the search benchmark: AU makes, models and
 * badges, prices that follow year and km, dealerships 1–60 with their cities and locations.
 */
import { FACET_ATTRIBUTES, LISTED_FOREVER, NUMERIC_ATTRIBUTES, SEARCHABLE_ATTRIBUTES, type SearchRecord } from "../../../domain/search-record";
import type { IndexSettings, MultiQueryRequest } from "./types";

import { seededRandom as rng } from "../../../domain/random";

export { rng };

type Item = SearchRecord["item_type"];
// make, model, body, new price, badges, fuel override, item type
type Model = [string, string, string, number, string[], string?, Item?];

const MODELS: Model[] = [
  ["Toyota", "Corolla", "hatch", 30000, ["Ascent Sport", "SX", "ZR", "Ascent Sport Hybrid"]],
  ["Toyota", "Camry", "sedan", 37000, ["Ascent", "SL", "SX"], "Hybrid"],
  ["Toyota", "RAV4", "suv", 42000, ["GX", "GXL", "Cruiser", "Edge", "XSE Hybrid"]],
  ["Toyota", "HiLux", "ute", 52000, ["Workmate", "SR", "SR5", "Rogue", "Rugged X"], "Diesel"],
  ["Toyota", "LandCruiser", "suv", 95000, ["GX", "GXL", "VX", "Sahara"], "Diesel"],
  ["Toyota", "Prado", "suv", 68000, ["GX", "GXL", "VX", "Kakadu"], "Diesel"],
  ["Toyota", "Kluger", "suv", 56000, ["GX", "GXL", "Grande"]],
  ["Toyota", "Yaris", "hatch", 26000, ["Ascent", "SX", "ZR"]],
  ["Toyota", "HiAce", "van", 48000, ["LWB", "SLWB"], "Diesel"],
  ["Mazda", "CX-5", "suv", 39000, ["Maxx", "Maxx Sport", "Touring", "GT", "Akera"]],
  ["Mazda", "CX-3", "suv", 30000, ["Neo Sport", "Maxx Sport", "Akari"]],
  ["Mazda", "CX-30", "suv", 34000, ["G20 Pure", "G20 Evolve", "G25 Astina"]],
  ["Mazda", "Mazda3", "hatch", 31000, ["G20 Pure", "G20 Evolve", "G25 GT", "G25 Astina"]],
  ["Mazda", "BT-50", "ute", 50000, ["XT", "XTR", "GT", "Thunder"], "Diesel"],
  ["Mazda", "MX-5", "convertible", 42000, ["Roadster", "RF GT"]],
  ["Ford", "Ranger", "ute", 56000, ["XL", "XLS", "XLT", "Sport", "Wildtrak", "Raptor"], "Diesel"],
  ["Ford", "Everest", "suv", 62000, ["Ambiente", "Trend", "Sport", "Platinum"], "Diesel"],
  ["Ford", "Mustang", "coupe", 68000, ["GT", "Mach 1", "EcoBoost"]],
  ["Ford", "Transit", "van", 55000, ["Custom", "Trend"], "Diesel"],
  ["Hyundai", "i30", "hatch", 28000, ["Active", "Elite", "N Line", "N"]],
  ["Hyundai", "Tucson", "suv", 38000, ["Active", "Elite", "Highlander"]],
  ["Hyundai", "Kona", "suv", 33000, ["Active", "Elite", "Electric Highlander"]],
  ["Hyundai", "Santa Fe", "suv", 52000, ["Active", "Elite", "Calligraphy"]],
  ["Hyundai", "Ioniq 5", "suv", 65000, ["Dynamiq", "Epiq"], "Electric"],
  ["Kia", "Sportage", "suv", 37000, ["S", "SX", "SX+", "GT-Line"]],
  ["Kia", "Cerato", "hatch", 27000, ["S", "Sport", "Sport+", "GT"]],
  ["Kia", "Seltos", "suv", 31000, ["S", "Sport", "Sport+", "GT-Line"]],
  ["Kia", "Sorento", "suv", 50000, ["S", "Sport", "GT-Line"]],
  ["Kia", "Carnival", "peopleMover", 52000, ["S", "Sport", "Platinum"]],
  ["Kia", "EV6", "suv", 72000, ["Air", "GT-Line", "GT"], "Electric"],
  ["Mitsubishi", "Triton", "ute", 45000, ["GLX", "GLX+", "GLS", "GSR"], "Diesel"],
  ["Mitsubishi", "Outlander", "suv", 40000, ["ES", "LS", "Aspire", "Exceed", "PHEV Exceed"]],
  ["Mitsubishi", "ASX", "suv", 28000, ["ES", "LS", "Exceed"]],
  ["Mitsubishi", "Pajero Sport", "suv", 52000, ["GLX", "GLS", "Exceed"], "Diesel"],
  ["Nissan", "Navara", "ute", 48000, ["SL", "ST", "ST-X", "Pro-4X"], "Diesel"],
  ["Nissan", "X-Trail", "suv", 40000, ["ST", "ST-L", "Ti", "e-Power Ti-L"]],
  ["Nissan", "Patrol", "suv", 85000, ["Ti", "Ti-L", "Warrior"]],
  ["Nissan", "Leaf", "hatch", 50000, ["Base", "e+"], "Electric"],
  ["Subaru", "Forester", "suv", 40000, ["2.5i", "2.5i-L", "2.5i Premium", "2.5i-S", "Hybrid S"]],
  ["Subaru", "Outback", "wagon", 46000, ["AWD", "AWD Sport", "AWD Touring"]],
  ["Subaru", "WRX", "sedan", 50000, ["Base", "RS", "tS"]],
  ["Volkswagen", "Golf", "hatch", 38000, ["Life", "R-Line", "GTI", "R"]],
  ["Volkswagen", "Amarok", "ute", 60000, ["Core", "Life", "Style", "PanAmericana", "Aventura"], "Diesel"],
  ["Volkswagen", "Tiguan", "suv", 45000, ["110TSI Life", "162TSI Elegance", "R"]],
  ["Isuzu", "D-Max", "ute", 50000, ["SX", "LS-M", "LS-U", "X-Terrain"], "Diesel"],
  ["Isuzu", "MU-X", "suv", 55000, ["LS-M", "LS-U", "LS-T"], "Diesel"],
  ["Holden", "Commodore", "sedan", 40000, ["Evoke", "SV6", "SS", "SS-V Redline", "Calais"]],
  ["Holden", "Colorado", "ute", 45000, ["LS", "LTZ", "Z71"], "Diesel"],
  ["Mercedes-Benz", "C-Class", "sedan", 75000, ["C200", "C300", "C43 AMG"]],
  ["Mercedes-Benz", "GLC", "suv", 85000, ["GLC200", "GLC300", "GLC43 AMG"]],
  ["BMW", "3 Series", "sedan", 75000, ["320i", "330i M Sport", "M340i xDrive"]],
  ["BMW", "X5", "suv", 120000, ["xDrive30d", "xDrive40i", "M60i"]],
  ["Audi", "Q5", "suv", 75000, ["40 TDI", "45 TFSI Sport", "SQ5"]],
  ["Tesla", "Model 3", "sedan", 58000, ["RWD", "Long Range", "Performance"], "Electric"],
  ["Tesla", "Model Y", "suv", 62000, ["RWD", "Long Range", "Performance"], "Electric"],
  ["MG", "ZS", "suv", 26000, ["Vibe", "Excite", "Essence", "EV Excite"]],
  ["MG", "MG3", "hatch", 22000, ["Vibe", "Excite", "Hybrid+"]],
  ["Suzuki", "Swift", "hatch", 24000, ["GL", "GLX", "Sport"]],
  ["Suzuki", "Jimny", "suv", 35000, ["Lite", "Base", "XL"]],
  ["Honda", "CR-V", "suv", 45000, ["VTi", "VTi L", "VTi X", "e:HEV RS"]],
  ["Honda", "Civic", "hatch", 47000, ["VTi-LX", "e:HEV LX", "Type R"]],
  ["GWM", "Ute Cannon", "ute", 40000, ["Cannon", "Cannon-L", "Cannon-X"], "Diesel"],
  ["GWM", "Haval H6", "suv", 38000, ["Premium", "Lux", "Ultra", "Hybrid Ultra"]],
  ["BYD", "Atto 3", "suv", 45000, ["Standard Range", "Extended Range"], "Electric"],
  ["BYD", "Seal", "sedan", 50000, ["Dynamic", "Premium", "Performance"], "Electric"],
  ["Škoda", "Octavia", "wagon", 42000, ["Style", "Limited Edition", "RS"]],
  ["Škoda", "Kodiaq", "suv", 55000, ["Style", "Sportline", "RS"]],
  ["Citroën", "C5 Aircross", "suv", 48000, ["Shine", "Shine Plus"]],
  ["Lexus", "RX", "suv", 95000, ["RX350 Luxury", "RX350h F Sport", "RX500h"]],
  ["Jeep", "Wrangler", "suv", 80000, ["Night Eagle", "Rubicon", "Overland"]],
  ["LDV", "T60", "ute", 42000, ["Pro", "Max", "Max Plus"], "Diesel"],
  ["Honda", "Africa Twin", "adventure", 25000, ["CRF1100L", "Adventure Sports"], "Petrol", "motorcycle"],
  ["Yamaha", "MT-07", "naked", 12000, ["LAMS", "Standard"], "Petrol", "motorcycle"],
  ["Kawasaki", "Ninja 400", "sport", 9000, ["KRT Edition", "Standard"], "Petrol", "motorcycle"],
  ["Harley-Davidson", "Street Glide", "touring", 45000, ["Special", "ST"], "Petrol", "motorcycle"],
  ["Isuzu", "N Series", "cabChassis", 75000, ["NNR 45-150", "NPR 75-190", "NQR 87-190"], "Diesel", "truck"],
  ["Hino", "300 Series", "cabChassis", 80000, ["616 Auto", "917 Wide Cab"], "Diesel", "truck"],
  ["Fuso", "Canter", "cabChassis", 70000, ["515 Wide", "918 Wide"], "Diesel", "truck"],
  ["Jayco", "Journey", "caravan", 80000, ["Outback", "Family"], "", "caravan"],
  ["Jayco", "Starcraft", "caravan", 60000, ["Outback", "Touring"], "", "caravan"],
  ["Avan", "Aspire", "camper", 65000, ["Escape", "Getaway"], "", "caravan"],
  ["New Age", "Manta Ray", "caravan", 95000, ["Off Road", "Touring"], "", "caravan"],
];

const COLOURS = ["White", "White", "Black", "Silver", "Grey", "Grey", "Blue", "Red", "Crystal White Pearl", "Soul Red Crystal", "Orange", "Green", "Bronze", "Graphite", "Gris Platinium Métallisé", "Yellow"];
const CITIES: [string, string][] = [
  ["Sydney", "NSW"], ["Parramatta", "NSW"], ["Penrith", "NSW"], ["Newcastle", "NSW"], ["Wollongong", "NSW"], ["Melbourne", "VIC"],
  ["Dandenong", "VIC"], ["Geelong", "VIC"], ["Ballarat", "VIC"], ["Brisbane", "QLD"], ["Gold Coast", "QLD"], ["Sunshine Coast", "QLD"],
  ["Townsville", "QLD"], ["Cairns", "QLD"], ["Perth", "WA"], ["Joondalup", "WA"], ["Bunbury", "WA"], ["Adelaide", "SA"],
  ["Hobart", "TAS"], ["Launceston", "TAS"], ["Darwin", "NT"], ["Canberra", "ACT"],
];
const PREFIXES = ["Northside", "Southern", "Bayview", "Harbour", "Eastern", "Westpoint", "City", "Coastal", "Valley", "Summit", "Parkway", "Riverside"];
const SUFFIXES = ["Motors", "Motor Group", "Auto", "Cars", "Vehicle Centre", "Autos"];
const TAGS = ["Test Drive Only", "Runout", "Low Kms", "One Owner", "Certified Pre-Owned", "Demo Clearance"];
const NOW = 1767225600; // 2026-01-01, fixed so data does not depend on the day it is generated

export interface Dealership {
  id: number;
  slug: string;
  name: string;
  city: string;
  state: string;
  locations: { id: number; name: string }[];
}

export function dealerships(): Dealership[] {
  const r = rng(60);
  return Array.from({ length: 60 }, (_, i) => {
    const [city, state] = CITIES[i % CITIES.length];
    const name = `${PREFIXES[i % PREFIXES.length]} ${city} ${SUFFIXES[Math.floor(r() * SUFFIXES.length)]}`;
    const locs = 1 + Math.floor(r() * 3);
    return {
      id: i + 1,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      name,
      city,
      state,
      locations: Array.from({ length: locs }, (_, k) => ({ id: (i + 1) * 10 + k, name: k === 0 ? `${city} Showroom` : `${city} ${["Used Cars", "Service & Parts", "Commercial"][k - 1]}` })),
    };
  });
}

const bucket = (v: number, step: number, top: number, unit = "") =>
  v >= top ? `$${top.toLocaleString("en-AU")}${unit}+` : `$${(Math.floor(v / step) * step).toLocaleString("en-AU")} - $${(Math.floor(v / step) * step + step).toLocaleString("en-AU")}${unit}`;

/** `count` vehicles, the same for the same seed. */
export function generateRecords(count: number, seed = 1): SearchRecord[] {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)];
  const dealers = dealerships();
  const out: SearchRecord[] = new Array(count);
  for (let i = 0; i < count; i++) {
    // Popular models more often: squaring favours the head of the list.
    const [make, model, body, newPrice, badges, fuelOverride, item = "car"] = MODELS[Math.floor(r() * r() * MODELS.length)];
    const badge = pick(badges);
    const roll = r();
    const car_type = roll < 0.28 ? "new" : roll < 0.36 ? "demo" : "used";
    const discontinued = make === "Holden";
    const type = discontinued ? "used" : car_type;
    const age = type === "new" ? 0 : type === "demo" ? Math.floor(r() * 2) : 1 + Math.floor(r() * r() * 16);
    const year = 2025 - age + (type === "new" && r() < 0.3 ? 1 : 0);
    const km = type === "new" ? Math.floor(r() * 50) : type === "demo" ? 500 + Math.floor(r() * 8500) : Math.max(1000, Math.round(age * (9000 + r() * 12000)));
    const fuel = fuelOverride === "" ? null : /hybrid|hev|e-power|\+$/i.test(badge) ? "Hybrid" : /phev/i.test(badge) ? "Plug-in Hybrid" : /^ev |electric/i.test(badge) ? "Electric" : (fuelOverride ?? (r() < 0.15 ? "Diesel" : "Petrol"));
    const value = newPrice * (1 + badges.indexOf(badge) * 0.08) * Math.pow(0.87, age) * Math.max(0.35, 1 - km / 450000) * (0.9 + r() * 0.2);
    const price = r() < 0.02 ? 0 : Math.max(990, Math.round(value / 1000) * 1000 - 10);
    const weekly = price && r() < 0.8 ? Math.round(price * 0.0052) : null;
    const dealer = dealers[Math.min(59, Math.floor(r() * r() * 75))];
    const loc = pick(dealer.locations);
    const statusRoll = r();
    const status = statusRoll < 0.82 ? "in_stock" : statusRoll < 0.88 ? "coming_soon" : "sold";
    const created_at = NOW - Math.floor(r() * 180 * 86400);
    const sold_at = status === "sold" ? NOW - Math.floor(r() * 20 * 86400) : null;
    const stocknum = `S${String(100000 + Math.floor(r() * 900000))}`;
    const series = item === "car" && r() < 0.5 ? `MY${String(year % 100).padStart(2, "0")}` : null;
    const views = Math.floor(r() * r() * 5000);
    const objectID = `v${(Math.imul(i + 1, 2654435761) >>> 0).toString(36)}`;
    const title = `${year} ${make} ${model} ${badge}`;
    const slug = `${title}-${stocknum}`.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-");
    const seats = item !== "car" ? null : body === "peopleMover" ? 8 : body === "suv" ? pick([5, 5, 7]) : body === "coupe" ? 4 : body === "convertible" ? 2 : body === "van" ? 3 : 5;
    out[i] = {
      objectID,
      slug,
      path: `/cars/${slug}`,
      title,
      year,
      make,
      model,
      make_model: `${make} > ${model}`,
      badge,
      series,
      colour: item === "caravan" ? "White" : pick(COLOURS),
      body,
      fuel,
      transmission: item === "caravan" ? null : r() < 0.86 ? "Automatic" : "Manual",
      drive: item !== "car" ? null : body === "ute" ? pick(["4WD", "4WD", "RWD"]) : body === "suv" ? pick(["AWD", "FWD", "4WD"]) : pick(["FWD", "FWD", "RWD"]),
      seats,
      car_type: type,
      item_type: item,
      status,
      sold_at,
      listing_ts: sold_at ?? LISTED_FOREVER,
      created_at,
      price,
      price_type: price ? pick(["Drive Away", "Drive Away", "Excl. Gov. Charges", null]) : null,
      price_range: price ? bucket(price, 10000, 100000) : "POA",
      weekly_price: weekly,
      weekly_price_range: weekly ? bucket(weekly, 100, 1000, "/wk") : null,
      km,
      tag: r() < 0.12 ? pick(TAGS) : null,
      reserved: r() < 0.03,
      certified: type === "used" && r() < 0.1,
      preorder: type === "new" && r() < 0.02,
      show_on_dealer_website: r() < 0.96,
      dealership_id: dealer.id,
      dealership_slug: dealer.slug,
      dealership_name: dealer.name,
      location_id: loc.id,
      location_name: loc.name,
      city: dealer.city,
      state: dealer.state,
      stocknum,
      views,
      custom_rank: Math.floor(views / 5) + (type === "new" ? 400 : 0) + Math.floor(r() * 1000),
      primary_image_url: `/media/vehicles/${objectID}/1.jpg`,
      photos_count: 5 + Math.floor(r() * 36),
    };
  }
  // Strings from a database or JSON are flat; template literals build ropes, which V8 flattens
  // the first time it hashes them — a cost real records never carry into the index build.
  for (const r of out) for (const v of Object.values(r)) if (typeof v === "string") v.charCodeAt(0);
  return out;
}

/** The platform's sortable attributes: each gets an ascending and a descending replica. */
const SORTABLE = ["price", "created_at", "year", "km", "views", "custom_rank"] as const;
export const SORTS = SORTABLE.flatMap((a) => [[a, "asc"], [a, "desc"]] as const);

/** Index settings for SearchRecords, with one replica per sort (named like the platform's). */
export function vehicleSettings(): IndexSettings {
  return {
    searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
    attributesForFaceting: [...FACET_ATTRIBUTES],
    numericAttributes: [...NUMERIC_ATTRIBUTES],
    customRanking: ["desc(custom_rank)"],
    replicas: Object.fromEntries(SORTS.map(([attribute, direction]) => [`vehicles_${attribute}_${direction}`, [{ attribute, direction }]])),
    typo: { minWordSizefor1Typo: 4, minWordSizefor2Typos: 8 },
  };
}

/** A tenant's base filter as the platform writes it: its dealerships, shown on the website, in stock or sold within 3 days. */
export function baseFilterFor(dealershipIds: number[]): string {
  return `(${dealershipIds.map((d) => `dealership_id:${d}`).join(" OR ")}) AND show_on_dealer_website:true AND listing_ts >= ${NOW - 3 * 86400}`;
}

export { NOW as SYNTHETIC_NOW };

// ---- InstantSearch pages ----

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** The dealer sites one process serves: a national group, three regional groups, eight small groups, twelve single dealers. */
export const TENANTS: number[][] = [
  range(1, 60),
  range(1, 20), range(21, 40), range(41, 60),
  ...range(0, 7).map((g) => range(g * 5 + 1, g * 5 + 5)),
  ...[1, 3, 7, 12, 18, 25, 33, 41, 47, 52, 58, 60].map((d) => [d]),
];

// The facets the search page's widgets ask for (spec §3), and the ones refined as disjunctive facets.
const FACETS = [
  "make", "model", "make_model", "badge", "body", "colour", "fuel", "transmission", "drive", "car_type", "item_type", "status",
  "price_range", "weekly_price_range", "tag", "certified", "dealership_name", "location_name", "city", "state", "seats", "year", "price", "km",
];
const REFINABLE = ["make", "model", "body", "colour", "fuel", "car_type", "location_name", "transmission", "year"] as const;
const TYPO = (w: string, r: () => number) => {
  if (w.length < 5) return w;
  const i = 1 + Math.floor(r() * (w.length - 2));
  return r() < 0.5 ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // drop or swap a letter
};

export interface SyntheticPage {
  baseFilter: string;
  requests: MultiQueryRequest[];
  kind: string;
}

/**
 * One InstantSearch page for a random tenant: the main query and one disjunctive query per refined
 * facet or range, as the v5 client sends them (parameters flattened into each request).
 */
export function instantSearchPage(records: SearchRecord[], r: () => number): SyntheticPage {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)];
  const sample = () => records[Math.floor(r() * records.length)];
  const dealers = pick(TENANTS);
  const kinds: string[] = [];
  let query = "";
  const roll = r();
  if (roll < 0.35) kinds.push("browse");
  else {
    const v = sample();
    const words = pick([[v.make], [v.model], [v.make, v.model], [v.model, v.badge ?? ""], [v.make.slice(0, 3)], [v.colour ?? "", v.body ?? ""]]).join(" ").toLowerCase().trim();
    query = roll < 0.55 ? TYPO(words, r) : words;
    kinds.push(roll < 0.55 ? "typo" : "text");
  }
  const refinements = new Map<string, string[]>();
  for (let k = Math.floor(r() * r() * 4); k > 0; k--) {
    const attr = pick(REFINABLE);
    const values = new Set(refinements.get(attr) ?? []);
    for (let n = r() < 0.3 ? 2 : 1; n > 0; n--) {
      const v = sample()[attr];
      if (v !== null) values.add(String(v));
    }
    if (values.size) refinements.set(attr, [...values]);
  }
  if (refinements.size) kinds.push(`${refinements.size} refined`);
  const ranges = new Map<string, [number, number]>();
  if (r() < 0.3) ranges.set("price", [pick([0, 5000, 10000, 20000]), pick([30000, 50000, 80000, 250000])]);
  if (r() < 0.15) ranges.set("km", [0, pick([20000, 60000, 120000])]);
  if (ranges.size) kinds.push("range");
  const sort = r() < 0.35 ? pick(SORTS) : null;
  if (sort) kinds.push("sort");
  const page = r() < 0.2 ? 1 + Math.floor(r() * 5) : 0;
  if (page) kinds.push("page 2+");

  const facetFilters = (except?: string) => [...refinements].filter(([a]) => a !== except).map(([a, vs]) => vs.map((v) => `${a}:${v}`));
  const numericFilters = (except?: string) => [...ranges].filter(([a]) => a !== except).flatMap(([a, [lo, hi]]) => [`${a}>=${lo}`, `${a}<=${hi}`]);
  const indexName = sort ? `vehicles_${sort[0]}_${sort[1]}` : "vehicles";
  const requests: MultiQueryRequest[] = [
    {
      indexName,
      query,
      page,
      hitsPerPage: 21,
      facets: FACETS,
      facetFilters: facetFilters(),
      numericFilters: numericFilters(),
      maxValuesPerFacet: 50,
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
      tagFilters: "",
    } as MultiQueryRequest,
  ];
  for (const attr of [...refinements.keys(), ...ranges.keys()]) {
    requests.push({
      indexName,
      query,
      page: 0,
      hitsPerPage: 0,
      facets: [attr],
      facetFilters: facetFilters(attr),
      numericFilters: numericFilters(attr),
      attributesToRetrieve: [],
      attributesToHighlight: [],
      attributesToSnippet: [],
      analytics: false,
      clickAnalytics: false,
    } as MultiQueryRequest);
  }
  return { baseFilter: baseFilterFor(dealers), requests, kind: kinds.join(", ") };
}
