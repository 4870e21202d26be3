import { deliveryPlaceholder } from "../../domain/delivery";
import { isAvailable } from "../../domain/vehicle-display";
import type { BlockComponent } from "../../renderer/types";
import { deliveryAvailable, deliveryProvider } from "../../server/delivery/provider";
import { DeliveryCalculatorClient } from "../lazy.generated";
import styles from "./delivery-calculator.module.css";

/**
 * The VDP's delivery cost calculator (spec §3, §4, §5, §8): a postcode in, "Estimated delivery to
 * {region}: $X" out, from the site's delivery-quote provider (GET /api/delivery-quote). Shown for an
 * available car where the site has the calculator on and the provider quotes its country (so not
 * on New Zealand sites while the only provider is the Australian postcode table).
 */
const DeliveryCalculator: BlockComponent<"delivery-calculator"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car || !isAvailable(car.status) || !deliveryAvailable(ctx.tenant, deliveryProvider())) return null;
  const p = props;
  const { locale, currency } = ctx.tenant.identity;
  return (
    <section className="fc-block-section" aria-labelledby={`${id}-heading`} data-block="delivery-calculator">
      <div className="fc-container">
        <h2 id={`${id}-heading`} className="fc-section-heading">
          {p.heading}
        </h2>
        {p.intro ? <p className={`fc-section-intro ${styles.intro}`}>{p.intro}</p> : null}
        <div className={`fc-panel ${styles.calculator}`}>
          <DeliveryCalculatorClient
            car={car.slug}
            texts={{ label: p.label, button: p.buttonLabel, loading: p.loadingText, result: p.resultText }}
            identity={{ locale, currency }}
            placeholder={deliveryPlaceholder(ctx.tenant)}
          />
          {p.note ? <p className={styles.note}>{p.note}</p> : null}
        </div>
      </div>
    </section>
  );
};

export default DeliveryCalculator;
