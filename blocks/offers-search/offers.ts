/** The offers search's settings and how an offer reads (spec: /special-offers, the dealership-offers search). Pure. */
import { OFFERS_INDEX, OFFERS_PAGE, type OfferRecord } from "../../domain/offers";
import { SEARCH_BASE } from "../../domain/search-paths";
import { formatMoney } from "../../domain/vehicle-display";
import type { BlockContext, BlockProps, TenantDocument } from "../../renderer/types";
import { routeQuery, type SeoState } from "../_shared/search/routing";
import { dateTimeFormat } from "../../domain/intl";

/** Spec §9: the offers search shows 21 per page and caches about 10 answers. */
export const OFFERS_PER_PAGE = 21;
export const OFFERS_CACHE_SIZE = 10;
/** The offers block on a site with no offer running now (no search to refine). */
export const NO_LIVE_OFFERS = "There are no special offers running at the moment.";
export const NO_OFFERS_TEXT = "There appears to be no offers currently available that meet the conditions of your search.";

export interface OffersSettings {
  blockId: string;
  host: string;
  indexName: typeof OFFERS_INDEX;
  heading: string | null;
  showFilters: boolean;
  money: Pick<TenantDocument["identity"], "locale" | "currency">;
  /** Where the offers search lives on this page (its URL keeps the state). */
  seo: SeoState;
  /** Clear Filters returns here. */
  offersPage: string;
}

export function offersSettings(id: string, props: BlockProps<"offers-search">, ctx: Pick<BlockContext, "tenant" | "path" | "searchHost">): OffersSettings {
  const { tenant, path } = ctx;
  return {
    blockId: id,
    host: ctx.searchHost,
    indexName: OFFERS_INDEX,
    heading: props.heading?.trim() || null,
    showFilters: props.showFilters !== false,
    money: { locale: tenant.identity.locale, currency: tenant.identity.currency },
    seo: { path, basePath: path, refinementList: {} },
    offersPage: OFFERS_PAGE,
  };
}

/** "See more from this dealer": the vehicle search refined to the offer's dealership. */
export const dealerStockHref = (dealershipSlug: string) => `${SEARCH_BASE}${routeQuery({ refinementList: { dealership_slug: [dealershipSlug] } })}`;

/** "$39,990 Drive Away", or null for an offer without a price. */
export function offerPrice(offer: Pick<OfferRecord, "price" | "price_type">, money: OffersSettings["money"]): string | null {
  if (offer.price === null || offer.price <= 0) return null;
  return [formatMoney(offer.price, money), offer.price_type].filter(Boolean).join(" ");
}

/** "Ends 31 December 2026" (the expiry is a calendar day, read as written). */
export function offerEnds(expiry: string | null, locale: string): string | null {
  if (!expiry) return null;
  const date = new Date(`${expiry}T00:00:00Z`);
  return `Ends ${dateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date)}`;
}
