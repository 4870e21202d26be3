"use client";

import { useEffect, useRef, useState } from "react";
import { SIMILAR_CARS_LOAD_MARGIN_PX } from "../../domain/vdp-rules";
import type { AlgoliaConfig } from "../../domain/search-host";
import { lazySearchClient } from "../_shared/lazy-search-client";
import { useNearView } from "../_shared/use-near-view";
import type { CardSettings } from "../_shared/vehicle-card";
import { SimilarCarsList, type SimilarState, type SimilarTexts } from "./list";
import { loadSimilarCars, type SimilarQuery } from "./load";

export interface SimilarCarsSettings {
  texts: SimilarTexts;
  query: SimilarQuery;
  /** The host whose engine answers ({slug}.localhost; the browser uses its own origin). */
  host: string;
  algolia: AlgoliaConfig | null;
  card: CardSettings;
  now: number;
}

/**
 * Loads the similar cars once the section comes within 500 px of the viewport (6 placeholders
 * until then). A failure is logged and the section leaves the page; so does an empty answer.
 */
export function SimilarCarsClient({ settings }: { settings: SimilarCarsSettings }) {
  const root = useRef<HTMLElement>(null);
  const [state, setState] = useState<SimilarState>({ status: "waiting" });

  const near = useNearView(root, SIMILAR_CARS_LOAD_MARGIN_PX);
  useEffect(() => {
    if (!near) return;
    let live = true;
    setState({ status: "loading" });
    loadSimilarCars(lazySearchClient(settings.host, settings.algolia), settings.query)
      .then((cars) => live && setState(cars.length ? { status: "ready", cars } : { status: "hidden" }))
      .catch((error) => {
        console.error("[similar-cars] the search failed:", error);
        if (live) setState({ status: "hidden" });
      });
    return () => {
      live = false;
    };
  }, [near, settings]);

  if (state.status === "hidden" || (state.status === "ready" && !state.cars.length)) return null;
  return (
    <section ref={root} className="fc-container fc-block-section" aria-labelledby={`${settings.texts.id}-heading`} data-block="similar-cars">
      <SimilarCarsList state={state} texts={settings.texts} card={settings.card} now={settings.now} />
    </section>
  );
}
