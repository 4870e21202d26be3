"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import { useTaskEffect } from "./task-effect";
import { WATCHLIST_PATH } from "../../domain/watchlist";
import type { AnalyticsCar } from "../../domain/analytics-standards";
import { watchlistStore, type WatchlistState, type WatchlistStore } from "./watchlist-store";
import toastStyles from "./toast.module.css";
import styles from "./watchlist-button.module.css";

/**
 * One value of the visitor's watchlist, read from the shared store. A component re-renders only when
 * its own value changes: each store change (the list's loading, its answer, a save) re-renders
 * synchronously every component whose value differs, and a search page has two per card.
 * `pick` returns a primitive or a part of the state as stored (a new object each time would never settle).
 */
export function useWatchlistValue<T>(pick: (state: WatchlistState) => T, store: WatchlistStore = watchlistStore): T {
  const value = useSyncExternalStore(
    store.subscribe,
    () => pick(store.getState()),
    () => pick(store.getServerState()),
  );
  useTaskEffect(() => {
    void store.load();
  }, [store]);
  return value;
}

export interface WatchlistButtonProps {
  site: string;
  carId: string;
  title: string;
  sold: boolean;
  /** The car's fields for the save's standard events, on a card (blocks/_shared/hit-analytics.ts). */
  car?: AnalyticsCar;
  store?: WatchlistStore;
}

/** Save / remove a car on the watchlist (spec §4), with its spinner and toast. */
export function WatchlistButton({ site, carId, title, sold, car, store = watchlistStore }: WatchlistButtonProps) {
  const saved = useWatchlistValue((s) => s.ids.has(carId), store);
  const busy = useWatchlistValue((s) => s.pending.has(carId), store);
  // A sold car shows the button only when it is already saved.
  if (sold && !saved) return null;
  return (
    <>
      <button
        type="button"
        className={`fc-round-toggle ${styles.button}`}
        aria-pressed={saved}
        aria-busy={busy}
        aria-disabled={busy || undefined}
        data-watchlist={carId}
        onClick={() => void store.toggle(carId, site, car)}
      >
        {busy ? (
          <span className={`fc-spinner ${styles.spinner}`} aria-hidden="true" />
        ) : (
          <span className="fc-icon fc-icon--watchlist" aria-hidden="true" />
        )}
        <span className="fc-visually-hidden">{saved ? `Remove ${title} from watchlist` : `Save ${title} to watchlist`}</span>
      </button>
      <ToastFor carId={carId} store={store} />
    </>
  );
}

/** The toast of the last change, when it was this car's. */
function ToastFor({ carId, store }: { carId: string; store: WatchlistStore }) {
  const toast = useWatchlistValue((s) => (s.toast?.carId === carId ? s.toast : null), store);
  if (!toast) return null;
  return <WatchlistToast key={toast.seq} kind={toast.kind} onClose={store.dismissToast} />;
}

function WatchlistToast({ kind, onClose }: { kind: "saved" | "removed"; onClose: () => void }): ReactNode {
  return (
    <div className={`${toastStyles.toast} ${styles.toast}`} role="status">
      <span>{kind === "saved" ? "Saved to your watchlist." : "Removed from your watchlist."}</span>{" "}
      <a href={WATCHLIST_PATH}>View List</a>
      <button type="button" className={styles.close} onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="fc-visually-hidden">Dismiss</span>
      </button>
    </div>
  );
}

/**
 * A list item shown while its car is on the watchlist (or before the list is known): the watchlist
 * page's entries. A removed car's item keeps only its "Removed" toast.
 */
export function WatchlistEntry({ carId, className, children, store = watchlistStore }: { carId: string; className?: string; children: ReactNode; store?: WatchlistStore }) {
  const removed = useWatchlistValue((s) => s.status === "ready" && !s.ids.has(carId), store);
  if (removed) {
    return (
      <li className={styles.removed}>
        <ToastFor carId={carId} store={store} />
      </li>
    );
  }
  return <li className={className}>{children}</li>;
}
