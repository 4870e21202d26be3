"use client";
import dynamic from "next/dynamic";
import { useCallback, useRef, useState } from "react";
import { useNearView } from "../use-near-view";
import type { MapPlace, MapSettings } from "./location-map";
import { DrawnMap } from "./drawn-map";
import styles from "./location-map.module.css";

// Leaflet (about 40 KB compressed with its CSS) loads only where a map is shown, and only in the browser.
const MapView = dynamic(() => import("./map-view.client"), { ssr: false });

/** How near the screen the map's frame must come before Leaflet loads (px). */
export const MAP_LOAD_MARGIN_PX = 600;

export interface LocationMapProps {
  places: MapPlace[];
  settings: MapSettings;
  /** The searched place (the dealer locator's postcode), drawn as a dot and kept in view. */
  searched?: { lat: number; long: number; label: string } | null;
  /** The map region's accessible name: "Map of our locations". */
  label: string;
  viewLocationText: string;
  directionsText: string;
  /** Leaflet loads only once the map comes near the screen (a location page's map, below its details). */
  whenNear?: boolean;
}

/**
 * A map of locations (OpenStreetMap tiles by default, or the site's tile source) with one
 * keyboard-reachable marker per place. When its tiles cannot load it gives way to a drawing of where
 * the places are (drawn-map.tsx: pins linking to each place, or a single place's directions) and a
 * notice; the address cards beside it still say where each place is and link to directions.
 *
 * With `whenNear`, Leaflet loads once the map's frame comes within 600 px of the screen (the dealer
 * locator, whose map is the page's point, loads it at once). On a location page it made
 * two long tasks right after hydration (its script, 16 ms of one core here, then 13 ms of a layout
 * it forced by measuring its box before hydration's changes were laid out; 2026-11-30, load 18), and
 * on a phone the map is often below the first screen.
 */
export function LocationMap(props: LocationMapProps) {
  const [unavailable, setUnavailable] = useState(false);
  const giveUp = useCallback(() => setUnavailable(true), []);
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearView(frame, MAP_LOAD_MARGIN_PX, props.whenNear === true);
  if (unavailable) return <DrawnMap places={props.places} searched={props.searched} label={props.label} directionsText={props.directionsText} />;
  return (
    <div ref={frame} className={styles.frame} role="region" aria-label={props.label} data-testid="location-map">
      {near ? <MapView {...props} onUnavailable={giveUp} /> : null}
      <noscript>
        <p className={styles.noscript}>The map needs JavaScript. Every location has its address and a Get Directions link.</p>
      </noscript>
    </div>
  );
}
