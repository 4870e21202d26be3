import { useStats } from "react-instantsearch";
import { numberFormat } from "../../domain/intl";
import { vehicleWord } from "../../domain/vehicle-display";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

/** "245 Caravans": the count in the site's vehicle word. */
function countText(nbHits: number, settings: SearchSettings) {
  return `${numberFormat(settings.card.locale).format(nbHits)} ${vehicleWord(nbHits, { identity: settings.noun })}`;
}

export function ResultsCount({ settings }: { settings: SearchSettings }) {
  const { nbHits } = useStats();
  const count = countText(nbHits, settings);
  return (
    <div className={styles.summary}>
      <h2 id={`${settings.blockId}-count`} className={styles.count}>
        {count}
      </h2>
      <p className="fc-visually-hidden" role="status">
        {count} found
      </p>
    </div>
  );
}

export function ShowResultsLabel({ settings }: { settings: SearchSettings }) {
  const { nbHits } = useStats();
  return <>Show {countText(nbHits, settings)}</>;
}

