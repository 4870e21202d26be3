import { useEffect, useState } from "react";
import { useInstantSearch } from "react-instantsearch";
import type { SearchHistoryEntry } from "../../domain/search-rules";
import { historyKey, historyLabel, readHistory, recordSearch } from "./history";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

/** The site's last searches in this browser (features: searchHistory), but the one shown. */
export function RecentSearches({ settings }: { settings: SearchSettings }) {
  const { indexUiState, status } = useInstantSearch();
  const [history, setHistory] = useState<SearchHistoryEntry[]>([]);
  const key = historyKey(settings.card.site);
  const stateKey = JSON.stringify([indexUiState.refinementList ?? {}, indexUiState.range ?? {}]);

  useEffect(() => {
    try {
      setHistory(readHistory(window.localStorage.getItem(key)));
    } catch {
      // storage blocked: no history
    }
  }, [key]);

  // Record a search once it has settled and the router has written its URL.
  useEffect(() => {
    if (status !== "idle") return;
    const timer = setTimeout(() => {
      const path = window.location.pathname + window.location.search;
      try {
        const next = recordSearch(readHistory(window.localStorage.getItem(key)), path, indexUiState);
        window.localStorage.setItem(key, JSON.stringify(next));
        setHistory(next);
      } catch {
        // storage blocked: nothing to keep
      }
    }, 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the refinements (stateKey), not on the state object
  }, [stateKey, status, key]);

  const current = typeof window === "undefined" ? "" : window.location.pathname + window.location.search;
  const shown = history.filter((h) => h.path !== current);
  if (!shown.length) return null;
  return (
    <nav className={styles.recent} aria-labelledby={`${settings.blockId}-recent`}>
      <h2 id={`${settings.blockId}-recent`} className={styles.recentHeading}>
        Recent searches
      </h2>
      <ul>
        {shown.map((h) => (
          <li key={h.path}>
            <a href={h.path}>{historyLabel(h, settings.card)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

