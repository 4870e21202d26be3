import { drawnPoints, MAP_UNAVAILABLE, type MapPlace } from "./location-map";
import styles from "./location-map.module.css";

/** Up to this many places are labelled with their names on the drawing; more would overlap (their links keep the names). */
export const DRAWN_LABELS_MAX = 6;

/**
 * The map when no tile can load (offline, blocked, the tile server down): a drawing of where the
 * places are relative to each other — each a pin that links to its page, or for a single place to
 * its directions — with the searched place as a dot, and a notice that the real map is unavailable.
 * No picture is fetched; it works without JavaScript.
 */
export function DrawnMap({
  places,
  searched,
  label,
  directionsText,
}: {
  places: MapPlace[];
  searched?: { lat: number; long: number; label: string } | null;
  label: string;
  directionsText: string;
}) {
  const points = drawnPoints([...places, ...(searched ? [searched] : [])]);
  const single = places.length === 1;
  const labelled = places.length <= DRAWN_LABELS_MAX;
  return (
    <div className={styles.frame} role="region" aria-label={label} data-testid="drawn-map">
      <svg className={styles.drawnBackground} viewBox="0 0 200 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path d="M0 30 Q60 20 110 38 T200 32 M0 74 Q70 84 130 64 T200 70 M38 0 Q46 50 30 100 M150 0 Q138 48 162 100" className={styles.drawnRoads} />
      </svg>
      <ul className={styles.drawnPlaces}>
        {places.map((place, i) => (
          <li key={place.id} className={styles.drawnPlace} style={{ left: `${points[i].x}%`, top: `${points[i].y}%` }}>
            <a href={single ? place.directions : (place.href ?? place.directions)} className={styles.drawnLink} {...(single || !place.href ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
              <span className={styles.pin} aria-hidden="true" />
              <span className={labelled ? styles.drawnLabel : "fc-visually-hidden"}>
                {place.name}
                {single ? <span className={styles.drawnDirections}> {directionsText}</span> : null}
              </span>
              {single || !place.href ? <span className="fc-visually-hidden"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
        {searched ? (
          <li className={styles.drawnPlace} style={{ left: `${points[places.length].x}%`, top: `${points[places.length].y}%` }}>
            <span className={styles.drawnSearched} aria-hidden="true" />
            <span className={styles.drawnLabel}>{searched.label}</span>
          </li>
        ) : null}
      </ul>
      <p className={styles.drawnNotice} role="status" data-testid="map-unavailable">
        {MAP_UNAVAILABLE}
      </p>
    </div>
  );
}
