import type { StoredVehicle } from "../../../server/inventory/vehicle";
import { depositTerms } from "../../../server/reservations/reservation";
import { paymentsSetting, RESERVATIONS_REFUSED } from "../../../server/payments/provider-for";
import { MONEY_BACK_HEADING, MONEY_BACK_TERMS, MONEY_BACK_TEXT, RESERVE_REFUNDABLE, reserveIneligibleText, showMoneyBack, type ReserveIneligible } from "../../../domain/vdp-rules";
import { vehicleTerms } from "../../../domain/vehicle-terms";
import { ENQUIRE_ANCHOR, similarHref } from "../../../domain/vehicle-links";
import type { TenantDocument } from "../../../renderer/types";
import { CarSummary, DealerContact, wordsFor } from "./car-summary";
import styles from "./checkout.module.css";

export const RESERVE_REFUSED_TITLE = "Reserving online is not available";

/** The deposit's terms beside the form, with the money-back guarantee where the car has it. */
export function Terms({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
  const terms = depositTerms(doc);
  const words = wordsFor(car);
  return (
    <section className={styles.panel} aria-labelledby="deposit-terms">
      <h2 id="deposit-terms" className={styles.h2}>
        Your deposit
      </h2>
      <ul className={styles.points}>
        <li>
          <strong>{terms.text}</strong> deposit, {paymentsSetting().mode === "stripe" ? "held on your card now (not charged)" : "paid by card now"}
        </li>
        <li>{words.held(terms.holdHours)}</li>
        <li>{RESERVE_REFUNDABLE}: cancel within the hold from your confirmation page and the deposit is refunded in full</li>
        <li>{words.comesOff}</li>
      </ul>
      {showMoneyBack(car, doc.features) ? (
        <div className={styles.guarantee} data-testid="money-back">
          <h3 className={styles.h3}>{MONEY_BACK_HEADING}</h3>
          <p>{MONEY_BACK_TEXT}</p>
          <ul>
            {MONEY_BACK_TERMS.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function Ineligible({ car, doc, reason }: { car: StoredVehicle | null; doc: TenantDocument; reason: ReserveIneligible }) {
  const text = reserveIneligibleText(reason, vehicleTerms(car).noun);
  return (
    <div className={styles.narrow} data-testid="reserve-unavailable">
      <h1 className={styles.h1}>{text.title}</h1>
      {car ? <CarSummary car={car} doc={doc} /> : null}
      <p>{text.text}</p>
      <p className={styles.actions}>
        <a className="fc-button" href={car ? similarHref(car, doc) : "/search"}>
          Find Me Something Similar
        </a>
        {car ? (
          <a className="fc-button fc-button--ghost" href={`/cars/${car.slug}`}>
            {wordsFor(car).backTo}
          </a>
        ) : null}
      </p>
    </div>
  );
}

/** Where this deployment takes no deposits: the message, and the ways to ask about the car instead. */
export function Refused({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
  return (
    <div className={styles.layout} data-testid="reserve-refused">
      <div className={styles.main}>
        <h1 className={styles.h1}>{RESERVE_REFUSED_TITLE}</h1>
        <CarSummary car={car} doc={doc} />
        <p role="status">{RESERVATIONS_REFUSED}</p>
        <p className={styles.actions}>
          <a className="fc-button" href={`/cars/${car.slug}#${ENQUIRE_ANCHOR}`}>
            Enquire About This {vehicleTerms(car).Noun}
          </a>
        </p>
      </div>
      <aside className={styles.side}>
        <DealerContact car={car} doc={doc} />
      </aside>
    </div>
  );
}

