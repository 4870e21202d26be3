"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { FAVOURITE_LABEL, type AnalyticsCar } from "../../domain/analytics-standards";
import { COMPARE_MIN, LIST_MAX } from "../../domain/car-lists";
import { trackEvent } from "../../renderer/analytics";
import { hasEntry, listKey, parseList, removeEntry, toggleEntry, toggleMessage, type CarList, type ListEntry } from "./favourites";
import styles from "./favourites.module.css";

// Same-tab changes: the storage event only reaches other tabs.
const CHANGE_EVENT = "forecourt:list-change";
// A toggle's outcome, for the one toast on the page (ListDock).
const NOTICE_EVENT = "forecourt:list-notice";

export interface ListNotice {
  list: CarList;
  message: string;
  count: number;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the list is empty and toggling does nothing lasting
  }
}

/** Stores a list; false when the browser will not keep it. */
function writeList(site: string, list: CarList, entries: ListEntry[]): boolean {
  try {
    window.localStorage.setItem(listKey(site, list), JSON.stringify(entries));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return true;
}

/**
 * The site's list as stored, kept in step with other tabs and toggles; null until the browser has
 * read it (the server and the first render know nothing of it).
 */
export function useCarList(site: string, list: CarList): ListEntry[] | null {
  const key = listKey(site, list);
  const raw = useSyncExternalStore(subscribe, () => readRaw(key) ?? "", () => null);
  return useMemo(() => (raw === null ? null : parseList(raw, list)), [raw, list]);
}

/** Removes a car from the site's list. */
export function removeFromList(site: string, list: CarList, id: string) {
  writeList(site, list, removeEntry(parseList(readRaw(listKey(site, list)), list), id));
}

const LABELS: Record<CarList, string> = { favourites: "Favourite", compare: "Compare" };

/** The list's icon (globals.css .fc-icon): filled when its button is pressed. */
export function ListIcon({ list }: { list: CarList }) {
  return <span className={list === "favourites" ? "fc-icon fc-icon--favourites" : "fc-icon fc-icon--compare"} aria-hidden="true" />;
}

/**
 * Toggles a car in the site's favourites or compare list, kept in localStorage; a fifth car to compare is refused.
 * A car saved to favourites (not removed, not a refusal, not compare) is the spec's event 39 with its
 * standard events (AddToWishlist, asc_cta_interaction), sent once per click through trackEvent, which
 * holds them until consent. `car`: its fields for those events (hitAnalyticsCar on a card, analyticsCar
 * on the car page); without it they describe the page's car.
 */
export function ListToggle({ site, list, entry, car, className }: { site: string; list: CarList; entry: ListEntry; car?: AnalyticsCar; className?: string }) {
  const key = listKey(site, list);
  const raw = useSyncExternalStore(subscribe, () => readRaw(key), () => null);
  const on = hasEntry(parseList(raw, list), entry.id);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={on}
      data-list={list}
      onClick={() => {
        const { list: next, outcome } = toggleEntry(parseList(readRaw(key), list), entry, LIST_MAX[list]);
        if (outcome !== "full" && !writeList(site, list, next)) return;
        if (list === "favourites" && outcome === "added") trackEvent(ANALYTICS_EVENTS.watchlistSave, site, FAVOURITE_LABEL, car ? { car } : undefined);
        const notice: ListNotice = { list, message: toggleMessage(list, outcome, entry.name, next.length), count: next.length };
        window.dispatchEvent(new CustomEvent<ListNotice>(NOTICE_EVENT, { detail: notice }));
      }}
    >
      <ListIcon list={list} />
      <span className="fc-visually-hidden">
        {`${LABELS[list]} ${entry.name}`}
      </span>
    </button>
  );
}

/** How long a toggle's message stays up. */
const NOTICE_MS = 6000;

/**
 * The lists' links in the site header (a heart with the favourites count, Compare with its count),
 * the one toast that reports each toggle (with View favourites / Compare now), and a bar fixed at
 * the bottom once two cars are picked to compare. Paths are the site's list pages (null: none).
 */
export function ListDock({ site, favouritesPath, comparePath, linkClassName }: { site: string; favouritesPath: string | null; comparePath: string | null; linkClassName?: string }) {
  const favourites = useCarList(site, "favourites");
  const compare = useCarList(site, "compare");
  const [notice, setNotice] = useState<ListNotice | null>(null);
  const [here, setHere] = useState<string | null>(null);

  useEffect(() => {
    setHere(window.location.pathname);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onNotice = (e: Event) => {
      setNotice((e as CustomEvent<ListNotice>).detail);
      clearTimeout(timer);
      timer = setTimeout(() => setNotice(null), NOTICE_MS);
    };
    window.addEventListener(NOTICE_EVENT, onNotice);
    return () => {
      window.removeEventListener(NOTICE_EVENT, onNotice);
      clearTimeout(timer);
    };
  }, []);

  const count = (l: ListEntry[] | null) => (l && l.length ? <span className={styles.count}>{l.length}</span> : null);
  const noticePath = notice ? (notice.list === "compare" ? comparePath : favouritesPath) : null;
  const showBar = comparePath && compare && compare.length >= COMPARE_MIN && here !== comparePath;

  return (
    <>
      {favouritesPath ? (
        <a className={linkClassName} href={favouritesPath} data-list-link="favourites">
          <ListIcon list="favourites" />
          <span className="fc-visually-hidden">Favourites</span>
          {count(favourites)}
          {favourites?.length ? <span className="fc-visually-hidden"> cars</span> : null}
        </a>
      ) : null}
      {comparePath ? (
        <a className={linkClassName} href={comparePath} data-list-link="compare">
          <ListIcon list="compare" />
          <span className="fc-visually-hidden">Compare</span>
          {count(compare)}
          {compare?.length ? <span className="fc-visually-hidden"> cars</span> : null}
        </a>
      ) : null}
      <div className={styles.toast} role="status" data-open={notice ? true : undefined}>
        {notice ? (
          <>
            <span>{notice.message}</span>
            {noticePath && here !== noticePath && (notice.list === "favourites" ? notice.count > 0 : notice.count >= 1) ? (
              <a href={noticePath}>{notice.list === "favourites" ? "View favourites" : notice.count >= COMPARE_MIN ? "Compare now" : "View compare list"}</a>
            ) : null}
            <button type="button" className="fc-link-button" onClick={() => setNotice(null)}>
              Dismiss<span className="fc-visually-hidden"> message</span>
            </button>
          </>
        ) : null}
      </div>
      {showBar ? (
        <div className={styles.bar}>
          <span>
            {compare.length} of {LIST_MAX.compare} cars picked to compare
          </span>
          <a className="fc-button" href={comparePath}>
            Compare ({compare.length})
          </a>
        </div>
      ) : null}
    </>
  );
}
