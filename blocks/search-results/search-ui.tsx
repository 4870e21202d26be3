/** The search page's widgets (spec §2), inside <InstantSearchNext> (search-app.client.tsx) or, in tests, <InstantSearch>. */
import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import {
  useConfigure,
  useCurrentRefinements,
  useHits,
  useInstantSearch,
  usePagination,
  useRefinementList,
  useSearchBox,
  useSortBy,
  useStats,
} from "react-instantsearch";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { trackEvent } from "../../renderer/analytics";
import { collapseSoldRuns, interleavePromos, QUERY_DEBOUNCE_MS, type ListItem, type SearchHistoryEntry } from "../../domain/search-rules";
import { vehicleWord } from "../../domain/vehicle-display";
import { CARD_ATTRIBUTES, VehicleCard, type CardVehicle } from "../_shared/vehicle-card";
import { WatchlistButton } from "../_shared/watchlist-button.client";
import { carouselEdges, carouselStep } from "./carousel";
import { rangeLabel, valueLabel } from "../_shared/search/display";
import { Filter } from "./filters";
import { NoResults } from "../_shared/search/no-results";
import { SearchButton } from "../_shared/search/search-button";
import { Pagination } from "../_shared/search/pagination";
import { historyKey, historyLabel, readHistory, recordSearch } from "./history";
import type { IndexUiState } from "../_shared/search/routing";
import type { SearchSettings } from "./settings";
import shared from "../_shared/search/search.module.css";
import styles from "./search-results.module.css";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { numberFormat } from "../../domain/intl";

/** Cards in the first row of the widest grid: their images load at once. */
const FIRST_ROW = 3;

type Hit = CardVehicle & { __position?: number };

function SearchBox({ noun }: { noun: string }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const now = useRef(false);
  const { status } = useInstantSearch();
  const { query, refine } = useSearchBox({
    // 300 ms after the last key press (spec §9); at once on Enter.
    queryHook: useCallback((typed: string, search: (q: string) => void) => {
      clearTimeout(timer.current);
      const send = () => {
        sent.current = typed;
        search(typed);
      };
      if (now.current) {
        now.current = false;
        send();
        return;
      }
      timer.current = setTimeout(send, QUERY_DEBOUNCE_MS);
    }, []),
  });
  /** The last query this box searched for: a query that differs came from elsewhere. */
  const sent = useRef(query);
  const [value, setValue] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useTypedBeforeHydration(input, (field) => {
    setValue(field.value);
    refine(field.value);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  // Follow the query when it changes elsewhere (Clear Filters, Back and Forward), focused or not: the
  // box shows the query of the URL it is on. What the visitor is still typing (not yet searched) goes.
  // A failed search puts the query back to that of the results kept: the box keeps what was typed
  // (Try again searches it).
  useEffect(() => {
    if (query === sent.current || status === "error") return;
    clearTimeout(timer.current);
    sent.current = query;
    setValue(query);
  }, [query, status]);

  return (
    <form
      className={styles.searchBox}
      role="search"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        now.current = true;
        refine(value);
        input.current?.blur();
      }}
    >
      <label htmlFor={id} className="fc-visually-hidden">
        Search {noun.toLowerCase()}
      </label>
      <input
        ref={input}
        id={id}
        className={shared.searchInput}
        type="search"
        value={value}
        placeholder="Search make, model or keyword"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          refine(e.currentTarget.value);
        }}
      />
      <SearchButton />
    </form>
  );
}

