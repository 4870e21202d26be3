import type { BlockComponent } from "../../renderer/types";
import styles from "./stats-banner.module.css";

/** A band of big figures (the dealer group's brands page: 50+ Locations, 40+ Brands, 30+ Years). No script. */
const StatsBanner: BlockComponent<"stats-banner"> = ({ id, props }) => {
  const p = props;
  const items = p.items.filter((i) => i.value.trim() && i.label.trim());
  if (!items.length) return null;
  return (
    <section className={styles.band} aria-labelledby={`${id}-heading`} data-block="stats-banner">
      <div className="fc-container">
        <h2 id={`${id}-heading`} className={p.showHeading ? styles.heading : "fc-visually-hidden"}>
          {p.heading || "At a glance"}
        </h2>
        <ul className={styles.items}>
          {items.map((item, i) => (
            <li key={i} className={styles.item}>
              <span className={styles.value}>{item.value.trim()}</span> <span className={styles.label}>{item.label.trim()}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
};

export default StatsBanner;
