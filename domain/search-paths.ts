/**
 * SEO paths of the search page (search-and-vehicle-detail §2): which refinements a path such as
 * /search/used-cars, /search/toyota/corolla or /used-car/suv sets before the visitor refines anything.
 * Pure: the facet values to match slugs against are passed in.
 */

export type CarType = "new" | "demo" | "used";

export const SEARCH_BASE = "/search";
export const USED_CAR_BASE = "/used-car";

/** Facet values of the site's stock that path segments are matched against. */
export interface SearchPathFacets {
  make?: string[];
  model?: string[];
  body?: string[];
  /** "Toyota > Corolla": limits a model segment to the models of the make before it. */
  make_model?: string[];
  /** The kinds of stock listed ("car", "truck" …): light-truck slugs need trucks. */
  item_type?: string[];
}

export interface SearchPathOptions {
  /** Where new and demo are joined, new selects both (as the car type slider does). */
  joinNewAndDemo: boolean;
  /** The car types the site sells: /used-car adds no car type refinement on a used-only site. */
  carTypes: CarType[];
  /** What a bare "truck" slug means on this site (leads spec §3): a ute on one variant, else a light truck. */
  truckSlug?: TruckSlug;
}

export type TruckSlug = "ute" | "lightTruck";

export interface SearchPathState {
  /** The normalised path this state was read from, e.g. "/search/used-cars". */
  path: string;
  /** Where the search lives once the visitor refines: "/search" or "/used-car". */
  basePath: string;
  refinementList: Record<string, string[]>;
  /** Segments that matched nothing (the search still renders, without them). */
  unmatched: string[];
}

/** "Land Rover" → "land-rover", "CX-5" → "cx-5", "Mercedes-Benz" → "mercedes-benz". */
export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Slugs a facet value answers to: its plain slug, and for camelCase body values ("cabChassis") the split one. */
function slugsOf(value: string): string[] {
  const plain = slugify(value);
  const split = slugify(value.replace(/([a-z0-9])([A-Z])/g, "$1-$2"));
  return split === plain ? [plain] : [plain, split];
}

function matchValue(segment: string, values: readonly string[] | undefined): string | null {
  if (!values) return null;
  return values.find((v) => slugsOf(v).includes(segment)) ?? null;
}

/**
 * Body slugs the spec recognises (leads spec §3, Body types) that name one of our body values
 * another way. "truck" reads per site (truckSlug); a light truck is truck stock, not a body.
 */
const BODY_ALIASES: Record<string, string> = {
  hatchback: "hatch",
  "station-wagon": "wagon",
  stationwagon: "wagon",
  "soft-top": "convertible",
  softtop: "convertible",
  bus: "van",
};
const LIGHT_TRUCK_SLUGS = new Set(["light-truck", "lighttruck"]);

/** A body slug as our facet values spell it ("hatchback" → "hatch", "truck" → "ute" or "light-truck"). */
export function normaliseBodySlug(segment: string, truckSlug: TruckSlug = "lightTruck"): string {
  if (segment === "truck" || segment === "trucks") return truckSlug === "ute" ? "ute" : "light-truck";
  return BODY_ALIASES[segment] ?? segment;
}

const CAR_TYPE_TOKENS: Record<string, CarType[]> = {
  new: ["new"],
  used: ["used"],
  demo: ["demo"],
  "new-cars": ["new"],
  "used-cars": ["used"],
  "demo-cars": ["demo"],
  "new-and-demo-cars": ["new", "demo"],
  "new-demo-cars": ["new", "demo"],
  "new-used-and-demo-cars": ["new", "used", "demo"],
};

function carTypesFor(segment: string, opts: SearchPathOptions): CarType[] | null {
  const types = CAR_TYPE_TOKENS[segment];
  if (!types) return null;
  return opts.joinNewAndDemo && types.length === 1 && types[0] === "new" ? ["new", "demo"] : types;
}

/** Splits a search path into its base and segments; null when the path is not a search path. */
export function searchPathSegments(path: string): { basePath: string; segments: string[] } | null {
  const parts = path.toLowerCase().split("/").filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const base = `/${parts[0] ?? ""}`;
  if (base !== SEARCH_BASE && base !== USED_CAR_BASE) return null;
  return { basePath: base, segments: parts.slice(1) };
}

/** Whether reading this path needs facet values (it names a make, model or body rather than only a car type). */
export function pathNeedsFacets(path: string): boolean {
  const parsed = searchPathSegments(path);
  return !!parsed && parsed.segments.some((s) => !(s in CAR_TYPE_TOKENS));
}

/**
 * The refinements a search path sets. Segments are read in order: an optional car type
 * (new-cars, used-cars, demo-cars, new-and-demo-cars, new-used-and-demo-cars, or new / used / demo),
 * {body}-cars, a make, then a model of that make, and a body type. Make, model and body slugs are
 * lower-case and hyphenated and match facet values case-insensitively. /used-car/… reads the same
 * with the used car type implied.
 */
