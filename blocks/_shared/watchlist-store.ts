/**
 * The browser's view of the visitor's watchlist: fetched once per page (GET /api/watchlist) and
 * shared by every save button through useSyncExternalStore. Saves and removes change it first
 * (optimistically) and are then confirmed by the server; a failure puts it back and alerts (spec §4, §8).
 */
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { watchlistSignInHref } from "../../domain/watchlist";
import { trackEvent } from "../../renderer/analytics";
import type { AnalyticsCar } from "../../domain/analytics-standards";

export interface WatchlistState {
  status: "idle" | "loading" | "ready";
  signedIn: boolean;
  phone: string | null;
  ids: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  /** The last change, for its toast (one at a time). */
  toast: { carId: string; kind: "saved" | "removed"; seq: number } | null;
}

export const INITIAL: WatchlistState = { status: "idle", signedIn: false, phone: null, ids: new Set(), pending: new Set(), toast: null };
const TOAST_MS = 6000;

/** What the store needs from the browser; tests pass their own. */
export interface WatchlistEnv {
  fetch: typeof fetch;
  alert: (message: string) => void;
  navigate: (href: string) => void;
  currentPath: () => string;
  track: (site: string, car?: AnalyticsCar) => void;
}

const browserEnv = (): WatchlistEnv => ({
  fetch: (...args) => window.fetch(...args),
  alert: (m) => window.alert(m),
  navigate: (href) => window.location.assign(href),
  currentPath: () => `${window.location.pathname}${window.location.search}`,
  track: (site, car) => trackEvent(ANALYTICS_EVENTS.watchlistSave, site, undefined, car ? { car } : undefined),
});

export function createWatchlistStore(env: () => WatchlistEnv = browserEnv) {
  let state = INITIAL;
  let loading: Promise<void> | null = null;
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  const listeners = new Set<() => void>();
  const set = (next: Partial<WatchlistState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  const withId = (s: ReadonlySet<string>, id: string, on: boolean) => {
    const n = new Set(s);
    if (on) n.add(id);
    else n.delete(id);
    return n;
  };

  function load(): Promise<void> {
    loading ??= (async () => {
      set({ status: "loading" });
      try {
        const res = await env().fetch("/api/watchlist", { credentials: "same-origin", cache: "no-store" });
        const body = (await res.json()) as { signedIn?: boolean; phone?: string; carIds?: string[] };
        set({ status: "ready", signedIn: !!body.signedIn && !!body.phone, phone: body.phone ?? null, ids: new Set(body.carIds ?? []) });
      } catch {
        // Unknown: treated as signed out, so a save goes through sign-in.
        set({ status: "ready", signedIn: false });
      }
    })();
    return loading;
  }

  /** `car`: the car's fields for a save's standard events, when the button is not on the car's own page (a card). */
  async function toggle(carId: string, site: string, car?: AnalyticsCar): Promise<void> {
    await load();
    const e = env();
    if (!state.signedIn || !state.phone) {
      e.navigate(watchlistSignInHref(e.currentPath()));
      return;
    }
    if (state.pending.has(carId)) return;
    const save = !state.ids.has(carId);
    set({ ids: withId(state.ids, carId, save), pending: withId(state.pending, carId, true) });
    let message: string | null = null;
    try {
      const res = await e.fetch(`/api/watchlist/${save ? "save-car" : "remove-car"}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone_number: state.phone, car_id: carId }),
      });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string };
      if (!body.success) message = body.message || "Your watchlist could not be updated. Please try again.";
    } catch {
      message = "Your watchlist could not be updated. Check your connection and try again.";
    }
    if (message) {
      set({ ids: withId(state.ids, carId, !save), pending: withId(state.pending, carId, false) });
      e.alert(message);
      return;
    }
    if (save) e.track(site, car);
    set({ pending: withId(state.pending, carId, false), toast: { carId, kind: save ? "saved" : "removed", seq: ++seq } });
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => set({ toast: null }), TOAST_MS);
  }

  return {
    getState: () => state,
    getServerState: () => INITIAL,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    load,
    toggle,
    dismissToast: () => set({ toast: null }),
  };
}

export type WatchlistStore = ReturnType<typeof createWatchlistStore>;

/** The page's one store. */
export const watchlistStore = createWatchlistStore();
