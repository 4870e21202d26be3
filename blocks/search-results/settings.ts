/**
 * What the search page's client part receives: the tenant's search settings resolved into small,
 * serialisable values (no whole tenant document crosses to the browser).
 */
import { CAR_TYPE_LABELS, carTypeRefinement, indexForSort, type CarTypeOption, type PromoCard } from "../../domain/search-rules";
import type { AlgoliaConfig } from "../../domain/search-host";
import { watchlistEnabled } from "../../domain/watchlist";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { cardSettings, type CardSettings } from "../_shared/vehicle-card";
import type { SeoState } from "../_shared/search/routing";

type Search = TenantDocument["search"];

export type FilterSetting =
  | { kind: "list"; attribute: string; label: string; limit: number }
  | { kind: "make"; attribute: "make"; label: string; limit: number; shown: number; headings: boolean }
  | { kind: "model"; attribute: "model"; label: string; limit: number }
  | { kind: "car-type"; attribute: "car_type"; label: string; options: { id: CarTypeOption; label: string; values: string[] }[] }
  | { kind: "range"; attribute: "price" | "km" | "year"; label: string };

export interface SearchSettings {
  blockId: string;
  /** The host whose engine answers during server rendering ({slug}.localhost). */
  host: string;
  /** Algolia's app id and this site's secured search key when Algolia is configured; else the embedded engine answers. */
  algolia: AlgoliaConfig | null;
  indexName: string;
  sorts: { value: string; label: string }[];
  hitsPerPage: number;
  cacheSize: number;
  filters: FilterSetting[];
  joinNewAndDemo: boolean;
  promoCards: Search["promoCards"];
  /** Fixed on the server so a randomised promo position renders the same in the browser. */
  promoSeed: number;
  collapseSold: boolean;
  searchHistory: boolean;
  noun: Pick<TenantDocument["identity"], "vehicleNoun" | "stockKinds">;
  card: CardSettings;
  /** Cards get the watchlist save button (features.watchlist with sign-in on). */
  watchlist: boolean;
  /** Dealership names by slug, for a "see more from this dealer" refinement. */
  dealerships: Record<string, string>;
  seo: SeoState;
  layout: "grid" | "carousel";
  heading: string | null;
  showFilters: boolean;
  /** How long the search box waits for the language model's reading of a request (server/understand); null: no model configured. */
  understandWaitMs?: number | null;
  /** Request time (ms): the clock for new-arrival tags and promo dates, shared by server and browser render. */
  now: number;
}

/** The spec's filter limits (§9), used when the tenant's filter has none. */
export const DEFAULT_LIMITS: Record<string, number> = {
  body: 30, make: 100, model: 250, colour: 30, car_type: 6, price_range: 30, weekly_price_range: 30, location_name: 30, fuel: 30,
};

export function filterSettings(search: Search): FilterSetting[] {
  const out: FilterSetting[] = [];
  const seen = new Set<string>();
  for (const f of search.filters) {
    const limit = f.limit ?? DEFAULT_LIMITS[f.attribute] ?? 30;
    let setting: FilterSetting | null;
    switch (f.attribute) {
      case "car_type":
        setting =
          search.carTypeOptions.length > 1
            ? {
                kind: "car-type",
                attribute: "car_type",
                label: f.label,
                options: search.carTypeOptions.map((id) => ({ id, label: CAR_TYPE_LABELS[id], values: carTypeRefinement(id, search.joinNewAndDemo) })),
              }
            : null;
        break;
      case "make":
        setting = { kind: "make", attribute: "make", label: f.label, limit, shown: search.makesShown, headings: search.makeHeadings };
        break;
      case "model":
        setting = { kind: "model", attribute: "model", label: f.label, limit: search.modelSelectLimit };
        break;
      // A price range is picked with the price slider.
      case "price":
      case "price_range":
        setting = { kind: "range", attribute: "price", label: f.label };
        break;
      case "km":
      case "year":
        setting = { kind: "range", attribute: f.attribute, label: f.label };
        break;
      default:
        setting = { kind: "list", attribute: f.attribute, label: f.label, limit };
    }
    if (setting && !seen.has(setting.attribute)) {
      seen.add(setting.attribute);
      out.push(setting);
    }
  }
  return out;
}

export function searchSettings(args: {
  id: string;
  props: BlockProps<"search-results">;
  tenant: TenantDocument;
  /** The search host of the page (BlockContext.searchHost). */
  host: string;
  seo: SeoState;
  now: Date;
  promoSeed: number;
  algolia?: AlgoliaConfig | null;
  understandWaitMs?: number | null;
}): SearchSettings {
  const { tenant, props } = args;
  const { search, identity, features } = tenant;
  const defaultSort = search.sorts.find((s) => s.id === search.defaultSort) ?? search.sorts[0];
  const promos = search.promoCards;
  return {
    blockId: args.id,
    host: args.host,
    algolia: args.algolia ?? null,
    indexName: indexForSort(defaultSort),
    sorts: search.sorts.map((s) => ({ value: indexForSort(s), label: s.label })),
    hitsPerPage: search.hitsPerPage,
    cacheSize: search.cacheSize,
    filters: props.showFilters === false ? [] : filterSettings(search),
    joinNewAndDemo: search.joinNewAndDemo,
    // Expired promos need not travel; the browser checks start and expiry again against `now`.
    promoCards: { ...promos, cards: (promos.cards ?? []).filter((p: PromoCard) => !p.expiry || args.now < new Date(p.expiry)) },
    promoSeed: args.promoSeed,
    collapseSold: features.soldCars.enabled && features.soldCars.collapseConsecutive,
    searchHistory: features.searchHistory,
    noun: { vehicleNoun: identity.vehicleNoun, stockKinds: identity.stockKinds },
    card: cardSettings(tenant),
    watchlist: watchlistEnabled(tenant),
    dealerships: Object.fromEntries(tenant.dealerships.map((d) => [d.slug, d.name])),
    seo: args.seo,
    layout: props.layout,
    heading: props.heading?.trim() || null,
    showFilters: props.showFilters !== false,
    now: args.now.getTime(),
    understandWaitMs: args.understandWaitMs ?? null,
  };
}
