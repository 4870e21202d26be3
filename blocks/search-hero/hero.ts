/**
 * The search hero's rules (spec §2, §5, §7): which toggles and selectors show, the queries that fill
 * the selectors and the Show Me count, and the search link it opens. Pure; shared by server and browser.
 */
import { SEARCH_BASE, seoPathFor } from "../../domain/search-paths";
import { carTypeRefinement, clampRange, normaliseRange, parseRange, rangeStep, showMeCount, VEHICLES_INDEX } from "../../domain/search-rules";
import { formatMoney, vehicleWord } from "../../domain/vehicle-display";
import type { AlgoliaConfig } from "../../domain/search-host";
import type { BlockContext, BlockProps, TenantDocument } from "../../renderer/types";
import { routeQuery } from "../_shared/search/routing";
import { numberFormat } from "../../domain/intl";

export type HeroToggle = "new" | "demo" | "used" | "all";
type Selector = NonNullable<BlockProps<"search-hero">["selectors"]>[number];

const TOGGLE_LABELS: Record<HeroToggle, string> = { new: "New", demo: "Demo", used: "Used", all: "All" };
/** How many values a selector lists (the spec's model select limit comes from the site). */
const SELECTOR_LIMIT = 100;

export interface HeroSettings {
  blockId: string;
  host: string;
  /** Algolia with the site's secured key when configured; else the app's own engine. */
  algolia: AlgoliaConfig | null;
  heading: string;
  intro: string | null;
  image: BlockProps<"search-hero">["image"] | null;
  toggles: { id: HeroToggle; label: string; values: string[] }[];
  defaultToggle: HeroToggle;
  selectors: { attribute: string; label: string; toggles: HeroToggle[]; limit: number }[];
  /** The hero price slider (defaults 5,000 to 250,000, step 500); null when hidden. */
  price: { min: number; max: number; step: number } | null;
  quickPicks: number[];
  money: Pick<TenantDocument["identity"], "locale" | "currency">;
  noun: Pick<TenantDocument["identity"], "vehicleNoun" | "stockKinds">;
  joinNewAndDemo: boolean;
  searchPath: string;
}

export interface HeroState {
  toggle: HeroToggle;
  /** attribute → chosen value ("" or absent for any). */
  selected: Record<string, string>;
  price: [number, number];
}

const PRICE_UNIT = rangeStep("price");

/**
 * The hero price slider in the search page's terms: prices round to the nearest 1000 (spec §5), so
 * the bounds are whole thousands (the lowest down, the highest up) and so is each step (a step of 500
 * would show $7,500 and link to a search for $8,000), and the ends are at least a step apart. A link
 * from the hero then reads back on the search page as the very filter the hero counted.
 */
export function heroSlider(slider: { min: number; max: number; step: number }): { min: number; max: number; step: number } {
  const min = Math.floor(slider.min / PRICE_UNIT) * PRICE_UNIT;
  const step = Math.max(PRICE_UNIT, Math.round(slider.step / PRICE_UNIT) * PRICE_UNIT);
  const max = Math.max(Math.ceil(slider.max / PRICE_UNIT) * PRICE_UNIT, min + step);
  return { min, max, step };
}

export function heroSettings(id: string, props: BlockProps<"search-hero">, ctx: Pick<BlockContext, "tenant" | "searchHost">, algolia: AlgoliaConfig | null = null): HeroSettings {
  const { search, identity } = ctx.tenant;
  // Only the types the site sells; where new and demo are joined, New covers both and Demo goes.
  const sold = (["new", "demo", "used"] as const).filter((t) => identity.carTypes.includes(t) && !(t === "demo" && search.joinNewAndDemo));
  const toggles =
    sold.length > 1
      ? [...sold, "all" as const].map((t) => ({ id: t, label: TOGGLE_LABELS[t], values: carTypeRefinement(t, search.joinNewAndDemo) }))
      : [];
  const wanted = props.defaultToggle;
  const slider = heroSlider(search.heroPriceSlider);
  return {
    blockId: id,
    host: ctx.searchHost,
    algolia,
    heading: search.heroHeading,
    intro: props.intro?.trim() || null,
    image: props.image ?? null,
    toggles,
    defaultToggle: toggles.some((t) => t.id === wanted) ? wanted : "all",
    selectors: props.selectors.map((s: Selector) => ({
      attribute: s.attribute,
      label: s.label,
      toggles: s.toggles ?? [],
      limit: s.attribute === "model" ? search.modelSelectLimit : SELECTOR_LIMIT,
    })),
    price: props.priceSlider === false ? null : slider,
    quickPicks:
      props.quickPicks === false || props.priceSlider === false
        ? []
        : [...new Set(search.quickPickPrices.map((p: number) => Math.round(p / PRICE_UNIT) * PRICE_UNIT))].filter((p) => p > slider.min && p <= slider.max),
    money: { locale: identity.locale, currency: identity.currency },
    noun: { vehicleNoun: identity.vehicleNoun, stockKinds: identity.stockKinds },
    joinNewAndDemo: search.joinNewAndDemo,
    searchPath: SEARCH_BASE,
  };
}

