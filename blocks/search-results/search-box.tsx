import { useCallback, useEffect, useId, useReducer, useRef } from "react";
import { useInstantSearch, useSearchBox, useSortBy } from "react-instantsearch";
import { QUERY_DEBOUNCE_MS } from "../../domain/search-rules";
import { SearchButton } from "../_shared/search/search-button";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { boxReducer, followsQuery, initialBox } from "./search-ui-state";
import type { SearchSettings } from "./settings";
import shared from "../_shared/search/search.module.css";
import styles from "./search-results.module.css";

/** The search box: searches 300 ms after the last key press (spec §9), at once on Enter. */
export function SearchBox({ noun }: { noun: string }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const now = useRef(false);
  const { status } = useInstantSearch();
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
    <form
      className={styles.searchBox}
      role="search"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        now.current = true;
        refine(box.value);
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
        value={box.value}
        placeholder="Search make, model or keyword"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        onChange={(e) => {
          dispatch({ type: "typed", value: e.currentTarget.value });
          refine(e.currentTarget.value);
        }}
      />
      <SearchButton />
    </form>
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
