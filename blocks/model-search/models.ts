/**
 * The makes and models search (spec §2 "a second search over makes, models and body, 21 hits per
 * page"; §9 cache of about 10 entries, query debounce 300 ms): the requests it sends, how answers
 * become one tile per model and its links (its pages and URL state: ./pages.ts). Pure; shared by server and browser.
 *
 * One search has two rounds, each one multi-query:
 *   1. the visitor's text against the vehicles index (make, model, badge, body, title … are
 *      searchable, so "toyota suv" finds Toyota SUVs), counting the `make_model` facet of the hits:
 *      that is the model list, ordered and cut into pages of 21 here;
 *   2. for each model on the page, two requests without the text: the model's stock (count, body
 *      types, the top-ranked car's picture) and its priced stock (price > 0: facets_stats min is
 *      the "From" price; 0 means unpriced).
 * So a tile's count and body types are the model's own, the same as the search page it links to.
 */
import { imageUrl } from "../../domain/image-urls";
import { BODY_TYPES } from "../../domain/media";
import { bodySlugParam } from "../../domain/models";
import { parseSearchPath, SEARCH_BASE, seoPathFor } from "../../domain/search-paths";
import { carTypeRefinement, facetFilter, VEHICLES_INDEX } from "../../domain/search-rules";
import { formatMoney, vehicleWord } from "../../domain/vehicle-display";
import type { AlgoliaConfig } from "../../domain/search-host";
import type { BlockContext, BlockProps, TenantDocument } from "../../renderer/types";
import { valueLabel } from "../_shared/search/display";
import { routeQuery } from "../_shared/search/routing";
import { collator, numberFormat } from "../../domain/intl";
import { clampPage, normaliseQuery, pageCount, pageOf } from "./pages";

/** Spec §9: the makes/models search keeps about 10 answers in memory. */
export const MODEL_CACHE_SIZE = 10;
export { QUERY_DEBOUNCE_MS } from "../../domain/search-rules";
/** The most models one search lists (the engine's and Algolia's maxValuesPerFacet ceiling). */
export const MAX_MODELS = 1000;
/** The spec's body filter limit: body types read per model. */
const BODY_LIMIT = 30;
/** Tile pictures: width 384 at quality 75 (the sidebar quality), 4:3. */
export const TILE_IMAGE = { width: 384, height: 288, quality: 75 } as const;
/** Tiles in the first row of the widest grid: their pictures load at once, the rest lazily. */
export const EAGER_TILES = 4;

export type ModelSort = "count" | "name";

export interface ModelSearchSettings {
  blockId: string;
  /** The host whose engine answers during server rendering ({slug}.localhost). */
  host: string;
  /** Algolia with the site's secured key when configured; else the app's own engine. */
  algolia: AlgoliaConfig | null;
  /** The page the block is on: page links and the URL state keep to it. */
  path: string;
  heading: string | null;
  /** The block's car type, as search refinement values (New covers demo where the site joins them); empty for all. */
  carTypes: string[];
  /** The block's car type in words ("New"), which its counts name; null for all stock. */
  carTypeWord?: string | null;
  /** The body the page was opened for (/models?body=suv, leads spec §2 routes); null for all bodies. */
  scope?: ModelScope | null;
  sort: ModelSort;
  joinNewAndDemo: boolean;
  money: Pick<TenantDocument["identity"], "locale" | "currency">;
  noun: Pick<TenantDocument["identity"], "vehicleNoun" | "stockKinds">;
}

/**
 * A body the models are limited to: the slug as asked (kept in the page's links), its label, and
 * its search refinements: { body: ["suv"] }, or { item_type: ["truck"] } for light trucks.
 */
export interface ModelScope {
  slug: string;
  label: string;
  refinements: Record<string, string[]>;
}

/** What the visitor asked: the text and the page (0-based; the URL says page=2 for the second). */
export interface ModelSearchState {
  query: string;
  page: number;
}

/** One model in the list, from the `make_model` facet of the query's hits. */
export interface ModelEntry {
  /** The facet value, "Toyota > Corolla". */
  value: string;
  make: string;
  model: string;
  /** Cars matching the query. */
  matches: number;
}

export interface ModelTile {
  value: string;
  make: string;
  model: string;
  /** The model's stock (of the block's car type): what the linked search page counts. */
  count: number;
  /** Body type labels, most common first. */
  bodies: string[];
  /** Lowest price above 0; null when no car of the model is priced. */
  from: number | null;
  /** The top-ranked car's picture at tile size; null when it has none. */
  image: string | null;
  href: string;
}