function SortSelect({ items }: { items: SearchSettings["sorts"] }) {
  const { currentRefinement, options, refine } = useSortBy({ items });
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(select, (field) => refine(field.value));
  if (options.length < 2) return null;
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort by</label>
      <select ref={select} id={id} className="fc-input" value={currentRefinement} onChange={(e) => refine(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function CurrentRefinements({ settings, labels }: { settings: SearchSettings; labels: Record<string, string> }) {
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

/** Which cards a page shows: sold runs collapsed where the site wants it, then promo cards at their positions. */
export function resultItems(hits: Hit[], settings: SearchSettings, state: IndexUiState): ListItem<Hit>[] {
  const list = settings.collapseSold ? collapseSoldRuns(hits) : hits;
  const refinedCarTypes = state.refinementList?.car_type ?? [];
  const otherRefinements =
    Object.entries(state.refinementList ?? {}).some(([attr, values]) => attr !== "car_type" && values.length > 0) ||
    Object.values(state.range ?? {}).some((v) => !!v && v !== ":");
  return interleavePromos(list, settings.promoCards, { now: new Date(settings.now), refinedCarTypes, otherRefinements, rng: () => settings.promoSeed });
}

/**
 * Whether two hits have the same fields. InstantSearch hands the cards new (equal) hit objects at
 * every change of its status, two or three times a search; an unchanged card then skips its render.
 */
export function sameHit(a: Hit, b: Hit): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof Hit)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

interface HitCardProps {
  hit: Hit;
  index: number;
  settings: SearchSettings;
}

const HitCard = memo(
  function HitCard({ hit, index, settings }: HitCardProps) {
    return (
      <li className={styles.item}>
        <VehicleCard
          car={hit}
          settings={settings.card}
          now={new Date(settings.now)}
          eager={index < FIRST_ROW}
          priority={index === 0}
          idPrefix={settings.blockId}
          saveSlot={settings.watchlist ? <WatchlistButton site={settings.card.site} carId={hit.objectID} title={hit.title} sold={hit.status === "sold"} /> : undefined}
        />
      </li>
    );
  },
  (a, b) => a.index === b.index && a.settings === b.settings && sameHit(a.hit, b.hit),
);

function Cards({ items, settings }: { items: ListItem<Hit>[]; settings: SearchSettings }) {
  let hitIndex = 0;
  return items.map((item) => {
    if (item.kind === "promo") {
      const { promo } = item;
      return (
        <li key={`promo-${promo.id}`} className={styles.item}>
          <a className={styles.promo} href={promo.href}>
            <img src={promo.image.src} alt={promo.image.alt} width={promo.image.width ?? 480} height={promo.image.height ?? 640} loading="lazy" decoding="async" />
          </a>
        </li>
      );
    }
    return <HitCard key={item.hit.objectID} hit={item.hit} index={hitIndex++} settings={settings} />;
  });
}

function Carousel({ items, settings, label }: { items: ListItem<Hit>[]; settings: SearchSettings; label: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ canPrev: false, canNext: true });
  const update = useCallback(() => {
    if (track.current) setEdges(carouselEdges(track.current));
  }, []);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [update, items.length]);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const card = el.firstElementChild as HTMLElement | null;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * carouselStep(el.clientWidth, card?.offsetWidth ?? 300, gap), behavior: smooth ? "smooth" : "auto" });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    // Inside a form control the arrow keys belong to it.
    if ((e.target as HTMLElement).closest("input, select, textarea")) return;
    e.preventDefault();
    scroll(e.key === "ArrowRight" ? 1 : -1);
  };
  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <button type="button" className={`fc-round-icon ${styles.arrow} ${styles.arrowPrev}`} aria-label="Previous results" disabled={!edges.canPrev} onClick={() => scroll(-1)}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 16 16">
          <path d="M10 2L4 8l6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul ref={track} className={styles.track} onScroll={update} tabIndex={0} aria-label={`${label}: use the arrow keys to scroll`}>
        <Cards items={items} settings={settings} />
      </ul>
      <button type="button" className={`fc-round-icon ${styles.arrow} ${styles.arrowNext}`} aria-label="Next results" disabled={!edges.canNext} onClick={() => scroll(1)}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 16 16">
          <path d="M6 2l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </div>
  );
}