export function parseSearchPath(path: string, facets: SearchPathFacets, opts: SearchPathOptions): SearchPathState | null {
  const parsed = searchPathSegments(path);
  if (!parsed) return null;
  const { basePath, segments } = parsed;
  const refinementList: Record<string, string[]> = {};
  const unmatched: string[] = [];
  if (basePath === USED_CAR_BASE && !(opts.carTypes.length === 1 && opts.carTypes[0] === "used")) refinementList.car_type = ["used"];

  /** Sets an attribute's one value from a segment when the attribute is not yet set and the segment names a value. */
  const take = (attribute: string, value: string | null | undefined) => {
    if (!value || refinementList[attribute]) return false;
    refinementList[attribute] = [value];
    return true;
  };
  /** A body slug: one of the site's body values, or light trucks (its truck stock) where it has some. */
  const takeBody = (slug: string) => {
    const body = normaliseBodySlug(slug, opts.truckSlug);
    if (LIGHT_TRUCK_SLUGS.has(body)) return take("item_type", facets.item_type?.includes("truck") ? "truck" : null);
    return take("body", matchValue(body, facets.body));
  };
  for (const segment of segments) {
    const types = carTypesFor(segment, opts);
    if (types && !refinementList.car_type) {
      refinementList.car_type = types;
      continue;
    }
    if (segment.endsWith("-cars") && takeBody(segment.slice(0, -"-cars".length))) continue;
    if (take("make", matchValue(segment, facets.make))) continue;
    if (refinementList.make && !refinementList.model) {
      const prefix = `${refinementList.make[0]} > `;
      const ofMake = facets.make_model?.filter((mm) => mm.startsWith(prefix)).map((mm) => mm.slice(prefix.length));
      if (take("model", matchValue(segment, ofMake?.length ? ofMake : facets.model))) continue;
    }
    if (takeBody(segment)) continue;
    unmatched.push(segment);
  }
  return { path: `${basePath}${segments.length ? `/${segments.join("/")}` : ""}`, basePath, refinementList, unmatched };
}

/**
 * Whether a path read as a search path is a page: every segment named something (a car type, a
 * make, a model of that make, a body the site has). One that matches nothing is a 404, never the
 * whole stock under a path of its own. A path that is not a search path is not this rule's.
 */
export function searchPathFound(state: SearchPathState | null): boolean {
  return !state || state.unmatched.length === 0;
}

const CAR_TYPE_PATHS: Record<string, string> = {
  new: "new-cars",
  used: "used-cars",
  demo: "demo-cars",
  "demo,new": "new-and-demo-cars",
  "demo,new,used": "new-used-and-demo-cars",
};

/**
 * The SEO path that sets exactly these refinements (the inverse of parseSearchPath), or null when a
 * path cannot say them: more than one make, model or body, a model without its make, or any other filter.
 */
export function seoPathFor(refinementList: Record<string, string[]>, opts: SearchPathOptions): string | null {
  const lists = Object.entries(refinementList).filter(([, v]) => v.length);
  const { car_type: types = [], make = [], model = [], body = [] } = Object.fromEntries(lists);
  if (lists.some(([attr]) => !["car_type", "make", "model", "body"].includes(attr))) return null;
  if (make.length > 1 || model.length > 1 || body.length > 1 || (model.length && !make.length)) return null;
  const segments: string[] = [];
  if (types.length) {
    const key = [...types].sort().join(",");
    // Where new and demo are joined, "new-cars" reads as both.
    const token = opts.joinNewAndDemo && key === "demo,new" ? "new-cars" : opts.joinNewAndDemo && key === "new" ? null : CAR_TYPE_PATHS[key];
    if (!token) return null;
    segments.push(token);
  }
  if (make.length) segments.push(slugify(make[0]));
  if (model.length) segments.push(slugify(model[0]));
  if (body.length) segments.push(`${slugify(body[0])}-cars`);
  return `${SEARCH_BASE}${segments.length ? `/${segments.join("/")}` : ""}`;
}

const CAR_TYPE_WORDS: Record<string, string> = { new: "New", used: "Used", demo: "Demo", "demo,new": "New & Demo" };

/**
 * The heading and title of a search SEO path: "Used Toyota Corolla Cars for Sale", "New SUV Cars for
 * Sale"; null when the path refines nothing (the page's own title stands).
 */
export function searchPathTitle(refinementList: Record<string, string[]>, plural: string, bodyLabel: (body: string) => string = (b) => b): string | null {
  const { car_type: types = [], make = [], model = [], body = [], item_type: kinds = [] } = refinementList;
  const type = CAR_TYPE_WORDS[[...types].sort().join(",")] ?? "";
  const lightTrucks = kinds.length === 1 && kinds[0] === "truck" ? "Light Truck" : "";
  const words = [type, make[0], model[0], body[0] ? bodyLabel(body[0]) : "", lightTrucks].filter(Boolean);
  return words.length ? `${words.join(" ")} ${plural} for Sale` : null;
}
