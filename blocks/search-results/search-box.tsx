import { useCallback, useEffect, useId, useReducer, useRef, useState } from "react";
import { useInstantSearch, useSearchBox, useSortBy } from "react-instantsearch";
import { QUERY_DEBOUNCE_MS, VEHICLES_INDEX } from "../../domain/search-rules";
import { LIST_ATTRIBUTES, RANGE_ATTRIBUTES, UNDERSTAND_FACETS } from "../../domain/understand/attributes";
import type { Facets, Understood } from "../../domain/understand/understand";
import { createSearchClient } from "../../renderer/search-client";
import { SearchButton } from "../_shared/search/search-button";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { HiddenListWidget, HiddenRangeWidget } from "./hidden-widgets";
import { LINKED_ATTRIBUTES } from "./linked";
import { understandRemotely } from "./understand-remote";
import type { Near } from "../../domain/near";
import { lookUpPlace, NearWidget } from "./near";
import { boxReducer, followsQuery, initialBox } from "./search-ui-state";
import type { SearchSettings } from "./settings";
import shared from "../_shared/search/search.module.css";
import styles from "./search-results.module.css";

type Site = Pick<SearchSettings, "host" | "algolia" | "filters" | "joinNewAndDemo" | "card" | "understandWaitMs">;

const siteFacets = new Map<string, Promise<Facets>>();

/**
 * The site's facet values the request is read against (all its stock, whatever is refined now):
 * asked once per page, when the box is first focused, and kept; asked again after a failure.
 */
function facetsOf(site: Site): Promise<Facets> {
  const key = `${site.host} ${site.algolia?.appId ?? ""}`;
  let facets = siteFacets.get(key);
  if (!facets) {
    facets = createSearchClient(site.host, site.algolia)
      .search([{ indexName: VEHICLES_INDEX, params: { query: "", hitsPerPage: 0, facets: [...UNDERSTAND_FACETS], maxValuesPerFacet: 1000 } }] as never)
      .then((r) => ((r.results[0] as { facets?: Facets }).facets ?? {}));
    facets.catch(() => siteFacets.delete(key));
    siteFacets.set(key, facets);
  }
  return facets;
}

let parser: Promise<typeof import("../../domain/understand/understand")> | undefined;

/** The request parser and its synonym table: a chunk of their own, asked for when the box is first focused (or submitted). */
function loadParser() {
  if (!parser) {
    parser = import("../../domain/understand/understand");
    parser.catch(() => (parser = undefined));
  }
  return parser;
}

/** Whether the request said anything but words to search for. */
const understoodSomething = (u: Understood) => Object.keys(u.refinementList).length > 0 || Object.keys(u.range).length > 0 || u.near !== undefined;

/**
 * A widget for each filter a request may set that the page shows no filter for (a refinement needs a
 * widget, or InstantSearch drops it): drive, seats, the weekly price … on every site.
 */
export function UnderstoodWidgets({ site }: { site: Site }) {
  const shown = new Set<string>([...LINKED_ATTRIBUTES, ...site.filters.filter((f) => f.kind !== "range").map((f) => f.attribute)]);
  const ranged = new Set<string>(site.filters.filter((f) => f.kind === "range").map((f) => f.attribute));
  return (
    <>
      {LIST_ATTRIBUTES.filter((a) => !shown.has(a)).map((a) => (
        <HiddenListWidget key={a} attribute={a} />
      ))}
      {RANGE_ATTRIBUTES.filter((a) => !ranged.has(a)).map((a) => (
        <HiddenRangeWidget key={a} attribute={a} />
      ))}
      <NearWidget />
    </>
  );
}

/**
 * The search box: searches 300 ms after the last key press (spec §9). On Enter or Search the request
 * is understood (domain/understand): when it names filters ("white diesel ute under 40k"), the search
 * becomes those filters and the words left over (the sort stays), so the URL is the ordinary URL of
 * those filters; a request that names none searches its words as before. A place ("near 2148") is
 * looked up on this site (near.ts): one it cannot find goes back among the words, and the box says so.
 */
export function SearchBox({ noun, settings }: { noun: string; settings: Site }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const now = useRef(false);
  const { status, setIndexUiState } = useInstantSearch();
  const { query, refine } = useSearchBox({
    queryHook: useCallback((typed: string, search: (q: string) => void) => {
      clearTimeout(timer.current);
      const send = () => {
        dispatch({ type: "searched", query: typed });
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
  const [box, dispatch] = useReducer(boxReducer, query, initialBox);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // What became of a place the request named and this site could not find.
  const [notice, setNotice] = useState("");
  useTypedBeforeHydration(input, (field) => {
    dispatch({ type: "typed", value: field.value });
    refine(field.value);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  // Follow the query when it changes elsewhere, focused or not: the box shows the query of the URL it is on (search-ui-state.ts).
  useEffect(() => {
    if (!followsQuery(box, query, status)) return;
    clearTimeout(timer.current);
    dispatch({ type: "query-changed", query, status });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a change of the query or the status, not of what is typed
  }, [query, status]);

  return (
    <>
      <form
        className={styles.searchBox}
        role="search"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          // No search of the words as typed lands while the request is read.
          clearTimeout(timer.current);
          const text = box.value;
          input.current?.blur();
          setNotice("");
          let understood: Understood | null = null;
          if (text.trim()) {
            try {
              const [{ understand }, facets] = await Promise.all([loadParser(), facetsOf(settings)]);
              understood = understand(text, facets, { joinNewAndDemo: settings.joinNewAndDemo, money: settings.card });
            } catch (error) {
              // Without the site's values the words are searched as typed.
              console.error("[search] could not read the site's filters to understand the request:", error);
            }
          }
          // Words left over, and a language model on the server: its reading, when it comes in time and is taken.
          if (understood?.query && settings.understandWaitMs) understood = { ...understood, ...(await understandRemotely(text, settings.understandWaitMs)) };
          if (!understood || !understoodSomething(understood)) {
            now.current = true;
            refine(text);
            return;
          }
          const { refinementList, range } = understood;
          let { query } = understood;
          let near: Near | undefined;
          if (understood.near) {
            const answer = await lookUpPlace(understood.near.place, understood.near.radiusKm);
            if ("near" in answer) near = answer.near;
            else {
              query = [query, understood.near.place].filter(Boolean).join(" ");
              setNotice(answer.message);
            }
          }
          // The box shows the words left over, as the URL will.
          dispatch({ type: "typed", value: query });
          dispatch({ type: "searched", query });
          // A new request: its filters replace those on; the sort (and the page's own configuration) stay.
          setIndexUiState((state) => ({
            ...(state.configure ? { configure: state.configure } : {}),
            ...(state.sortBy ? { sortBy: state.sortBy } : {}),
            ...(query ? { query } : {}),
            refinementList,
            range,
            ...(near ? { near } : {}),
          }));
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
          value={box.value}
          placeholder="Search make, model or keyword"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          onFocus={() => void Promise.all([facetsOf(settings), loadParser()]).catch(() => undefined)}
          onChange={(e) => {
            dispatch({ type: "typed", value: e.currentTarget.value });
            refine(e.currentTarget.value);
          }}
        />
        <SearchButton />
      </form>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </>
  );
}

export function SortSelect({ items }: { items: SearchSettings["sorts"] }) {
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
