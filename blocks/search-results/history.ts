/** Recent searches (spec §2: the last 5, each with non-empty filters and a path), kept per site in the browser. */
import { nearText } from "../../domain/near";
import { pushSearchHistory, type SearchHistoryEntry } from "../../domain/search-rules";
import type { CardSettings } from "../_shared/vehicle-card";
import { rangeLabel, valueLabel } from "../_shared/search/display";
import type { IndexUiState } from "../_shared/search/routing";

export const historyKey = (site: string) => `forecourt:${site}:search-history`;

export function readHistory(raw: string | null | undefined): SearchHistoryEntry[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value)
      ? value.filter((e): e is SearchHistoryEntry => !!e && typeof e.path === "string" && e.path.startsWith("/") && !!e.filters && typeof e.filters === "object")
      : [];
  } catch {
    return [];
  }
}

/** The filters of a search: its refinement lists, ranges ("lo:hi") and distance (as its chip reads); the free-text query is not a filter. */
export function searchFilters(state: IndexUiState): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [attr, values] of Object.entries(state.refinementList ?? {})) if (values.length) filters[attr] = [...values];
  for (const [attr, value] of Object.entries(state.range ?? {})) if (value && value !== ":") filters[attr] = [value];
  if (state.near) filters.near = [nearText(state.near)];
  return filters;
}

export function recordSearch(history: SearchHistoryEntry[], path: string, state: IndexUiState): SearchHistoryEntry[] {
  return pushSearchHistory(history, { path, filters: searchFilters(state) });
}

/** A recent search as link text: "Toyota, Mazda · Used · $5,000 – $20,000". */
export function historyLabel(entry: SearchHistoryEntry, money: Pick<CardSettings, "locale" | "currency">): string {
  return Object.entries(entry.filters)
    .map(([attr, values]) => (values[0]?.includes(":") && (attr === "price" || attr === "km" || attr === "year") ? rangeLabel(attr, values[0], money) : values.map((v) => valueLabel(attr, v)).join(", ")))
    .filter(Boolean)
    .join(" · ");
}
