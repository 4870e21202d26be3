/**
 * The search page's URL (spec §2): state lives in the query string exactly as InstantSearch's
 * single-index mapping writes it — query, page, sortBy, refinementList[attr][i], range[attr]=lo:hi,
 * and a distance as near=Blacktown, NSW&at=-33.77,150.905&within=50 (domain/near.ts) — and an SEO
 * path (/search/used-cars, /search/toyota/corolla …) sets the refinements it names.
 * Once the visitor refines, the URL is the search's base path plus the whole state, so a reload
 * or a shared link gives the same results.
 */
import type { useInstantSearch } from "react-instantsearch";
import { nearRoute, readNear, type Near } from "../../../domain/near";
import { normaliseRange } from "../../../domain/search-rules";
import { MAX_QUERY_LENGTH } from "../../../server/search/engine/text";

/** InstantSearch's state of the index, and the search page's own `near` (blocks/search-results/near.ts). */
export type IndexUiState = ReturnType<typeof useInstantSearch>["indexUiState"] & { near?: Near };

export interface SeoState {
  /** The normalised path the page was requested on. */
  path: string;
  /** Where refined searches live: /search or /used-car. */
  basePath: string;
  refinementList: Record<string, string[]>;
}

interface QsModule {
  parse(str: string, options?: { arrayLimit?: number }): Record<string, unknown>;
}

type LocationLike = Pick<Location, "protocol" | "host" | "pathname" | "search" | "hash">;

/** The highest page number the URL may ask for (beyond it the page is the first). */
const MAX_PAGE = 1_000_000;

const ROUTE_KEYS = ["query", "page", "sortBy", "refinementList", "range", "near"] as const;

/** A request path as the renderer sees it: no internal /s/{host} prefix, decoded, lower case, no trailing slash. */
export function normaliseLocationPath(pathname: string): string {
  const parts = pathname.split("/").filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (parts[0] === "s" && parts.length > 1 && parts[1].includes(".")) parts.splice(0, 2);
  return `/${parts.join("/")}`.toLowerCase();
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Keeps only the state the spec puts in the URL, in the shapes InstantSearch expects. */
export function sanitiseRoute(raw: Record<string, unknown>, sortIndices: readonly string[]): IndexUiState {
  const route: IndexUiState = {};
  // A query longer than the engine (and Algolia) take is cut there rather than refused: the page still renders.
  if (typeof raw.query === "string" && raw.query) route.query = raw.query.slice(0, MAX_QUERY_LENGTH);
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= MAX_PAGE) route.page = page;
  if (typeof raw.sortBy === "string" && sortIndices.includes(raw.sortBy)) route.sortBy = raw.sortBy;
  if (isRecord(raw.refinementList)) {
    const lists = Object.entries(raw.refinementList)
      .map(([attr, values]) => [attr, (Array.isArray(values) ? values : isRecord(values) ? Object.values(values) : [values]).filter((v): v is string => typeof v === "string" && v !== "")] as const)
      .filter(([, values]) => values.length);
    if (lists.length) route.refinementList = Object.fromEntries(lists);
  }
  if (isRecord(raw.range)) {
    // Read by the sliders' rules (rounded, the right way round, a step apart): the server's render and
    // the browser's read the same state from the same URL, and the slider shows the filter that is on.
    const ranges = Object.entries(raw.range).flatMap(([attr, value]) => {
      const range = typeof value === "string" ? normaliseRange(attr, value) : undefined;
      return range ? [[attr, range] as const] : [];
    });
    if (ranges.length) route.range = Object.fromEntries(ranges);
  }
  const near = readNear(raw);
  if (near) route.near = near;
  return route;
}