export interface ModelResults {
  /** The query these results answer (as sent). */
  query: string;
  /** The page shown (0-based), within the pages there are. */
  page: number;
  nbPages: number;
  /** Models matching, across all pages. */
  total: number;
  tiles: ModelTile[];
}

export interface ModelRequest {
  indexName: string;
  params: {
    query: string;
    hitsPerPage: number;
    facets: string[];
    maxValuesPerFacet: number;
    facetFilters: string[][];
    numericFilters?: string[];
    attributesToRetrieve?: string[];
    attributesToHighlight?: string[];
  };
}

type Result = {
  nbHits?: number;
  hits?: { primary_image_url?: string | null }[];
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number }>;
};

/** A multi-query search: the site's search client, however it is reached. */
export type SearchFn = (requests: ModelRequest[]) => Promise<{ results: unknown[] }>;

export function modelSearchSettings(
  id: string,
  props: BlockProps<"model-search">,
  ctx: Pick<BlockContext, "tenant" | "path" | "searchHost" | "query">,
  algolia: AlgoliaConfig | null = null,
): ModelSearchSettings {
  const { tenant, path } = ctx;
  const { identity, search } = tenant;
  return {
    blockId: id,
    host: ctx.searchHost,
    algolia,
    path,
    heading: props.heading?.trim() || null,
    carTypes: props.carType ? carTypeRefinement(props.carType, search.joinNewAndDemo) : [],
    carTypeWord: props.carType ? valueLabel("car_type", props.carType) : null,
    scope: bodyScope(ctx.query?.body, tenant),
    sort: props.sort === "name" ? "name" : "count",
    joinNewAndDemo: search.joinNewAndDemo,
    money: { locale: identity.locale, currency: identity.currency },
    noun: { vehicleNoun: identity.vehicleNoun, stockKinds: identity.stockKinds },
  };
}


/** The ?body= slug: a body type we know (spec slugs such as hatchback normalised), or light trucks; null for anything else. */
export function bodyScope(raw: string | string[] | undefined, tenant: Pick<TenantDocument, "identity" | "search">): ModelScope | null {
  const slug = bodySlugParam(raw);
  if (!slug) return null;
  const parsed = parseSearchPath(`${SEARCH_BASE}/${slug}`, { body: Object.keys(BODY_TYPES), item_type: tenant.identity.stockKinds }, {
    joinNewAndDemo: false,
    carTypes: tenant.identity.carTypes,
    truckSlug: tenant.search.truckSlug,
  });
  const { body, item_type } = parsed?.refinementList ?? {};
  if (body) return { slug, label: valueLabel("body", body[0]), refinements: { body } };
  return item_type ? { slug, label: "Light Truck", refinements: { item_type } } : null;
}

const carTypeFilters = (settings: Pick<ModelSearchSettings, "carTypes" | "scope">): string[][] => [
  ...(settings.carTypes.length ? [settings.carTypes.map((t) => facetFilter("car_type", t))] : []),
  ...Object.entries(settings.scope?.refinements ?? {}).map(([attribute, values]) => values.map((v) => facetFilter(attribute, v))),
];

/** Round 1: the query's hits, counted by model. */
export function listRequest(settings: Pick<ModelSearchSettings, "carTypes" | "scope">, query: string): ModelRequest {
  return {
    indexName: VEHICLES_INDEX,
    params: { query: normaliseQuery(query), hitsPerPage: 0, facets: ["make_model"], maxValuesPerFacet: MAX_MODELS, facetFilters: carTypeFilters(settings) },
  };
}

/** "Toyota > Corolla" → Toyota, Corolla; null for a value without both. */
export function splitMakeModel(value: string): { make: string; model: string } | null {
  const at = value.indexOf(" > ");
  if (at <= 0) return null;
  const make = value.slice(0, at).trim();
  const model = value.slice(at + 3).trim();
  return make && model ? { make, model } : null;
}

const names = collator("en", { numeric: true, sensitivity: "base" });
const byName = (a: ModelEntry, b: ModelEntry) => names.compare(a.make, b.make) || names.compare(a.model, b.model);

/** The models of round 1's answer, most matches first (ties by name) or by make and model name. */
export function readModels(settings: Pick<ModelSearchSettings, "sort">, result: Result | undefined): ModelEntry[] {
  const entries: ModelEntry[] = [];
  for (const [value, matches] of Object.entries(result?.facets?.make_model ?? {})) {
    const parts = splitMakeModel(value);
    if (parts && matches > 0) entries.push({ value, ...parts, matches });
  }
  return entries.sort(settings.sort === "name" ? byName : (a, b) => b.matches - a.matches || byName(a, b));
}


