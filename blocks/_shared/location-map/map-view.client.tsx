"use client";
import "leaflet/dist/leaflet.css";
import { divIcon } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { CircleMarker, MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import { attributionHtml, initialView, TILE_TIMEOUT_MS, type MapPlace } from "./location-map";
import type { LocationMapProps } from "./location-map.client";
import styles from "./location-map.module.css";

/** A pin whose text (visually hidden) is the place's name: Leaflet makes it a focusable button, and that text names it. */
function pinIcon(name: string) {
  const pin = document.createElement("span");
  pin.className = styles.pin;
  const text = document.createElement("span");
  text.className = "fc-visually-hidden";
  text.textContent = name;
  pin.append(text);
  return divIcon({ html: pin, className: styles.marker, iconSize: [30, 30], iconAnchor: [15, 30], popupAnchor: [0, -28] });
}

function PlaceMarker({ place, viewLocationText, directionsText }: { place: MapPlace; viewLocationText: string; directionsText: string }) {
  const icon = useMemo(() => pinIcon(place.name), [place.name]);
  return (
    <Marker position={[place.lat, place.long]} icon={icon} title={place.name} keyboard>
      <Popup>
        <strong className={styles.popupName}>{place.name}</strong>
        <span className={styles.popupAddress}>{place.address}</span>
        <span className={styles.popupLinks}>
          {place.href ? <a href={place.href}>{viewLocationText}</a> : null}
          <a href={place.directions}>{directionsText}</a>
        </span>
      </Popup>
    </Marker>
  );
}

export default function MapView({ places, settings, searched, viewLocationText, directionsText, onUnavailable }: LocationMapProps & { onUnavailable: () => void }) {
  const loaded = useRef(0);
  // No tile in time (a tile server that never answers) is the same as tiles failing.
  useEffect(() => {
    const timer = setTimeout(() => loaded.current === 0 && onUnavailable(), TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [onUnavailable]);
  const view = useMemo(() => initialView(places, settings, searched), [places, settings, searched]);
  const tileEvents = useMemo(
    () => ({
      tileload: () => void loaded.current++,
      // A failed tile before any has loaded: the tile source is unreachable, not one tile missing.
      tileerror: () => loaded.current === 0 && onUnavailable(),
    }),
    [onUnavailable],
  );
  return (
    <MapContainer className={styles.map} {...view} scrollWheelZoom={false}>
      <TileLayer url={settings.tileUrl} attribution={attributionHtml(settings)} maxZoom={settings.maxZoom} eventHandlers={tileEvents} />
      {searched ? <CircleMarker center={[searched.lat, searched.long]} radius={8} interactive={false} className={styles.searched} /> : null}
      {places.map((place) => (
        <PlaceMarker key={place.id} place={place} viewLocationText={viewLocationText} directionsText={directionsText} />
      ))}
    </MapContainer>
  );
}
