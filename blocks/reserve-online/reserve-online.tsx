import { reserveTerms, showMoneyBack } from "../../domain/vdp-rules";
import type { BlockComponent } from "../../renderer/types";
import { Icon } from "../_shared/icons";
import { cardSettings, reserveHref } from "../_shared/vehicle-card";
import styles from "./reserve-online.module.css";

/** {deposit} / {amount} → "$200", {hold} → "48 hours", {refundable} → "100% refundable". */
export function fillReserveText(text: string, terms: ReturnType<typeof reserveTerms>): string {
  return text
    .replaceAll("{deposit}", terms.deposit)
    .replaceAll("{amount}", terms.deposit)
    .replaceAll("{hold}", terms.hold)
    .replaceAll("{refundable}", terms.refundable);
}

/** Leads spec §9: the 48-hour money-back guarantee is for used cars, on sites that offer it (one rule, in domain/vdp-rules). */
export { showMoneyBack };

const POINT_ICONS = ["dollar", "clock", "refund"] as const;

/**
 * Reserve Online (spec §2, §5; leads spec §9): the deposit (default $200), the hold (48 hours) and
 * that it is 100% refundable, with the Reserve Now {amount} button; for a used car on a site with
 * the guarantee, the 48-hour money-back guarantee and its terms. Shown only when the car is
 * eligible for online reservation (the site takes deposits, the car is available and not reserved:
 * the same rule as the card's and the sidebar's reserve button).
 */
const ReserveOnline: BlockComponent<"reserve-online"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const { tenant } = ctx;
  const href = reserveHref(car, cardSettings(tenant));
  if (!href) return null;
  const p = props;
  const terms = reserveTerms(tenant.features.reserveOnline, tenant.identity);
  const fill = (text: string) => fillReserveText(text, terms);
  const moneyBack = showMoneyBack(car, tenant.features);

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`} data-block="reserve-online">
      <div className={`fc-container ${styles.panel}`}>
        <div className={styles.reserve}>
          <h2 id={`${id}-heading`} className={styles.heading}>
            {p.heading}
          </h2>
          {p.text ? <p className={styles.text}>{fill(p.text)}</p> : null}
          {p.points.length ? (
            <ul className={styles.points}>
              {p.points.map((point, i) => (
                <li key={i}>
                  <Icon name={POINT_ICONS[i % POINT_ICONS.length]} size={22} className={styles.pointIcon} />
                  {fill(point)}
                </li>
              ))}
            </ul>
          ) : null}
          <p className={styles.action}>
            <a className="fc-button" href={href}>
              {fill(p.buttonLabel)}
            </a>
          </p>
        </div>
        {moneyBack ? (
          <div className={styles.guarantee} data-testid="money-back">
            <h3 className={styles.guaranteeHeading}>
              <Icon name="shield" size={22} className={styles.pointIcon} />
              {p.moneyBackHeading}
            </h3>
            {p.moneyBackText ? <p className={styles.text}>{p.moneyBackText}</p> : null}
            {p.moneyBackTerms.length ? (
              <ul className={styles.terms}>
                {p.moneyBackTerms.map((term, i) => (
                  <li key={i}>{term}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
};

export default ReserveOnline;