/** Reads the URL: the query string, plus the SEO path's refinements for attributes it does not set. */
export function parseSearchURL(qs: QsModule, location: LocationLike, seo: SeoState, sortIndices: readonly string[]): IndexUiState {
  const route = sanitiseRoute(qs.parse(location.search.replace(/^\?/, ""), { arrayLimit: 99 }), sortIndices);
  if (normaliseLocationPath(location.pathname) !== seo.path) return route;
  const fromPath = Object.entries(seo.refinementList).filter(([attr]) => !route.refinementList?.[attr]);
  if (fromPath.length) route.refinementList = { ...Object.fromEntries(fromPath), ...route.refinementList };
  return route;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/** Whether a route is exactly what the SEO path says, and nothing more. */
export function isSeoState(route: IndexUiState, seo: SeoState): boolean {
  if (seo.path === seo.basePath) return false;
  if (ROUTE_KEYS.some((k) => k !== "refinementList" && route[k] !== undefined)) return false;
  const lists = Object.entries(route.refinementList ?? {}).filter(([, v]) => v.length);
  const wanted = Object.entries(seo.refinementList);
  return lists.length === wanted.length && wanted.every(([attr, values]) => sameSet(route.refinementList?.[attr] ?? [], values));
}

/**
 * The query string of a search state, as InstantSearch's qs mapping writes it but with brackets and
 * the range colon left readable: ?query=ute&refinementList[make][0]=Toyota&range[price]=5000:20000.
 */
export function routeQuery(route: IndexUiState): string {
  const value = (v: string | number) => encodeURIComponent(String(v)).replace(/%3A/gi, ":");
  const parts: string[] = [];
  if (route.query) parts.push(`query=${value(route.query)}`);
  // Page 1 is the page without a number (as the URL is read).
  if (route.page && Number(route.page) > 1) parts.push(`page=${value(route.page)}`);
  if (route.sortBy) parts.push(`sortBy=${value(route.sortBy)}`);
  for (const [attr, values] of Object.entries(route.refinementList ?? {})) values.forEach((v, i) => parts.push(`refinementList[${attr}][${i}]=${value(v)}`));
  // A range as the page reads it back (never "range[price]=:", which reads as no filter at all).
  for (const [attr, range] of Object.entries(route.range ?? {})) {
    const normal = range ? normaliseRange(attr, range) : undefined;
    if (normal) parts.push(`range[${attr}]=${value(normal)}`);
  }
  if (route.near) for (const [key, v] of Object.entries(nearRoute(route.near))) parts.push(`${key}=${value(v).replace(/%2C/gi, ",")}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Writes the URL: the SEO path when the state is exactly its refinements, otherwise the base path and the state. */
export function createSearchURL(route: IndexUiState, location: LocationLike, seo: SeoState): string {
  const origin = `${location.protocol}//${location.host}`;
  if (isSeoState(route, seo)) return `${origin}${seo.path}${location.hash}`;
  return `${origin}${seo.basePath}${routeQuery(route)}${location.hash}`;
}

/** The parts of InstantSearch's history router (instantsearch.js lib/routers/history) that Back and Forward leave set. */
interface PopStateRouter {
  inPopState?: boolean;
  writeTimer?: ReturnType<typeof setTimeout>;
}

/**
 * After Back or Forward, InstantSearch's history router skips writing the URL until its own write of
 * the state gone back to, 400 ms later, resets its flag; where that state needs no write (Back from a
 * #anchor such as Skip to content) the flag stays, and the visitor's next search — or one made within
 * those 400 ms — never reached the URL (a reload lost it). Once the state gone back to is applied, the
 * router drops that needless write (the URL already says it) and writes the visitor's next search.
 */
export function afterPopState(router: PopStateRouter) {
  if (!("inPopState" in router)) return;
  clearTimeout(router.writeTimer);
  router.writeTimer = undefined;
  router.inPopState = false;
}

/**
 * InstantSearch routing for the page: one index's state at the top level of the query string
 * (InstantSearch's single-index mapping), read and written as above.
 */
export function searchRouting(indexName: string, seo: SeoState, sortIndices: readonly string[]) {
  let stop = () => {};
  return {
    router: {
      cleanUrlOnDispose: false,
      // InstantSearchNext re-reads the URL whenever Next's pathname or search params change, our own
      // pushes included; one landing after a newer refinement would undo it (a sort chosen right
      // after a filter snapped back). Pages link with plain <a>, so only back and forward change the
      // URL under the search, and the history router follows those itself (popstate). The router calls
      // start as its own method (this is the router), before it listens to popstate: this listener
      // runs first and settles after the router's (the state applied, its write scheduled).
      start(this: PopStateRouter) {
        if (typeof window === "undefined") return;
        const settle = () => setTimeout(() => afterPopState(this), 0);
        window.addEventListener("popstate", settle);
        stop = () => window.removeEventListener("popstate", settle);
      },
      dispose: () => stop(),
      parseURL: ({ qsModule, location }: { qsModule: QsModule; location: LocationLike }) => parseSearchURL(qsModule, location, seo, sortIndices),
      createURL: ({ routeState, location }: { routeState: IndexUiState; location: LocationLike }) => createSearchURL(routeState, location, seo),
    },
    stateMapping: {
      $$type: "forecourt.singleIndex",
      stateToRoute: (uiState: Record<string, IndexUiState>): IndexUiState => {
        const { configure: _configure, ...route } = uiState[indexName] ?? {};
        return route;
      },
      routeToState: (route: IndexUiState = {}): Record<string, IndexUiState> => {
        const { configure: _configure, ...state } = route;
        return { [indexName]: state };
      },
    },
  };
}
