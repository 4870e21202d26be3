"use client";

import { useEffect, useId, useRef, useState, type MouseEvent } from "react";
import { lazySearchClient } from "../_shared/lazy-search-client";
import { NoResults } from "../_shared/search/no-results";
import { SearchButton } from "../_shared/search/search-button";
import { withResultCache } from "../_shared/search/result-cache";
import shared from "../_shared/search/search.module.css";
import {
  EAGER_TILES,
  emptyResults,
  findModels,
  fromLabel,
  MODEL_CACHE_SIZE,
  modelsLabel,
  QUERY_DEBOUNCE_MS,
  stockLabel,
  TILE_IMAGE,
  type ModelResults,
  type ModelSearchSettings,
  type ModelSearchState,
  type ModelTile,
  type SearchFn,
} from "./models";
import { normaliseQuery, pageHref, pageNumbers, readUrlState, writeUrlState } from "./pages";
import styles from "./model-search.module.css";
import tileStyles from "../_shared/model-tile.module.css";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";

const stateKey = (s: ModelSearchState) => JSON.stringify([normaliseQuery(s.query), s.page]);

export function ModelSearchClient({ settings, initial }: { settings: ModelSearchSettings; initial: ModelResults | null }) {
  const [state, setState] = useState<ModelSearchState>({ query: "", page: 0 });
  // What is in the box; the search follows 300 ms after the last key press (spec §9), at once on Enter.
  const [text, setText] = useState("");
  // null until the first answer when the server could not search: nothing is claimed empty before then.
  const [answered, setResults] = useState<ModelResults | null>(initial);
  const results = answered ?? emptyResults();
  const [loading, setLoading] = useState(false);
  // Answers kept in memory, the oldest dropped beyond 10 (spec §4, §9).
  const [search] = useState<SearchFn>(() => {
    const client = withResultCache(lazySearchClient(settings.host, settings.algolia), MODEL_CACHE_SIZE);
    const searchFn: SearchFn = (requests) => client.search(requests as never) as Promise<{ results: unknown[] }>;
    return searchFn;
  });
  const asked = useRef(initial ? stateKey({ query: "", page: 0 }) : "");
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const section = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const focusList = useRef(false);
  const id = useId();
  useTypedBeforeHydration(input, (field) => type(field.value));

  // The query string holds the search (?query=…&page=2); a page opened with one searches it.
  useEffect(() => {
    const fromUrl = readUrlState(window.location.search);
    if (fromUrl.query || fromUrl.page) {
      setText(fromUrl.query);
      setState(fromUrl);
    }
    return () => clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    const key = stateKey(state);
    if (key === asked.current) return;
    asked.current = key;
    const ticket = ++latest.current;
    setLoading(true);
    findModels(search, settings, state)
      .then((answer) => {
        // An older answer arriving after a newer question is dropped.
        if (ticket !== latest.current) return;
        setResults(answer);
        setLoading(false);
        const next = writeUrlState(window.location.search, answer);
        if (next !== window.location.search) window.history.replaceState(window.history.state, "", `${window.location.pathname}${next}${window.location.hash}`);
        if (focusList.current) {
          focusList.current = false;
          list.current?.focus({ preventScroll: true });
        }
      })
      .catch((error) => {
        // The previous models stay on screen (spec §4).
        console.error("[model-search] search failed:", error);
        if (ticket === latest.current) setLoading(false);
      });
  }, [search, settings, state]);

  const searchNow = (query: string) => {
    clearTimeout(timer.current);
    setState({ query, page: 0 });
  };
  const type = (query: string) => {
    setText(query);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState({ query, page: 0 }), QUERY_DEBOUNCE_MS);
  };
  const goToPage = (page: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    focusList.current = true;
    setState({ query: results.query, page });
    section.current?.scrollIntoView({ block: "start" });
  };
  const clear = () => {
    setText("");
    searchNow("");
    input.current?.focus();
  };

  const inputId = `${id}-query`;
  // An example from this site's own stock ("e.g. Mazda SUV"), the same on server and browser.
  const top = initial?.tiles[0];
  const example = top ? `e.g. ${top.make} ${top.bodies[0] ?? top.model}` : undefined;
  const { tiles, page, nbPages } = results;
  return (
    <div className={styles.body} ref={section}>
      <form
        className={styles.searchBox}
        role="search"
        action={settings.path}
        method="get"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          searchNow(text);
        }}
      >
        <label htmlFor={inputId} className={styles.label}>
          Search makes, models or body types
        </label>
        {settings.scope ? <input type="hidden" name="body" value={settings.scope.slug} /> : null}
        <div className={styles.inputRow}>
          <input
            ref={input}
            id={inputId}
            className={`${shared.searchInput} ${styles.input}`}
            type="search"
            name="query"
            value={text}
            placeholder={example}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            onChange={(e) => type(e.currentTarget.value)}
          />
          <SearchButton />
        </div>
      </form>

      {settings.scope ? (
        <p className={styles.scope}>
          {`Showing ${settings.scope.label} models. `}
          <a href={settings.path}>Show all models</a>
        </p>
      ) : null}

      <p className={styles.status} role="status">
        {answered ? modelsLabel(settings, answered.total) : null}
      </p>

      <div aria-busy={loading} className={styles.results}>
        {tiles.length ? (
          <ul ref={list} className={styles.tiles} tabIndex={-1} aria-label="Models">
            {tiles.map((tile, i) => (
              <li key={tile.value}>
                <Tile settings={settings} tile={tile} eager={i < EAGER_TILES} />
              </li>
            ))}
          </ul>
        ) : answered ? (
          <NoResults onClear={results.query || text ? clear : undefined} clearLabel="Clear" />
        ) : null}
      </div>

      {nbPages > 1 ? (
        <nav className={`${shared.pagination} ${styles.pages}`} aria-label="Model pages">
          <ul>
            <li>
              {page > 0 ? (
                <a className={shared.pageLink} href={pageHref(settings, results.query, page - 1)} onClick={goToPage(page - 1)}>
                  Previous
                </a>
              ) : (
                <span className={shared.pageDisabled} aria-hidden="true">
                  Previous
                </span>
              )}
            </li>
            {pageNumbers(page, nbPages).map((p) => (
              <li key={p}>
                <a
                  className={shared.pageLink}
                  href={pageHref(settings, results.query, p)}
                  aria-label={`Page ${p + 1}`}
                  aria-current={p === page ? "page" : undefined}
                  onClick={goToPage(p)}
                >
                  {p + 1}
                </a>
              </li>
            ))}
            <li>
              {page < nbPages - 1 ? (
                <a className={shared.pageLink} href={pageHref(settings, results.query, page + 1)} onClick={goToPage(page + 1)}>
                  Next
                </a>
              ) : (
                <span className={shared.pageDisabled} aria-hidden="true">
                  Next
                </span>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

function Tile({ settings, tile, eager }: { settings: ModelSearchSettings; tile: ModelTile; eager: boolean }) {
  const from = fromLabel(settings, tile.from);
  return (
    <a className={tileStyles.tile} href={tile.href} data-make={tile.make} data-model={tile.model}>
      {tile.image ? (
        <img
          className={tileStyles.image}
          src={tile.image}
          alt=""
          width={TILE_IMAGE.width}
          height={TILE_IMAGE.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      ) : (
        <span className={tileStyles.image} aria-hidden="true" />
      )}
      <span className={tileStyles.name}>{`${tile.make} ${tile.model}`}</span>
      {tile.bodies.length ? <span className={tileStyles.meta}>{tile.bodies.join(", ")}</span> : null}
      <span className={tileStyles.meta}>{stockLabel(settings, tile.count)}</span>
      {from ? <span className={tileStyles.price}>{from}</span> : null}
    </a>
  );
}
