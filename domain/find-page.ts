/**
 * Which page of a site answers a path (exact pages, built-in pages, aliases and the template routes).
 * Pure, so the renderer serves by it and the admin's pre-publish checklist checks links by it.
 */
import { decodeComponent } from "./uri";
import { pageFeatureOff } from "./car-lists";
import { tradeInSettings } from "./trade-in";
import { addressLine, contactLocations, locationForSlug } from "./locations";
import { SUCCESS_TEXT, SUCCESS_TITLE } from "./lead-forms";
import { locationBaseName } from "./lead-form-options";
import { BOOK_A_SERVICE_PATH, servicePage } from "./service-booking";
import { brandForPath, modelForPath, modelTitle } from "./models";
import { GARAGE_ALIASES, garageEnabled, garagePaths } from "./gated-routes";
import type { Location, Page, TenantDocument } from "../schemas/generated/tenant";

/** Normalises a request path: one leading slash, no trailing slash, lower case. */
export function normalisePath(segments: string[] | string): string {
  const raw = Array.isArray(segments) ? segments.map((s) => decodeComponent(s)).join("/") : segments;
  const path = `/${raw.split("/").filter(Boolean).join("/")}`;
  return path.toLowerCase();
}

const TEMPLATE_ROUTES: [RegExp, NonNullable<Page["template"]>][] = [
  [/^\/cars\/[a-z0-9-]+$/, "vehicle-detail"],
  [/^\/search(\/.*)?$/, "search"],
  [/^\/locations\/[a-z0-9-]+$/, "location-detail"],
  [/^\/contact-us\/[a-z0-9-]+$/, "contact-us"],
];

// Sites with used-car paths also serve their search under /used-car/… (spec §2, the used variant).
const USED_CAR_ROUTE = /^\/used-car(\/.*)?$/;

/**
 * Pages every site has (spec leads §2 routes: /success after a lead), served with these defaults
 * unless the tenant document has its own page at the path.
 */
export const BUILT_IN_PAGES: Page[] = [
  {
    id: "success",
    path: "/success",
    title: SUCCESS_TITLE,
    blocks: [
      {
        id: "lead-success",
        type: "lead-success",
        props: { title: SUCCESS_TITLE, text: SUCCESS_TEXT },
      },
    ],
  },
];

/**
 * The paths menus, the VDP's "Trade-In Valuation" button and the sticky header use for "Sell my car"
 * (spec leads §2 routes: /trade-in, /sell-my-car, /cars/trade-in?car_id={id}).
 */
export const TRADE_IN_PATHS = ["/trade-in", "/sell-my-car", "/cars/trade-in"] as const;

/** Whether a path is one of the trade-in paths (a site's trade-in page may be served there without being its own). */
export const isTradeInAlias = (path: string) => (TRADE_IN_PATHS as readonly string[]).includes(path);

/** /offers: the site's offers page, wherever it lives (spec leads §2 routes: /offers, /special-offers). */
export const OFFERS_PATH = "/offers";

/** Whether a path is served by a page of another path (trade-in paths, /book-a-service, /offers, garage aliases): its canonical URL is that page's. */
export const isAliasPath = (path: string) =>
  isTradeInAlias(path) || path === BOOK_A_SERVICE_PATH || path === OFFERS_PATH || (GARAGE_ALIASES as readonly string[]).includes(path);

/** The site's offers page: its first page with an offers search; null when it has none. */
export function offersPage(doc: TenantDocument): Page | null {
  return doc.pages.find((p) => p.path && p.blocks.some((b) => b.type === "offers-search")) ?? null;
}

/** The My Garage page a site without one of its own gets (at features.garage.path). */
export function builtInGaragePage(doc: Pick<TenantDocument, "features">): Page {
  return { id: "my-garage", path: doc.features.garage?.path ?? "/my-garage", title: "My Garage", blocks: [{ id: "my-garage", type: "my-garage", props: { heading: "My Garage" } }] };
}

/**
 * The site's My Garage page, when the garage is on (features.garage.enabled): its own page with a
 * my-garage block, else the built-in one. It answers at the garage path and every garage alias
 * (spec leads §2: /mymotorama, /mybigboxcars, /myblinkr, /myservco, /my-garage).
 */
export function garagePage(doc: TenantDocument): Page | null {
  if (!garageEnabled(doc)) return null;
  return doc.pages.find((p) => p.path && p.blocks.some((b) => b.type === "my-garage")) ?? builtInGaragePage(doc);
}

