import { useCurrentRefinements, useInstantSearch } from "react-instantsearch";
import { rangeLabel, valueLabel } from "../_shared/search/display";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

/** The filters on, each a chip that removes it, and Clear all. */
export function CurrentRefinements({ settings, labels }: { settings: SearchSettings; labels: Record<string, string> }) {
  const { items } = useCurrentRefinements({ excludedAttributes: ["query"] });
  const { indexUiState, setIndexUiState } = useInstantSearch();
  if (!items.length) return null;
  // Every filter goes; the query and the sort stay.
  const clearAll = () => setIndexUiState((state) => ({ ...(state.query ? { query: state.query } : {}), ...(state.sortBy ? { sortBy: state.sortBy } : {}) }));
  const chips: { key: string; text: string; remove: () => void }[] = [];
  for (const item of items) {
    const name = labels[item.attribute] ?? item.label;
    if (item.refinements.some((r) => r.type === "numeric")) {
      const value = indexUiState.range?.[item.attribute];
      if (!value) continue;
      chips.push({
        key: `${item.attribute}:range`,
        text: `${name}: ${rangeLabel(item.attribute, value, settings.card)}`,
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
      chips.push({ key: `${item.attribute}:${r.value}`, text: `${name}: ${item.attribute === "dealership_slug" ? (settings.dealerships[String(r.value)] ?? r.value) : valueLabel(item.attribute, String(r.value))}`, remove: () => item.refine(r) });
    }
  }
  return (
    <div className={styles.current}>
      <ul className={`fc-plain-list ${styles.chips}`} aria-label="Selected filters">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className={styles.chip} onClick={chip.remove}>
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

