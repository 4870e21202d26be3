/**
 * The search UI's own state machines; the search itself (query, filters, sort, page) is
 * InstantSearch's UI state, kept in the URL (../_shared/search/routing.ts).
 * - The search box: what it shows and the last query it searched for. It follows a query that
 *   changes elsewhere (Clear Filters, Back and Forward), except after a failed search, which puts
 *   the query back to that of the results kept while the box keeps what was typed.
 * - The failure notice: shown from a failed search until one succeeds.
 */
export type SearchStatus = "idle" | "loading" | "stalled" | "error";

export interface BoxState {
  value: string;
  /** The last query this box searched for: a query that differs came from elsewhere. */
  sent: string;
}

export type BoxAction = { type: "typed"; value: string } | { type: "searched"; query: string } | { type: "query-changed"; query: string; status: SearchStatus };

export const initialBox = (query: string): BoxState => ({ value: query, sent: query });

/** Whether the box takes the query (one it did not search for, and not put back by a failure). */
export const followsQuery = (box: BoxState, query: string, status: SearchStatus) => query !== box.sent && status !== "error";

export function boxReducer(box: BoxState, a: BoxAction): BoxState {
  switch (a.type) {
    case "typed":
      return a.value === box.value ? box : { ...box, value: a.value };
    case "searched":
      return a.query === box.sent ? box : { ...box, sent: a.query };
    // What the visitor is still typing (not yet searched) goes.
    case "query-changed":
      return followsQuery(box, a.query, a.status) ? { value: a.query, sent: a.query } : box;
  }
}

/** The failure notice after a search's status: on at an error, off once a search has settled, else as it was (a retry running). */
export const failedAfter = (failed: boolean, status: SearchStatus): boolean => (status === "error" ? true : status === "idle" ? false : failed);
