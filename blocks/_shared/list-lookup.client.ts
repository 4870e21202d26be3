"use client";

import { useEffect, useState } from "react";
import type { ListLookupItem } from "../../domain/car-lists";
import type { ListEntry } from "./favourites";

export type LookupState = { status: "loading" | "ready" | "error"; items: Map<string, ListLookupItem> };

/**
 * The current state of the listed cars (GET /api/cars?ids=…), asked once per car: a car taken off
 * the list is not asked again, one added is. Null entries (the list not read yet) ask nothing.
 */
export function useListLookup(entries: ListEntry[] | null): LookupState {
  const [items, setItems] = useState<Map<string, ListLookupItem>>(() => new Map());
  const [status, setStatus] = useState<LookupState["status"]>("loading");
  const missing = (entries ?? []).filter((e) => !items.has(e.id)).map((e) => e.id);
  const key = missing.join(",");

  useEffect(() => {
    if (!key) {
      if (entries) setStatus((s) => (s === "error" ? s : "ready"));
      return;
    }
    const controller = new AbortController();
    setStatus("loading");
    fetch(`/api/cars?ids=${encodeURIComponent(key)}`, { signal: controller.signal, credentials: "same-origin" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`GET /api/cars answered ${res.status}`);
        const body = (await res.json()) as { cars: ListLookupItem[] };
        setItems((prev) => {
          const next = new Map(prev);
          for (const item of body.cars) next.set(item.id, item);
          return next;
        });
        setStatus("ready");
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("[lists] could not check the listed cars:", e);
        setStatus("error");
      });
    return () => controller.abort();
  }, [key, entries]);

  return { status, items };
}
