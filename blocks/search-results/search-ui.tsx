/** The search page's widgets (spec §2), inside <InstantSearchNext> (search-app.client.tsx) or, in tests, <InstantSearch>. */
import { useCallback, useEffect, useRef } from "react";
import { useConfigure, useInstantSearch, useRefinementList } from "react-instantsearch";
import { useTaskEffect } from "../_shared/task-effect";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { trackEvent } from "../../renderer/analytics";
import { CARD_ATTRIBUTES } from "../_shared/vehicle-card";
import { BatchedWidgets } from "../_shared/search/batched-widgets";
import { LiveFromCommit } from "../_shared/search/live-from-commit";
import { Pagination } from "../_shared/search/pagination";
import { CurrentRefinements } from "./current-refinements";
import { FiltersPanel } from "./filters-panel";
import { LINKED_ATTRIBUTES, LINKED_LABELS } from "./linked";
import { RecentSearches } from "./recent-searches";
import { ResultsCount } from "./result-count";
import { failedNoticeId, Results, SearchFailed } from "./results";
import { SaveSearch } from "./save-search";
import { SearchBox, SortSelect, UnderstoodWidgets } from "./search-box";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

export { refinedCount } from "./filters-panel";
export { pastLastPage } from "./results";
export { resultItems, sameHit } from "./result-cards";
export { LINKED_ATTRIBUTES };

function LinkedRefinement({ attribute }: { attribute: string }) {
  useRefinementList({ attribute, limit: 1 });
  return null;
}

/** A page of results, with only the fields a card reads and no highlighting (the cards show none). */
function PageSize({ hitsPerPage }: { hitsPerPage: number }) {
  useConfigure({ hitsPerPage, attributesToRetrieve: [...CARD_ATTRIBUTES], attributesToHighlight: [] });
  return null;
}

/**
 * Logs a failed search; the previous results stay (spec §4, §8). A leaf of its own: the search's
 * status changes at every search (and once as the page hydrates), and whatever reads it renders again.
 */
function FailureLog() {
  const { status } = useInstantSearch({ catchError: true });
  useEffect(() => {
    if (status === "error") console.error("[search] the search failed; showing the previous results.");
  }, [status]);
  return null;
}

/**
 * The whole search UI: search box, sort, filters, count, refinements, recent searches, cards, pages.
 * Each widget hook lives in its own small component: while the server renders, a widget suspends
 * until the first results arrive, and every widget must have registered before that search is sent.
 */
export function SearchUI({ settings }: { settings: SearchSettings }) {
  const top = useRef<HTMLDivElement>(null);
  const toTop = useCallback(() => top.current?.scrollIntoView({ block: "start" }), []);
  // A light-truck path (/search/light-truck) refines the kind of stock: only then is it a widget.
  const linked = [...LINKED_ATTRIBUTES, ...(settings.seo.refinementList.item_type ? ["item_type"] : [])].filter((a) => !settings.filters.some((f) => f.attribute === a));
  const labels = { ...LINKED_LABELS, ...Object.fromEntries(settings.filters.map((f) => [f.attribute, f.label])) };

  // One search page view per visit of the page (spec §7, event 49).
  useTaskEffect(() => trackEvent(ANALYTICS_EVENTS.searchPageView, settings.card.site), [settings.card.site]);

  return (
    <section className={styles.search} aria-labelledby={settings.heading ? `${settings.blockId}-heading` : `${settings.blockId}-count`}>
      <FailureLog />
      <PageSize hitsPerPage={settings.hitsPerPage} />
      {linked.map((attribute) => (
        <LinkedRefinement key={attribute} attribute={attribute} />
      ))}
      <UnderstoodWidgets site={settings} />
      {settings.heading ? (
        <h2 id={`${settings.blockId}-heading`} className={styles.heading}>
          {settings.heading}
        </h2>
      ) : null}
      <div className={styles.toolbar}>
        <SearchBox noun={settings.noun.vehicleNoun.plural} settings={settings} />
        <SortSelect items={settings.sorts} />
      </div>
      <div className={settings.filters.length ? styles.layout : undefined}>
        {settings.filters.length ? <FiltersPanel settings={settings} /> : null}
        <div className={styles.results} ref={top}>
          {settings.searchHistory ? <RecentSearches settings={settings} /> : null}
          <ResultsCount settings={settings} />
          <SearchFailed indexName={settings.indexName} id={failedNoticeId(settings)} />
          <CurrentRefinements settings={settings} labels={labels} />
          <SaveSearch settings={settings} />
          <Results settings={settings} onPage={toTop} />
          {settings.layout === "grid" ? <Pagination onPage={toTop} /> : null}
        </div>
      </div>
    </section>
  );
}

/**
 * SearchUI as the page mounts it inside InstantSearch: its first commit's widgets added in one call,
 * then, hydrating from the server's results, searching again from that commit (LiveFromCommit).
 */
export function SearchWidgets({ settings }: { settings: SearchSettings }) {
  return (
    <>
      <BatchedWidgets>
        <SearchUI settings={settings} />
      </BatchedWidgets>
      <LiveFromCommit />
    </>
  );
}
