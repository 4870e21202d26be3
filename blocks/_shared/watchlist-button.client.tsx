"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import { useTaskEffect } from "./task-effect";
import { WATCHLIST_PATH } from "../../domain/watchlist";
import type { AnalyticsCar } from "../../domain/analytics-standards";
import { watchlistStore, type WatchlistStore } from "./watchlist-store";
import toastStyles from "./toast.module.css";
import styles from "./watchlist-button.module.css";

export function useWatchlist(store: WatchlistStore = watchlistStore) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getServerState);
  useTaskEffect(() => {
    void store.load();
  }, [store]);
  return state;
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
  const state = useWatchlist(store);
  const saved = state.ids.has(carId);
  const busy = state.pending.has(carId);
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
  const { toast } = useWatchlist(store);
  if (toast?.carId !== carId) return null;
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
  const state = useWatchlist(store);
  if (state.status === "ready" && !state.ids.has(carId)) {
    return (
      <li className={styles.removed}>
        <ToastFor carId={carId} store={store} />
      </li>
    );
  }
  return <li className={className}>{children}</li>;
}
