/**
 * Tracking for a lead's `lead_attributes` (leads §7): the pages visited in this browser session and
 * the query parameters the visitor arrived with (utm_*, gclid …). Pure: the browser keeps the state
 * in sessionStorage (renderer/visit-tracker.client.tsx) and the forms read it when they send.
 * Bounds are the lead schema's, so a stored state is always a valid `lead_attributes`.
 */
export interface LeadAttribution {
  visited_pages: string[];
  linked_query_params: Record<string, string>;
}

export const ATTRIBUTION_KEY = "forecourt:lead-attributes";
export const MAX_VISITED_PAGES = 50;
export const MAX_QUERY_PARAMS = 50;
const MAX_PAGE_LENGTH = 2048;
const MAX_PARAM_VALUE = 500;
const PARAM_NAME = /^[A-Za-z0-9_.[\]-]{1,100}$/;
const POLLUTING = new Set(["__proto__", "constructor", "prototype"]);

export const emptyAttribution = (): LeadAttribution => ({ visited_pages: [], linked_query_params: {} });

/** A stored state read back; anything malformed is dropped rather than sent. */
export function parseAttribution(text: string | null | undefined): LeadAttribution {
  const out = emptyAttribution();
  if (!text) return out;
  try {
    const raw = JSON.parse(text) as Partial<LeadAttribution>;
    if (Array.isArray(raw.visited_pages)) {
      out.visited_pages = raw.visited_pages.filter((p): p is string => typeof p === "string" && p.length <= MAX_PAGE_LENGTH).slice(-MAX_VISITED_PAGES);
    }
    if (raw.linked_query_params && typeof raw.linked_query_params === "object" && !Array.isArray(raw.linked_query_params)) {
      for (const [k, v] of Object.entries(raw.linked_query_params)) {
        if (Object.keys(out.linked_query_params).length >= MAX_QUERY_PARAMS) break;
        if (PARAM_NAME.test(k) && !POLLUTING.has(k) && typeof v === "string") out.linked_query_params[k] = v.slice(0, MAX_PARAM_VALUE);
      }
    }
  } catch {
    // A corrupt entry starts afresh.
  }
  return out;
}

/**
 * A page view added: its path and query (not the host) at the end of the list, unless it repeats
 * the last one (a reload); the oldest dropped beyond 50. Its query parameters join the linked ones:
 * a parameter seen again takes the newer value; beyond 50 names, new names are ignored.
 */
export function recordVisit(state: LeadAttribution, url: { pathname: string; search: string }): LeadAttribution {
  const page = `${url.pathname}${url.search}`.slice(0, MAX_PAGE_LENGTH);
  const visited = state.visited_pages.at(-1) === page ? state.visited_pages : [...state.visited_pages, page].slice(-MAX_VISITED_PAGES);
  const params = { ...state.linked_query_params };
  for (const [k, v] of new URLSearchParams(url.search)) {
    if (!PARAM_NAME.test(k) || POLLUTING.has(k)) continue;
    if (!(k in params) && Object.keys(params).length >= MAX_QUERY_PARAMS) continue;
    params[k] = v.slice(0, MAX_PARAM_VALUE);
  }
  return { visited_pages: visited, linked_query_params: params };
}