/** The site's trade-in page: its first page with a trade-in-wizard block; null when trade-in is off or it has none. */
export function tradeInPage(doc: TenantDocument): Page | null {
  if (!tradeInSettings(doc).enabled) return null;
  return doc.pages.find((p) => p.path && p.blocks.some((b) => b.type === "trade-in-wizard")) ?? null;
}

/**
 * The page for a path: an exact path first (none when it is the page of a list whose feature is
 * off), a built-in page, the site's trade-in page at the trade-in paths it has no page of its own
 * at, its service page at /book-a-service and its offers page at /offers (spec leads §2 routes;
 * only where it has one), My Garage at its garage path and aliases (where the garage is on), then
 * the template page that serves that kind of URL.
 */
export function findPage(doc: TenantDocument, path: string): Page | null {
  const exact = doc.pages.find((p) => p.path === path) ?? BUILT_IN_PAGES.find((p) => p.path === path);
  // The favourites or compare page of a site with that feature off is no page.
  if (exact) return pageFeatureOff(doc, exact) ? null : exact;
  // Before the templates: the vehicle-detail route would take /cars/trade-in for a car's slug.
  if (isTradeInAlias(path)) return tradeInPage(doc);
  if (path === BOOK_A_SERVICE_PATH) return servicePage(doc);
  if (path === OFFERS_PATH) return offersPage(doc);
  if (garagePaths(doc).includes(path)) return garagePage(doc);
  const template =
    TEMPLATE_ROUTES.find(([re]) => re.test(path))?.[1] ??
    (doc.features.usedCarPaths && USED_CAR_ROUTE.test(path) ? "search" : undefined) ??
    // A model's page (/{model slug}) and a brand's (/{make}/overview), for the site's model range (leads §2 routes).
    (modelForPath(doc, path) ? "model-detail" : brandForPath(doc, path) ? "brand-overview" : undefined);
  if (!template) return null;
  // A location URL is a page only for a shown location (by its slug or its dealership's; leads §2 routes).
  if ((template === "location-detail" || template === "contact-us") && !pageLocations(doc, path).length) return null;
  return doc.pages.find((p) => p.template === template) ?? null;
}

/**
 * The locations a location URL is about: /locations/{slug} its location (by the location's slug or
 * its dealership_slug), /contact-us/{slug} the site's departments whose name without a trailing
 * Sales, Service or Parts has that slug (leads §2 routes); none on any other path.
 */
export function pageLocations(doc: Pick<TenantDocument, "locations" | "dealerships">, path: string): Location[] {
  const [, kind, slug, more] = path.split("/");
  if (!slug || more !== undefined) return [];
  if (kind === "locations") {
    const found = locationForSlug(doc.locations, doc.dealerships, slug);
    return found ? [found] : [];
  }
  return kind === "contact-us" ? contactLocations(doc.locations, slug) : [];
}

/** A model or brand page's title and description, which name its model or make; null on other pages. */
export function modelPageText(doc: Pick<TenantDocument, "models" | "identity">, page: Page, path: string): { title: string; description: string } | null {
  if (page.template === "model-detail") {
    const model = modelForPath(doc, path);
    if (!model) return null;
    const title = modelTitle(model);
    return { title, description: model.shortDescription || `The ${title} at ${doc.identity.name}: body types, price and the cars in stock.` };
  }
  if (page.template === "brand-overview") {
    const brand = brandForPath(doc, path);
    if (!brand) return null;
    return { title: `${brand.make} Range`, description: `The ${brand.make} range at ${doc.identity.name}: ${brand.models.map((m) => m.name).join(", ")}.` };
  }
  return null;
}

/** A location page's title and search-engine description, which name its location; null on other pages. */
export function locationPageText(doc: Pick<TenantDocument, "locations" | "dealerships">, page: Page, path: string): { title: string; description: string } | null {
  if (page.template !== "location-detail" && page.template !== "contact-us") return null;
  const found = pageLocations(doc, path);
  if (!found.length) return null;
  if (page.template === "location-detail") {
    const [l] = found;
    return { title: l.name, description: `${l.name}, ${addressLine(l.address)}: opening hours, holiday hours, phone and directions.` };
  }
  const name = locationBaseName(found[0].name);
  return { title: `Contact ${name}`, description: `Contact ${name}: ${found.map((l) => l.name).join(", ")}. Opening hours, phone numbers, addresses and directions.` };
}
