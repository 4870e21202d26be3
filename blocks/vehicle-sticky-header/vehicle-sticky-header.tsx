import { ENQUIRE_FOR_FINANCE, FINANCE_MIN_PRICE, carLoan, loanWeekly, rateText } from "../../domain/finance";
import { financeHref } from "../../domain/finance-links";
import { financeExcluded } from "../../domain/finance-estimate";
import { BODY_TYPES, normaliseBody } from "../../domain/media";
import { imageUrl } from "../../domain/image-urls";
import { formatMoney, isAvailable, priceDisplay, vehicleHeading } from "../../domain/vehicle-display";
import type { BlockComponent } from "../../renderer/types";
import { simpleTransmission } from "../../server/inventory/records";
import { tradeInHref } from "../../domain/vehicle-links";
import { StickyBar } from "./vehicle-sticky-header.client";
import { LoanText } from "../_shared/loan-text.client";
import styles from "./vehicle-sticky-header.module.css";

/**
 * The VDP's sticky header (spec §2, §4, §9: after 500 px of scroll): the car's picture, name,
 * transmission and body, price and price type, the weekly repayment of the car's loan (the one the
 * finance card and calculator show, domain/finance.ts carLoan; it follows the calculator), and
 * Get Finance / Trade-In Valuation. Wide screens only (phones have the mobile bar); left out for
 * unavailable cars and where the site has features.stickyHeader off.
 */
const VehicleStickyHeader: BlockComponent<"vehicle-sticky-header"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  const { tenant } = ctx;
  if (!car || tenant.features.stickyHeader === false || !isAvailable(car.status)) return null;
  const { title, subtitle } = vehicleHeading(car);
  const price = priceDisplay(car, tenant);
  const body = normaliseBody(car.body, car.item_type ?? "car");
  const details = [simpleTransmission(car.transmission), body ? BODY_TYPES[body] : car.body?.trim()].filter(Boolean).join(" · ");
  const excluded = financeExcluded(car, tenant.finance);
  const loan = props.weeklyEstimate !== false && !excluded && car.price > FINANCE_MIN_PRICE ? carLoan(tenant.finance, car) : null;
  const weekly = loan ? loanWeekly(loan, tenant.finance.calculator) : null;
  const finance = props.financeButton !== false && !excluded ? financeHref(tenant.finance, car, tenant.dealerships) : null;
  const tradeIn = props.tradeInButton !== false && tenant.features.tradeIn?.enabled ? tradeInHref(car) : null;
  const image = car.images?.[0]?.url;
  return (
    <StickyBar label={`${title} summary`}>
      <div className={styles.inner} id={id}>
        {image ? <img className={styles.image} src={imageUrl(image, { width: 256, quality: 75 })} alt="" width={96} height={64} loading="lazy" decoding="async" /> : null}
        <p className={styles.name}>
          <strong>{[title, subtitle].filter(Boolean).join(" ")}</strong>
          {details ? <span className={styles.details}>{details}</span> : null}
        </p>
        <p className={styles.price}>
          <strong>{price.text}</strong>
          {price.kind === "price" && price.label ? <span className={styles.details}>{price.label}</span> : null}
        </p>
        {loan && weekly ? (
          <p className={styles.estimate}>
            <strong data-testid="sticky-finance-figure">
              <LoanText car={car.id} part="weekly" initial={`Est. ${formatMoney(weekly, tenant.identity)}/wk*`} before="Est. " after="/wk*" none={ENQUIRE_FOR_FINANCE} />
            </strong>
            <span className={styles.details}>
              <LoanText car={car.id} part="rate" initial={`at ${rateText(loan.interest)}% p.a.`} before="at " after="% p.a." />
            </span>
          </p>
        ) : null}
        <p className={styles.actions}>
          {finance ? (
            <a className="fc-button" href={finance}>
              Get Finance
            </a>
          ) : null}
          {tradeIn ? (
            <a className="fc-button fc-button--ghost" href={tradeIn}>
              Trade-In Valuation
            </a>
          ) : null}
        </p>
      </div>
    </StickyBar>
  );
};

export default VehicleStickyHeader;