/** Round 2: per model, its stock (count, body types, top-ranked car's picture) and its priced stock (lowest price). */
export function detailRequests(settings: Pick<ModelSearchSettings, "carTypes" | "scope">, entries: Pick<ModelEntry, "value">[]): ModelRequest[] {
  return entries.flatMap(({ value }) => {
    const facetFilters = [...carTypeFilters(settings), [facetFilter("make_model", value)]];
    return [
      {
        indexName: VEHICLES_INDEX,
        params: {
          query: "",
          hitsPerPage: 1,
          facets: ["body"],
          maxValuesPerFacet: BODY_LIMIT,
          facetFilters,
          attributesToRetrieve: ["primary_image_url"],
          attributesToHighlight: [],
        },
      },
      {
        indexName: VEHICLES_INDEX,
        params: { query: "", hitsPerPage: 0, facets: ["price"], maxValuesPerFacet: 1, facetFilters, numericFilters: ["price>0"] },
      },
    ];
  });
}

/** The lowest price above 0 from the priced request's stats; null when none is priced. */
export function fromPrice(result: Result | undefined): number | null {
  const min = result?.facets_stats?.price?.min;
  return typeof min === "number" && Number.isFinite(min) && min > 0 && (result?.nbHits ?? 1) > 0 ? min : null;
}

/** The model's search page: its SEO path (/search/toyota/corolla, /search/used-cars/toyota/corolla), else /search with the refinements. */
export function modelHref(settings: Pick<ModelSearchSettings, "carTypes" | "joinNewAndDemo" | "scope">, make: string, model: string): string {
  const refinementList: Record<string, string[]> = { ...(settings.carTypes.length ? { car_type: settings.carTypes } : {}), make: [make], model: [model], ...settings.scope?.refinements };
  return seoPathFor(refinementList, { joinNewAndDemo: settings.joinNewAndDemo, carTypes: ["new", "demo", "used"] }) ?? `${SEARCH_BASE}${routeQuery({ refinementList })}`;
}

/** Tiles from round 2's answers (two per model, in order). */
export function readTiles(settings: Pick<ModelSearchSettings, "carTypes" | "joinNewAndDemo" | "scope">, entries: ModelEntry[], results: unknown[]): ModelTile[] {
  return entries.map((entry, i) => {
    const stock = results[i * 2] as Result | undefined;
    const priced = results[i * 2 + 1] as Result | undefined;
    const bodies = Object.entries(stock?.facets?.body ?? {})
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([body]) => valueLabel("body", body));
    const src = stock?.hits?.[0]?.primary_image_url;
    return {
      value: entry.value,
      make: entry.make,
      model: entry.model,
      count: stock?.nbHits ?? entry.matches,
      bodies,
      from: fromPrice(priced),
      image: src ? imageUrl(src, { width: TILE_IMAGE.width, quality: TILE_IMAGE.quality }) : null,
      href: modelHref(settings, entry.make, entry.model),
    };
  });
}

/** One whole search: the model list, then the details of the models on the asked page. */
export async function findModels(search: SearchFn, settings: ModelSearchSettings, state: ModelSearchState): Promise<ModelResults> {
  const query = normaliseQuery(state.query);
  const { results: listed } = await search([listRequest(settings, query)]);
  const entries = readModels(settings, listed[0] as Result | undefined);
  const nbPages = pageCount(entries.length);
  const page = clampPage(state.page, nbPages);
  const shown = pageOf(entries, page);
  const details = shown.length ? (await search(detailRequests(settings, shown))).results : [];
  return { query, page, nbPages, total: entries.length, tiles: readTiles(settings, shown, details) };
}

export const emptyResults = (query = ""): ModelResults => ({ query, page: 0, nbPages: 0, total: 0, tiles: [] });

/**
 * "3 Cars in stock"; a caravan site always says Caravans. A block of one car type names it ("9 New
 * Cars in stock"): beside a model range counting all of a model's stock, it answers another question.
 */
export const stockLabel = (settings: Pick<ModelSearchSettings, "money" | "noun" | "carTypeWord">, count: number) =>
  `${numberFormat(settings.money.locale).format(count)} ${settings.carTypeWord ? `${settings.carTypeWord} ` : ""}${vehicleWord(count, { identity: settings.noun })} in stock`;

/** "From $24,990", or null when no car of the model is priced. */
export const fromLabel = (settings: Pick<ModelSearchSettings, "money">, from: number | null) => (from === null ? null : `From ${formatMoney(from, settings.money)}`);

/** "1 model", "42 models": what the live region says. */
export const modelsLabel = (settings: Pick<ModelSearchSettings, "money">, total: number) =>
  `${numberFormat(settings.money.locale).format(total)} ${total === 1 ? "model" : "models"}`;
