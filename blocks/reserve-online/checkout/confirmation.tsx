import type { StoredVehicle } from "../../../server/inventory/vehicle";
import type { ReservationView } from "../../../server/reservations/reservation";
import { NOT_YOUR_RESERVATION, RESERVE_REFUNDABLE } from "../../../domain/vdp-rules";
import { formatMoney } from "../../../domain/vehicle-display";
import { similarHref } from "../../../domain/vehicle-links";
import { dateTimeFormat } from "../../../domain/intl";
import type { TenantDocument } from "../../../renderer/types";
import { CarSummary, wordsFor } from "./car-summary";
import { CancelReservation } from "./cancel-reservation.client";
import styles from "./checkout.module.css";

function holdText(date: Date, doc: TenantDocument) {
  return dateTimeFormat(doc.identity.locale, { timeZone: doc.identity.timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(date);
}

/** What anyone but the buyer sees of a reservation's page: the car, nothing of the payment, no Cancel. */
export function StrangerBody({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
  return (
    <>
      <h1 className={styles.h1}>Reservation</h1>
      <CarSummary car={car} doc={doc} />
      <p role="status">{NOT_YOUR_RESERVATION}</p>
    </>
  );
}

export function ConfirmationBody({ r, car, doc, confirmationUrl }: { r: ReservationView; car: StoredVehicle; doc: TenantDocument; confirmationUrl: string }) {
  const deposit = formatMoney(r.deposit / 100, doc.identity, r.deposit % 100 ? 2 : 0);
  const words = wordsFor(car);
  const retry = r.kind === "purchase" ? `/checkout-journey?car_id=${car.slug}` : `/cars/${car.slug}/${doc.features.reserveOnline.route ?? "checkout"}`;
  if (r.status === "held") {
    return (
      <>
        <h1 className={styles.h1}>{r.kind === "purchase" ? words.reservedPurchase : words.reserved}</h1>
        <CarSummary car={car} doc={doc} />
        <div className={styles.panel} role="status">
          <dl className={styles.facts}>
            <dt>Payment reference</dt>
            <dd data-testid="payment-reference">{r.paymentReference}</dd>
            <dt>Deposit paid</dt>
            <dd>{deposit}</dd>
            <dt>Held until</dt>
            <dd data-testid="hold-until">{holdText(r.holdUntil!, doc)}</dd>
          </dl>
        </div>
        <p>We have sent your details to the dealer, who will contact you shortly. Your deposit is {RESERVE_REFUNDABLE.toLowerCase()}: you can cancel until the hold ends.</p>
        <CancelReservation id={r.id} confirmationUrl={confirmationUrl} question={words.cancelQuestion(deposit)} />
      </>
    );
  }
  if (r.status === "cancelled") {
    return (
      <>
        <h1 className={styles.h1}>Your reservation is cancelled</h1>
        <CarSummary car={car} doc={doc} />
        <p role="status">{words.refunded(deposit, r.paymentReference)}</p>
      </>
    );
  }
  if (r.status === "expired") {
    return (
      <>
        <h1 className={styles.h1}>Your hold has ended</h1>
        <CarSummary car={car} doc={doc} />
        <p>{words.holdEnded(r.holdHours, r.holdUntil ? holdText(r.holdUntil, doc) : null, r.paymentReference)}</p>
      </>
    );
  }
  if (r.status === "pending") {
    return (
      <>
        <h1 className={styles.h1}>Your payment is not finished</h1>
        <CarSummary car={car} doc={doc} />
        <p role="status">{words.notReservedYet}</p>
        <p>
          <a className="fc-button" href={retry}>
            Try again
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className={styles.h1}>{words.notReserved}</h1>
      <CarSummary car={car} doc={doc} />
      <p role="alert" className={styles.error}>
        {r.failureMessage}
      </p>
      <p className={styles.actions}>
        <a className="fc-button" href={retry}>
          Try again
        </a>
        <a className="fc-button fc-button--ghost" href={similarHref(car, doc)}>
          Find Me Something Similar
        </a>
      </p>
    </>
  );
}

