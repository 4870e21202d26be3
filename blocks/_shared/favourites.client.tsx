"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import { hasEntry, listKey, parseList, toggleEntry, type CarList, type ListEntry } from "./favourites";

// Same-tab changes: the storage event only reaches other tabs.
const CHANGE_EVENT = "forecourt:list-change";

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

const LABELS: Record<CarList, string> = { favourites: "Favourite", compare: "Compare" };

const ICONS: Record<CarList, (on: boolean) => ReactNode> = {
  favourites: (on) => (
    <path
      d="M12 20.5l-1.3-1.2C5.6 14.7 2.5 11.9 2.5 8.4A4.4 4.4 0 0 1 7 4c1.9 0 3.7.9 5 2.3A6.6 6.6 0 0 1 17 4a4.4 4.4 0 0 1 4.5 4.4c0 3.5-3.1 6.3-8.2 10.9z"
      fill={on ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
    />
  ),
  compare: (on) => (
    <>
      <rect x="3" y="4" width="7" height="16" rx="1" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" />
      <rect x="14" y="4" width="7" height="16" rx="1" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" />
    </>
  ),
};

/** Toggles a car in the site's favourites or compare list, kept in localStorage. */
export function ListToggle({ site, list, entry, className }: { site: string; list: CarList; entry: ListEntry; className?: string }) {
  const key = listKey(site, list);
  const raw = useSyncExternalStore(subscribe, () => readRaw(key), () => null);
  const on = hasEntry(parseList(raw), entry.id);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={on}
      data-list={list}
      onClick={() => {
        try {
          window.localStorage.setItem(key, JSON.stringify(toggleEntry(parseList(readRaw(key)), entry)));
        } catch {
          return;
        }
        window.dispatchEvent(new Event(CHANGE_EVENT));
      }}
    >
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
        {ICONS[list](on)}
      </svg>
      <span className="fc-visually-hidden">
        {LABELS[list]} {entry.name}
      </span>
    </button>
  );
}
