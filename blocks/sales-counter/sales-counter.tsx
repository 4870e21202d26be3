import { salesThisMonth } from "../../domain/sales-counter";
import type { BlockComponent } from "../../renderer/types";
import { SalesCount } from "./sales-counter.client";
import styles from "./sales-counter.module.css";

/** The sales-this-month counter: the value is drawn on the server; the browser counts it up and refreshes it. */
const SalesCounter: BlockComponent<"sales-counter"> = ({ id, props, ctx }) => {
  const p = props;
  const timeZone = ctx.tenant.identity.timeZone;
  const locale = ctx.tenant.identity.locale;
  return (
    <section className={styles.band} aria-labelledby={`${id}-label`} data-block="sales-counter">
      <p className={`fc-container ${styles.inner}`}>
        <SalesCount initial={salesThisMonth(new Date(), timeZone)} timeZone={timeZone} locale={locale} className={styles.value} />
        <span id={`${id}-label`} className={styles.label}>
          {p.label}
        </span>
      </p>
    </section>
  );
};

export default SalesCounter;
