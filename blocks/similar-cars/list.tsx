import { SIMILAR_CARS_PLACEHOLDERS } from "../../domain/vdp-rules";
import { VehicleCard, type CardSettings, type CardVehicle } from "../_shared/vehicle-card";
import styles from "./similar-cars.module.css";

export type SimilarState = { status: "waiting" | "loading" } | { status: "ready"; cars: CardVehicle[] } | { status: "hidden" };

export interface SimilarTexts {
  id: string;
  heading: string;
}

/** The section as the state has it: 6 placeholders until the cars arrive, then up to 6 cards; nothing when hidden or empty. */
export function SimilarCarsList({ state, texts, card, now }: { state: SimilarState; texts: SimilarTexts; card: CardSettings; now: number }) {
  if (state.status === "hidden" || (state.status === "ready" && !state.cars.length)) return null;
  const headingId = `${texts.id}-heading`;
  const loading = state.status !== "ready";
  return (
    <>
      <h2 id={headingId} className={`fc-section-heading ${styles.heading}`}>
        {texts.heading}
      </h2>
      {loading ? (
        <span className="fc-visually-hidden" role="status">
          Loading {texts.heading.toLowerCase()}
        </span>
      ) : null}
      <ul className={styles.track} aria-labelledby={headingId} aria-busy={loading} data-state={state.status}>
        {state.status === "ready"
          ? state.cars.map((car) => (
              <li key={car.objectID} className={styles.item}>
                <VehicleCard car={car} settings={card} now={new Date(now)} idPrefix={texts.id} />
              </li>
            ))
          : Array.from({ length: SIMILAR_CARS_PLACEHOLDERS }, (_, i) => (
              <li key={i} className={`${styles.item} ${styles.placeholder}`} aria-hidden="true" data-testid="similar-placeholder">
                <div className={styles.phImage} />
                <div className={`fc-skeleton ${styles.phLine}`} />
                <div className={`fc-skeleton ${styles.phLine}`} style={{ width: "60%" }} />
              </li>
            ))}
      </ul>
    </>
  );
}