function RecentSearches({ settings }: { settings: SearchSettings }) {
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

/** "245 Caravans": the count in the site's vehicle word. */
function countText(nbHits: number, settings: SearchSettings) {
  return `${numberFormat(settings.card.locale).format(nbHits)} ${vehicleWord(nbHits, { identity: settings.noun })}`;
}

function ResultsCount({ settings }: { settings: SearchSettings }) {
  const { nbHits } = useStats();
  const count = countText(nbHits, settings);
  return (
    <div className={styles.summary}>
      <h2 id={`${settings.blockId}-count`} className={styles.count}>
        {count}
      </h2>
      <p className="fc-visually-hidden" role="status">
        {count} found
      </p>
    </div>
  );
}

function ShowResultsLabel({ settings }: { settings: SearchSettings }) {
  const { nbHits } = useStats();
  return <>Show {countText(nbHits, settings)}</>;
}

/**
 * How many filters are on: each refined value, and each range as one, of the attributes the page
 * has widgets for. Counted from the UI state rather than useCurrentRefinements, whose items depend
 * on which widgets have registered yet — fewer in the browser's first render than on the server,
 * which broke hydration (React #418) on pages whose SEO path refines a filter further down.
 */
export function refinedCount(state: IndexUiState, attributes: readonly string[]): number {
  const values = Object.entries(state.refinementList ?? {}).reduce((n, [attr, list]) => n + (attributes.includes(attr) ? list.length : 0), 0);
  const ranges = Object.entries(state.range ?? {}).filter(([attr, value]) => attributes.includes(attr) && value !== "" && value !== ":").length;
  return values + ranges;
}

function RefinedCount({ attributes }: { attributes: readonly string[] }) {
  const { indexUiState } = useInstantSearch();
  const n = refinedCount(indexUiState, attributes);
  return n ? <> ({n})</> : null;
}

function FiltersPanel({ settings }: { settings: SearchSettings }) {
  const [open, setOpen] = useState(false);
  const panelId = `${settings.blockId}-filters`;
  const headingId = `${panelId}-heading`;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("h2")?.focus();
    const wide = window.matchMedia("(min-width: 960px)");
    const onWide = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onWide);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      wide.removeEventListener("change", onWide);
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className={`fc-button fc-button--ghost ${styles.filtersButton}`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(true)}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
          <path d="M3 5h18M6 12h12M10 19h4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        Filters
        <RefinedCount attributes={[...LINKED_ATTRIBUTES, ...settings.filters.map((f) => f.attribute)]} />
      </button>
      <section
        ref={panel}
        id={panelId}
        className={styles.panel}
        data-open={open}
        aria-labelledby={headingId}
        {...(open ? { role: "dialog", "aria-modal": true } : {})}
        onKeyDown={(e) => {
          if (!open) return;
          if (e.key === "Escape") close();
          // A modal keeps the focus inside: Tab from the last control goes to the first, and back.
          if (e.key === "Tab" && panel.current) {
            const focusable = [...panel.current.querySelectorAll<HTMLElement>("button, summary, input, select, a[href]")].filter((el) => el.offsetParent !== null);
            const first = focusable[0];
            const last = focusable[focusable.length - 1];
            const atStart = document.activeElement === first || document.activeElement === panel.current.querySelector("h2");
            if (e.shiftKey && atStart) {
              e.preventDefault();
              last?.focus();
            } else if (!e.shiftKey && document.activeElement === last) {
              e.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <div className={styles.panelHeader}>
          <h2 id={headingId} className={styles.panelHeading} tabIndex={-1}>
            Filters
          </h2>
          <button type="button" className={styles.panelClose} onClick={close}>
            <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 12 12">
              <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="1.6" />
            </svg>
            <span className="fc-visually-hidden">Close filters</span>
          </button>
        </div>
        {settings.filters.map((f) => (
          <Filter key={f.attribute} setting={f} joinNewAndDemo={settings.joinNewAndDemo} money={settings.card} />
        ))}
        <div className={styles.panelFooter}>
          <button type="button" className="fc-button" onClick={close}>
            <ShowResultsLabel settings={settings} />
          </button>
        </div>
      </section>
    </>
  );
}

/**
 * Attributes that links and SEO paths may refine even where the site shows no filter for them
 * (/search/toyota/corolla, "see more from this dealer"): a refinement needs a widget to count.
 */
export const LINKED_ATTRIBUTES = ["car_type", "make", "model", "body", "dealership_slug"] as const;
const LINKED_LABELS: Record<string, string> = { car_type: "Car type", make: "Make", model: "Model", body: "Body type", item_type: "Vehicle kind", dealership_slug: "Dealership" };

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
function SearchFailed({ indexName }: { indexName: string }) {
  const { status, setIndexUiState, refresh, addMiddlewares } = useInstantSearch();
  const [failed, setFailed] = useState(false);
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
  useEffect(() => {
    if (status === "error") setFailed(true);
    else if (status === "idle") setFailed(false);
  }, [status]);
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
      <p role="alert">The search could not be updated just now. The results below may be out of date.</p>
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

function Results({ settings, onPage }: { settings: SearchSettings; onPage: () => void }) {
  const { items: hits } = useHits<Hit>();
  const { results, indexUiState, setIndexUiState, status } = useInstantSearch();
  const items = resultItems(hits, settings, indexUiState);
  const listLabel = settings.heading ?? "Search results";
  const real = !!results && results.__isArtificial !== true;
  const empty = real && results.nbHits === 0;
  return (
    <div className={styles.list} aria-busy={status === "loading" || status === "stalled"}>
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

/**
 * The whole search UI: search box, sort, filters, count, refinements, recent searches, cards, pages.
 * Each widget hook lives in its own small component: while the server renders, a widget suspends
 * until the first results arrive, and every widget must have registered before that search is sent.
 */
export function SearchUI({ settings }: { settings: SearchSettings }) {
  const { status } = useInstantSearch({ catchError: true });
  const top = useRef<HTMLDivElement>(null);
  const toTop = useCallback(() => top.current?.scrollIntoView({ block: "start" }), []);
  // A light-truck path (/search/light-truck) refines the kind of stock: only then is it a widget.
  const linked = [...LINKED_ATTRIBUTES, ...(settings.seo.refinementList.item_type ? ["item_type"] : [])].filter((a) => !settings.filters.some((f) => f.attribute === a));
  const labels = { ...LINKED_LABELS, ...Object.fromEntries(settings.filters.map((f) => [f.attribute, f.label])) };

  // One search page view per visit of the page (spec §7, event 49).
  useEffect(() => trackEvent(ANALYTICS_EVENTS.searchPageView, settings.card.site), [settings.card.site]);

  // Errors are logged; the previous results stay (spec §4, §8).
  useEffect(() => {
    if (status === "error") console.error("[search] the search failed; showing the previous results.");
  }, [status]);

  return (
    <section className={styles.search} aria-labelledby={settings.heading ? `${settings.blockId}-heading` : `${settings.blockId}-count`}>
      <PageSize hitsPerPage={settings.hitsPerPage} />
      {linked.map((attribute) => (
        <LinkedRefinement key={attribute} attribute={attribute} />
      ))}
      {settings.heading ? (
        <h2 id={`${settings.blockId}-heading`} className={styles.heading}>
          {settings.heading}
        </h2>
      ) : null}
      <div className={styles.toolbar}>
        <SearchBox noun={settings.noun.vehicleNoun.plural} />
        <SortSelect items={settings.sorts} />
      </div>
      <div className={settings.filters.length ? styles.layout : undefined}>
        {settings.filters.length ? <FiltersPanel settings={settings} /> : null}
        <div className={styles.results} ref={top}>
          {settings.searchHistory ? <RecentSearches settings={settings} /> : null}
          <ResultsCount settings={settings} />
          <SearchFailed indexName={settings.indexName} />
          <CurrentRefinements settings={settings} labels={labels} />
          <Results settings={settings} onPage={toTop} />
          {settings.layout === "grid" ? <Pagination onPage={toTop} /> : null}
        </div>
      </div>
    </section>
  );
}
