/** The makes and models search's pages (spec §2, §9: 21 models a page) and the URL state a page's query string holds. */
import type { ModelSearchSettings, ModelSearchState } from "./models";

/** Spec §2 and §9: 21 models a page. */
export const MODELS_PER_PAGE = 21;
/** Page numbers either side of the current one. */
const PAGE_PADDING = 2;
const MAX_QUERY_LENGTH = 200;

/** The text as sent: spaces collapsed, trimmed, at most 200 characters. */
export const normaliseQuery = (query: string) => query.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);

export const pageCount = (total: number) => Math.ceil(Math.max(0, total) / MODELS_PER_PAGE);

/** A page that exists: 0 when there are none, the last when asked beyond it. */
export function clampPage(page: number, nbPages: number): number {
  if (!Number.isFinite(page) || page < 0 || nbPages <= 0) return 0;
  return Math.min(Math.floor(page), nbPages - 1);
}

export const pageOf = <T>(entries: T[], page: number): T[] => entries.slice(page * MODELS_PER_PAGE, (page + 1) * MODELS_PER_PAGE);

/** The page numbers (0-based) the pagination lists: up to two either side of the current, five in all where there are. */
export function pageNumbers(current: number, nbPages: number, padding = PAGE_PADDING): number[] {
  if (nbPages <= 0) return [];
  const width = Math.min(nbPages, padding * 2 + 1);
  const first = Math.max(0, Math.min(current - padding, nbPages - width));
  return Array.from({ length: width }, (_, i) => first + i);
}

/** The state a page's query string holds: ?query=…&page=2 (page 1-based there). */
export function readUrlState(search: string): ModelSearchState {
  const params = new URLSearchParams(search);
  const page = Number(params.get("page"));
  return { query: normaliseQuery(params.get("query") ?? ""), page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

/**
 * The query string with this state: `query` and `page` only when set (page 1 and an empty query are
 * left out), other parameters kept as they were. "" when nothing is left.
 */
export function writeUrlState(search: string, state: ModelSearchState): string {
  const params = new URLSearchParams(search);
  params.delete("query");
  params.delete("page");
  const query = normaliseQuery(state.query);
  if (query) params.set("query", query);
  if (state.page > 0) params.set("page", String(state.page + 1));
  const out = params.toString();
  return out ? `?${out}` : "";
}

/** A page link's href: the block's page with that state (for opening in a new tab; a click searches in place). */
export const pageHref = (settings: Pick<ModelSearchSettings, "path" | "scope">, query: string, page: number) =>
  `${settings.path}${writeUrlState(settings.scope ? `?body=${settings.scope.slug}` : "", { query, page })}`;
