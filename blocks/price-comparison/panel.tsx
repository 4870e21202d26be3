import type { CSSProperties } from "react";
import { PRICE_COMPARISON_ANIMATION_MS, dealLabel, fillLevel, type PriceComparison } from "../../domain/price-comparison";
import { formatMoney } from "../../domain/vehicle-display";
import styles from "./price-comparison.module.css";
import { confidenceText, marketRangeText, type Identity } from "./texts";

export type { Identity };

export type PanelState = { status: "loading" } | { status: "ready"; data: PriceComparison } | { status: "hidden" };

export interface PanelTexts {
  id: string;
  heading: string;
  intro: string | null;
}

/**
 * The panel as the state has it: a skeleton while loading, the comparison when ready, nothing when
 * hidden. The meter fills from 0 to the fill over 2.5 s (a CSS animation, off for reduced motion).
 */
export function PriceComparisonPanel({ state, texts, identity }: { state: PanelState; texts: PanelTexts; identity: Identity }) {
  if (state.status === "hidden") return null;
  const headingId = `${texts.id}-heading`;
  return (
    <section className="fc-block-section" aria-labelledby={headingId} aria-busy={state.status === "loading"} data-block="price-comparison">
      <div className="fc-container">
        <h2 id={headingId} className="fc-section-heading">
          {texts.heading}
        </h2>
        {texts.intro ? <p className="fc-section-intro">{texts.intro}</p> : null}
        {state.status === "loading" ? <Skeleton /> : <Comparison data={state.data} identity={identity} />}
      </div>
    </section>
  );
}

function Skeleton() {
  return (
    <div className={`fc-panel ${styles.card} ${styles.skeleton}`} data-testid="price-comparison-skeleton">
      <span className="fc-visually-hidden" role="status">
        Loading the price comparison
      </span>
      <div className={`fc-skeleton ${styles.bone}`} style={{ width: "40%", height: "1.6rem" }} />
      <div className={`fc-skeleton ${styles.bone}`} style={{ height: "1rem" }} />
      <div className={`fc-skeleton ${styles.bone}`} style={{ width: "70%" }} />
      <div className={`fc-skeleton ${styles.bone}`} style={{ width: "55%" }} />
    </div>
  );
}

function Comparison({ data, identity }: { data: PriceComparison; identity: Identity }) {
  const level = fillLevel(data.fill);
  const label = dealLabel(data.fill);
  const money = (n: number) => formatMoney(n, identity, 0);
  const percent = Math.round(data.fill * 100);
  const meterStyle = { "--fill": data.fill, animationDuration: `${PRICE_COMPARISON_ANIMATION_MS}ms` } as CSSProperties;
  return (
    <div className={`fc-panel ${styles.card}`} data-fill-level={level}>
      <p className={styles.deal}>
        <span className={`${styles.badge} ${styles[level]}`} data-testid="price-comparison-label">
          {label}
        </span>
      </p>
      <div
        className={styles.track}
        role="meter"
        aria-label="Price against the market"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label}: ${percent}% of the way from the top to the bottom of the market range`}
        data-fill={data.fill}
      >
        <div className={`${styles.fill} ${styles[level]}`} style={meterStyle} data-testid="price-comparison-fill" />
      </div>
      <div className={styles.scale} aria-hidden="true">
        <span>Above market</span>
        <span>Below market</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Listing price</dt>
          <dd data-testid="price-comparison-listing">{money(data.listing_price)}</dd>
        </div>
        <div>
          <dt>Market range</dt>
          <dd data-testid="price-comparison-range">{marketRangeText(data.market_range_min, data.market_range_max, identity)}</dd>
        </div>
        <div>
          <dt>Confidence</dt>
          <dd data-testid="price-comparison-confidence">{confidenceText(data.confidence, identity.locale)}</dd>
        </div>
      </dl>
      {data.description ? <p className={styles.description}>{data.description}</p> : null}
    </div>
  );
}
