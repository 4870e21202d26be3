import { useEffect, useRef } from "react";
import { useCurrentRefinements, useInstantSearch } from "react-instantsearch";
import { chipRank, rangeText, selfDescribing, valueText } from "../../domain/understand/labels";
import { nearText } from "../../domain/near";
import { rangeLabel, valueLabel } from "../_shared/search/display";
import { dropNear, nearOf } from "./near";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

/**
 * The filters on, each a chip that removes it, and Clear all. Chips read as the request would
 * ("Ute · White · Diesel · Under $40,000 · Under 50,000 km"): a value that says what it is stands
 * alone, others keep their filter's name ("Location: Parramatta"); a distance comes last ("Within
 * 50 km of Blacktown, NSW").
 */
export function CurrentRefinements({ settings, labels }: { settings: SearchSettings; labels: Record<string, string> }) {
  const { items } = useCurrentRefinements({ excludedAttributes: ["query"] });
  const { indexUiState, setIndexUiState } = useInstantSearch();
  const list = useRef<HTMLUListElement>(null);
  // The place of the chip just removed: focus moves to the chip now there (or the last), not to the page's start.
  const removed = useRef<{ at: number; count: number } | null>(null);
  useEffect(() => {
    if (!removed.current) return;
    const buttons = list.current?.querySelectorAll("button") ?? [];
    const { at, count } = removed.current;
    // Until the search answers, the chip is still there.
    if (buttons.length === count) return;
    removed.current = null;
    if (buttons.length) buttons[Math.min(at, buttons.length - 1)].focus();
  });
  const near = nearOf(indexUiState);
  if (!items.length && !near) return null;
  // Every filter goes (the distance too); the query and the sort stay.
  const clearAll = () => setIndexUiState((state) => ({ ...(state.query ? { query: state.query } : {}), ...(state.sortBy ? { sortBy: state.sortBy } : {}) }));
  const chips: { key: string; attribute: string; text: string; remove: () => void }[] = [];
  for (const item of items) {
    const name = labels[item.attribute] ?? item.label;
    if (item.refinements.some((r) => r.type === "numeric")) {
      const value = indexUiState.range?.[item.attribute];
      if (!value) continue;
      chips.push({
        key: `${item.attribute}:range`,
        attribute: item.attribute,
        text: rangeText(item.attribute, value, settings.card) ?? `${name}: ${rangeLabel(item.attribute, value, settings.card)}`,
        remove: () =>
          setIndexUiState((state) => {
            const range = { ...state.range };
            delete range[item.attribute];
            return { ...state, page: undefined, range };
          }),
      });
      continue;
    }
    for (const r of item.refinements) {
      const value = String(r.value);
      const text =
        item.attribute === "dealership_slug"
          ? `${name}: ${settings.dealerships[value] ?? value}`
          : selfDescribing(item.attribute)
            ? valueText(item.attribute, value)
            : `${name}: ${valueLabel(item.attribute, value)}`;
      chips.push({ key: `${item.attribute}:${value}`, attribute: item.attribute, text, remove: () => item.refine(r) });
    }
  }
  const ordered = chips.map((chip, i) => ({ chip, i })).sort((a, b) => chipRank(a.chip.attribute) - chipRank(b.chip.attribute) || a.i - b.i).map((c) => c.chip);
  if (near) ordered.push({ key: "near", attribute: "near", text: nearText(near), remove: () => setIndexUiState((state) => ({ ...dropNear(state), page: undefined })) });
  return (
    <div className={styles.current}>
      <ul ref={list} className={`fc-plain-list ${styles.chips}`} aria-label="Selected filters">
        {ordered.map((chip, i) => (
          <li key={chip.key}>
            <button
              type="button"
              className={styles.chip}
              onClick={() => {
                removed.current = { at: i, count: ordered.length };
                chip.remove();
              }}
            >
              <span className="fc-visually-hidden">Remove </span>
              {chip.text}
              <svg aria-hidden="true" focusable="false" width="12" height="12" viewBox="0 0 12 12">
                <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={`fc-link-button ${styles.linkButton}`} onClick={clearAll}>
        Clear all
      </button>
    </div>
  );
}