export function initialHeroState(settings: HeroSettings): HeroState {
  return { toggle: settings.defaultToggle, selected: {}, price: settings.price ? [settings.price.min, settings.price.max] : [0, 0] };
}

/** The selectors shown under the pressed toggle. */
export const visibleSelectors = (settings: HeroSettings, state: HeroState) =>
  settings.selectors.filter((s) => !s.toggles.length || s.toggles.includes(state.toggle));

/** The refinements the hero's choices make: car type, the visible selectors' values. */
export function heroRefinements(settings: HeroSettings, state: HeroState): Record<string, string[]> {
  const list: Record<string, string[]> = {};
  const carTypes = settings.toggles.find((t) => t.id === state.toggle)?.values ?? [];
  if (carTypes.length) list.car_type = carTypes;
  for (const s of visibleSelectors(settings, state)) {
    const value = state.selected[s.attribute];
    if (value) list[s.attribute] = [value];
  }
  return list;
}

/**
 * The price range refinement ("lo:hi", open at a bound the slider is still on, in whole thousands as
 * the search page reads it), or undefined at the full range.
 */
export function heroPriceRange(settings: HeroSettings, state: HeroState): string | undefined {
  if (!settings.price) return undefined;
  const [lo, hi] = clampRange(state.price, settings.price, PRICE_UNIT);
  return normaliseRange("price", `${lo > settings.price.min ? lo : ""}:${hi < settings.price.max ? hi : ""}`);
}

function numericFilters(range: string | undefined): string[] {
  const [lo, hi] = (range && parseRange(range)) || [];
  return [...(lo !== undefined ? [`price>=${lo}`] : []), ...(hi !== undefined ? [`price<=${hi}`] : [])];
}

/**
 * The multi-query: first the count (status and car type facets for the Show Me rule), then one query
 * per visible selector without its own choice, so each lists every value still possible.
 */
export interface HeroRequest {
  indexName: string;
  params: { query: string; hitsPerPage: number; facets: string[]; maxValuesPerFacet?: number; facetFilters: string[][]; numericFilters: string[] };
}

export function heroRequests(settings: HeroSettings, state: HeroState): HeroRequest[] {
  const list = heroRefinements(settings, state);
  const numeric = numericFilters(heroPriceRange(settings, state));
  const facetFilters = (except?: string) =>
    Object.entries(list)
      .filter(([attr]) => attr !== except)
      .map(([attr, values]) => values.map((v) => `${attr}:${v}`));
  return [
    { indexName: VEHICLES_INDEX, params: { query: "", hitsPerPage: 0, facets: ["status", "car_type"], facetFilters: facetFilters(), numericFilters: numeric } },
    ...visibleSelectors(settings, state).map((s) => ({
      indexName: VEHICLES_INDEX,
      params: { query: "", hitsPerPage: 0, facets: [s.attribute], maxValuesPerFacet: s.limit, facetFilters: facetFilters(s.attribute), numericFilters: numeric },
    })),
  ];
}

type Result = { nbHits?: number; facets?: Record<string, Record<string, number>> };

export interface HeroResults {
  count: number;
  /** attribute → [value, count] in the engine's order (most cars first), for the visible selectors. */
  options: Record<string, [string, number][]>;
}

export function readHeroResults(settings: HeroSettings, state: HeroState, results: Result[]): HeroResults {
  const [main, ...rest] = results;
  const options: HeroResults["options"] = {};
  visibleSelectors(settings, state).forEach((s, i) => {
    const counts = rest[i]?.facets?.[s.attribute] ?? {};
    const entries = Object.entries(counts);
    // Years read newest first; the rest by count as the engine sorts them, ties by name.
    options[s.attribute] = s.attribute === "year" ? entries.sort((a, b) => Number(b[0]) - Number(a[0])) : entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  });
  return { count: showMeCount(main?.nbHits ?? 0, main?.facets), options };
}

/** Where Show Me goes: the SEO path when the choices are only car type, make, model and body; else /search with the state. */
export function heroHref(settings: HeroSettings, state: HeroState): string {
  const refinementList = heroRefinements(settings, state);
  const price = heroPriceRange(settings, state);
  const seo = price ? null : seoPathFor(refinementList, { joinNewAndDemo: settings.joinNewAndDemo, carTypes: ["new", "demo", "used"] });
  if (seo) return seo;
  return `${settings.searchPath}${routeQuery({ refinementList, ...(price ? { range: { price } } : {}) })}`;
}

/** "Show Me 1,234 Cars"; a caravan site says Caravans. */
export function showMeLabel(settings: Pick<HeroSettings, "money" | "noun">, count: number): string {
  return `Show Me ${numberFormat(settings.money.locale).format(count)} ${vehicleWord(count, { identity: settings.noun })}`;
}

/** "Under $15,000". */
export const quickPickLabel = (settings: Pick<HeroSettings, "money">, amount: number) => `Under ${formatMoney(amount, settings.money)}`;
