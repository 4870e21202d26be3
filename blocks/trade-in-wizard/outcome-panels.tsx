import { NOT_FOUND_MESSAGE, noOnlineEstimateReason, OFFER_VALID_DAYS, offerValidUntil } from "../../domain/trade-in";
import { dateTimeFormat, numberFormat } from "../../domain/intl";
import type { VehicleTerms } from "../../domain/vehicle-terms";
import type { Evaluation, Outcome } from "./api";
import { carName } from "./car-name";
import styles from "./trade-in-wizard.module.css";

/** The not-found panel (spec §4): call or contact the dealer, or go back to Step One. */
export function NotFoundPanel({ phone, contactHref, onBack }: { phone: { display: string; href: string } | null; contactHref: string; onBack: () => void }) {
  return (
    <div className={styles.form}>
      <p>{NOT_FOUND_MESSAGE}</p>
      <div className={styles.actions}>
        {phone ? (
          <a className="fc-button" href={phone.href}>
            Call {phone.display}
          </a>
        ) : null}
        <a className="fc-button fc-button--ghost" href={contactHref}>
          Contact
        </a>
        <button type="button" className="fc-button fc-button--ghost" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}

/** The offer (valid 7 days, to accept) or, for a car outside the site's rule, the reason there is no online figure. */
export function OfferPanel(p: {
  evaluation: Evaluation | null;
  outcome: Outcome & { madeAt: Date };
  accepted: boolean;
  busy: boolean;
  locale: string;
  currency: string;
  maxAgeYears: number;
  terms: VehicleTerms;
  onAccept: () => void;
}) {
  const money = numberFormat(p.locale, { style: "currency", currency: p.currency, maximumFractionDigits: 0 });
  const offer = p.outcome.offer;
  const until = offer.price !== null ? (offer.validUntil ?? offerValidUntil(p.outcome.madeAt)) : null;
  return (
    <div className={styles.form}>
      {p.evaluation ? <p className={styles.car}>{carName(p.evaluation)}</p> : null}
      {offer.price !== null ? (
        <>
          <p className={styles.price} data-testid="offer">
            {money.format(offer.price)}
          </p>
          <p>Valid for {OFFER_VALID_DAYS} days, until {dateTimeFormat(p.locale, { day: "numeric", month: "long", year: "numeric" }).format(until!)}.</p>
          {p.accepted ? (
            <p role="status">Thank you. Our buying team will contact you to arrange the sale.</p>
          ) : (
            <button type="button" className={`fc-button ${styles.button}`} onClick={p.onAccept} disabled={p.busy}>
              Accept Offer
            </button>
          )}
        </>
      ) : (
        <>
          <p>{offer.reason ?? noOnlineEstimateReason(p.maxAgeYears, p.terms)}</p>
          <p role="status">Thank you. We have your details.</p>
        </>
      )}
    </div>
  );
}
