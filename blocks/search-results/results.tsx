import { useEffect, useReducer, useRef } from "react";
import { useHits, useInstantSearch, usePagination } from "react-instantsearch";
import { NoResults } from "../_shared/search/no-results";
import type { IndexUiState } from "../_shared/search/routing";
import { Cards, Carousel, resultItems, type Hit } from "./result-cards";
import { failedAfter } from "./search-ui-state";
import type { SearchSettings } from "./settings";
import shared from "../_shared/search/search.module.css";
import styles from "./search-results.module.css";

/**
 * A page number past the last page (an old link, /search?page=99): the page says there are no more
 * results and links to the last page, with the rest of the search (query, filters, sort) kept.
 */
function PastLastPage({ onPage }: { onPage: () => void }) {
  const { nbPages, createURL, refine } = usePagination();
  const last = Math.max(0, nbPages - 1);
  return (
    <div className={shared.noResults}>
      <h3 className={shared.noResultsTitle}>No More Results</h3>
      <p>{`There are no more results: this search has ${nbPages === 1 ? "one page" : `${nbPages} pages`}.`}</p>
      <a
        className="fc-button"
        href={createURL(last)}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          refine(last);
          onPage();
        }}
      >
        {`Go to the last page (page ${last + 1})`}
      </a>
    </div>
  );
}

/**
 * A search that failed keeps the previous results (spec §4) and says so, with a button that runs it
 * again; the message goes once a search succeeds. InstantSearch puts its state back to that of the
 * results shown when a search fails, so Try again asks again for the state that was asked for.
 */
export function SearchFailed({ indexName, id }: { indexName: string; id: string }) {
  const { status, setIndexUiState, refresh, addMiddlewares } = useInstantSearch();
  const [failed, onStatus] = useReducer(failedAfter, false);
  const asked = useRef<IndexUiState | null>(null);
  // Every state the visitor asks for, but not the one put back after a failure.
  useEffect(
    () =>
      addMiddlewares(({ instantSearchInstance }) => ({
        $$type: "forecourt.askedState",
        onStateChange: ({ uiState }) => {
          if (instantSearchInstance.status !== "error") asked.current = uiState[indexName] ?? {};
        },
        subscribe: () => {},
        started: () => {},
        unsubscribe: () => {},
      })),
    [addMiddlewares, indexName],
  );
  useEffect(() => onStatus(status), [status]);
  if (!failed && status !== "error") return null;
  const retrying = status === "loading" || status === "stalled";
  // Setting the state searches it, whatever the state shown (which may not yet be the one put back).
  const retry = () => {
    const wanted = asked.current;
    if (wanted) setIndexUiState(wanted);
    else refresh();
  };
  return (
    <div className={styles.failed}>
      <p role="alert" id={id}>
        The search could not be updated just now. The results below may be out of date.
      </p>
      {/* Not disabled while it runs: the focus stays on it (a second press only asks again). */}
      <button type="button" className="fc-button fc-button--ghost" onClick={retry}>
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}

/** Whether the page number is past the last page of results that are there (its list would be blank). */
export function pastLastPage(results: { nbHits: number; nbPages: number; page: number; hits: unknown[] } | null | undefined): boolean {
  return !!results && results.nbHits > 0 && results.hits.length === 0 && results.page >= results.nbPages;
}

/** The id of the failure notice (SearchFailed), which the results kept from before point to. */
export const failedNoticeId = (settings: Pick<SearchSettings, "blockId">) => `${settings.blockId}-failed`;

export function Results({ settings, onPage }: { settings: SearchSettings; onPage: () => void }) {
  const { items: hits } = useHits<Hit>();
  const { results, indexUiState, setIndexUiState, status } = useInstantSearch();
  // After a failed search the cards are those of before: marked as such (outlined, described by the notice) until a search succeeds.
  const [failed, onStatus] = useReducer(failedAfter, false);
  useEffect(() => onStatus(status), [status]);
  const items = resultItems(hits, settings, indexUiState);
  const listLabel = settings.heading ?? "Search results";
  const real = !!results && results.__isArtificial !== true;
  const empty = real && results.nbHits === 0;
  return (
    <div
      className={failed ? `${styles.list} ${styles.stale}` : styles.list}
      data-stale={failed ? "" : undefined}
      aria-describedby={failed ? failedNoticeId(settings) : undefined}
      aria-busy={status === "loading" || status === "stalled"}
    >
      {empty ? (
        <NoResults onClear={() => setIndexUiState(() => ({}))} />
      ) : real && pastLastPage(results) ? (
        <PastLastPage onPage={onPage} />
      ) : settings.layout === "carousel" ? (
        <Carousel items={items} settings={settings} label={listLabel} />
      ) : (
        <ul className={styles.grid} aria-label={listLabel}>
          <Cards items={items} settings={settings} />
        </ul>
      )}
    </div>
  );
}

