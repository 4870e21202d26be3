/**
 * The reserve-online pages (spec search-and-vehicle-detail §2 routes; leads §2 routes, §4, §9):
 *   /cars/{slug}/checkout or /cars/{slug}/buy-online (the site's features.reserveOnline.route only;
 *   the other is a 404), /checkout-journey?car_id={slug} on sites with features.onlinePurchase, and
 *   a reservation's confirmation /cars/{slug}/reservation/{id}. Each is the site's own page: its
 *   layout's top and bottom blocks (header, footer) around the content. A car that cannot be
 *   reserved (sold, reserved, unpriced) gets a page saying so with a link to similar stock.
 */
import { cache, type ReactNode } from "react";
import { cookies } from "next/headers";
import { SESSION_COOKIE, sessionUser } from "../server/auth/sessions";
import { tenantForHost } from "../server/tenants/live";
import type { LiveDocument } from "../server/tenants/store";
import { getDb } from "../server/db";
import { siteVehicleBySlug } from "../server/inventory/vdp";
import { getVehicle } from "../server/inventory/store";
import type { StoredVehicle } from "../server/inventory/vehicle";
import { finalizeReservation, getReservation } from "../server/reservations/service";
import { ownerCookieName, ownsReservation } from "../server/reservations/owner";
import { depositTerms, kindEnabled, type ReservationKind, type ReservationView } from "../server/reservations/reservation";
import { paymentProvider, paymentsSetting, RESERVATIONS_REFUSED, reservationsRefused } from "../server/payments/provider-for";
import { leadFormSpec } from "../domain/lead-forms";
import { imageUrl } from "../domain/image-urls";
import { NOT_YOUR_RESERVATION, MONEY_BACK_HEADING, MONEY_BACK_TERMS, MONEY_BACK_TEXT, RESERVE_REFUNDABLE, reservationWords, reserveIneligibility, reserveIneligibleText, reserveNowLabel, showMoneyBack, type ReserveIneligible } from "../domain/vdp-rules";
import { formatMoney, priceDisplay, vehicleHeading } from "../domain/vehicle-display";
import { vehicleTerms } from "../domain/vehicle-terms";
import { callNumber, carLocation, ENQUIRE_ANCHOR, similarHref } from "../domain/vehicle-links";
import { addressLine } from "../domain/locations";
import { formatCallNumber } from "../domain/phone";
import { searchHost } from "../domain/search-host";
import { renderBlocks } from "./render-blocks";
import { siteIcon } from "./tenant-page";
import { documentTitle } from "../domain/page-title";
import { ReserveForm } from "./reserve-form.client";
import { CancelReservation } from "./cancel-reservation.client";
import { dateTimeFormat } from "../domain/intl";
import type { BlockContext, TenantDocument } from "./types";
import styles from "./checkout.module.css";

const SLUG = /^[a-z0-9-]{1,200}$/;

export interface CheckoutPage {
  title: string;
  element: ReactNode;
  icon: string;
}

/** The site's chrome (its layout's top and bottom blocks) around a platform page's content. */
async function withChrome(live: LiveDocument, path: string, title: string, content: ReactNode): Promise<CheckoutPage> {
  const doc = live.document;
  const ctx: BlockContext = { tenant: doc, page: { id: "reserve-online", path, title, blocks: [] }, path, vehicle: null, searchHost: searchHost(doc.identity, null) };
  const [top, bottom] = await Promise.all([renderBlocks(doc.layout.top, ctx), renderBlocks(doc.layout.bottom, ctx)]);
  return {
    title: documentTitle(title, doc.identity.name),
    icon: siteIcon(doc),
    element: (
      <>
        <a href="#main" className="fc-skip-link">
          Skip to content
        </a>
        {top}
        <main id="main" tabIndex={-1} className={styles.page}>
          {content}
        </main>
        {bottom}
      </>
    ),
  };
}

const carName = (car: StoredVehicle) => {
  const { title, subtitle } = vehicleHeading(car);
  return [title, subtitle].filter(Boolean).join(" ");
};

/** The car's picture, name and price, as every reserve page shows it. */
function CarSummary({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
  const { title, subtitle } = vehicleHeading(car);
  const price = priceDisplay(car, doc);
  const image = car.images?.[0]?.url;
  return (
    <div className={styles.car}>
      {image ? <img className={styles.carImage} src={imageUrl(image, { width: 480 })} alt={carName(car)} width={480} height={320} /> : null}
      <div>
        <p className={styles.carTitle}>
          <a href={`/cars/${car.slug}`}>{title}</a>
        </p>
        {subtitle ? <p className={styles.carSubtitle}>{subtitle}</p> : null}
        <p className={styles.carPrice}>
          {price.kind === "price" ? (
            <>
              <strong>{price.text}</strong> {price.label}
            </>
          ) : (
            price.text
          )}
        </p>
        <p className={styles.small}>Stock No. {car.stocknum}</p>
      </div>
    </div>
  );
}

/** The dealer's contact details: the car's location, else the site's. */
function DealerContact({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
  const location = carLocation(doc, car);
  const phone = callNumber(doc, car, location);
  const email = location?.contact_detail?.email || doc.identity.email;
  return (
    <section className={styles.panel} aria-labelledby="dealer-contact">
      <h2 id="dealer-contact" className={styles.h2}>
        Questions? Contact us
      </h2>
      <p>
        <strong>{location?.name ?? doc.identity.name}</strong>
        {location?.address ? (
          <>
            <br />
            {addressLine(location.address)}
          </>
        ) : null}
      </p>
      <ul className={styles.plain}>
        {phone ? (
          <li>
            Phone: <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{formatCallNumber(phone, doc.identity.locale)}</a>
          </li>
        ) : null}
        {email ? (
          <li>
            Email: <a href={`mailto:${email}`}>{email}</a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/** The reserve pages' words for the car's kind (domain/vehicle-terms.ts): "Reserve this caravan". */
const wordsFor = (car: StoredVehicle | null) => reservationWords(vehicleTerms(car).noun);

function Terms({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
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

function Ineligible({ car, doc, reason }: { car: StoredVehicle | null; doc: TenantDocument; reason: ReserveIneligible }) {
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
function Refused({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
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

export const RESERVE_REFUSED_TITLE = "Reserving online is not available";

async function reservePage(live: LiveDocument, car: StoredVehicle | null, kind: ReservationKind, path: string, pageUrlPath: string): Promise<CheckoutPage> {
  const doc = live.document;
  const reason = car ? reserveIneligibility(car, { enabled: true }) : "unavailable";
  const words = wordsFor(car);
  const heading = kind === "purchase" ? words.purchaseHeading : words.reserveHeading;
  if (!car || reason) return withChrome(live, path, reserveIneligibleText(reason ?? "unavailable", vehicleTerms(car).noun).title, <Ineligible car={car} doc={doc} reason={reason ?? "unavailable"} />);
  // No payment provider on this deployment (server/payments/provider-for.ts): no form, the ways to ask instead.
  if (reservationsRefused()) return withChrome(live, path, RESERVE_REFUSED_TITLE, <Refused car={car} doc={doc} />);
  const terms = depositTerms(doc);
  const spec = leadFormSpec(doc, "reserve");
  const domain = doc.identity.domains[0];
  const content = (
    <div className={styles.layout}>
      <div className={styles.main}>
        <h1 className={styles.h1}>{heading}</h1>
        <CarSummary car={car} doc={doc} />
        <ReserveForm
          slug={car.slug}
          kind={kind}
          spec={spec}
          buttonLabel={reserveNowLabel(terms.text)}
          depositText={terms.text}
          pageUrl={domain ? `https://${domain}${pageUrlPath}` : undefined}
          words={{ declined: words.declined, payQuestion: words.payQuestion }}
          hostedPayment={paymentsSetting().mode === "stripe"}
        />
      </div>
      <aside className={styles.side}>
        <Terms car={car} doc={doc} />
        <DealerContact car={car} doc={doc} />
      </aside>
    </div>
  );
  return withChrome(live, path, `${heading}: ${carName(car)}`, content);
}

/**
 * /cars/{slug}/{route}: null (a 404) for an unknown host, a malformed or unknown car, a site
 * without reserve online or whose route is the other one. The page and its metadata ask for the
 * same answer in one request: React's cache (here and below) works it out once.
 */
export const checkoutPage = cache(async (host: string, slug: string, route: "checkout" | "buy-online"): Promise<CheckoutPage | null> => {
  const live = await tenantForHost(host);
  if (!live || !SLUG.test(slug)) return null;
  const r = live.document.features.reserveOnline;
  if (!kindEnabled(live.document, "reserve") || (r.route ?? "checkout") !== route) return null;
  const car = await siteVehicleBySlug((await getDb()).db, live.document, slug);
  if (!car) return null;
  const path = `/cars/${slug}/${route}`;
  return reservePage(live, car, "reserve", path, path);
});

/** /checkout-journey?car_id={slug}: null (a 404) unless the site sells online; an unknown car gets the not-available page. */
export const checkoutJourneyPage = cache(async (host: string, carId: string | undefined): Promise<CheckoutPage | null> => {
  const live = await tenantForHost(host);
  if (!live || !kindEnabled(live.document, "purchase")) return null;
  const car = carId && SLUG.test(carId) ? await siteVehicleBySlug((await getDb()).db, live.document, carId) : null;
  return reservePage(live, car, "purchase", "/checkout-journey", `/checkout-journey?car_id=${encodeURIComponent(carId ?? "")}`);
});

function holdText(date: Date, doc: TenantDocument) {
  return dateTimeFormat(doc.identity.locale, { timeZone: doc.identity.timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(date);
}

/** What anyone but the buyer sees of a reservation's page: the car, nothing of the payment, no Cancel. */
function StrangerBody({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
  return (
    <>
      <h1 className={styles.h1}>Reservation</h1>
      <CarSummary car={car} doc={doc} />
      <p role="status">{NOT_YOUR_RESERVATION}</p>
    </>
  );
}

function ConfirmationBody({ r, car, doc, confirmationUrl }: { r: ReservationView; car: StoredVehicle; doc: TenantDocument; confirmationUrl: string }) {
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

/** /cars/{slug}/reservation/{id}: the reservation's state (moved on from its payment first: the 3-D Secure return lands here). */
export const reservationPage = cache(async (host: string, slug: string, id: string): Promise<CheckoutPage | null> => {
  const live = await tenantForHost(host);
  if (!live || !SLUG.test(slug)) return null;
  const { db } = await getDb();
  const ctx = { db, tenant: live.document, provider: paymentProvider(db) };
  const found = await getReservation(ctx, id);
  if (!found) return null;
  // The payment provider not answering (Stripe down) leaves the page as it was: the webhook moves it on later.
  const moved = found.status === "pending" ? await finalizeReservation(ctx, id).catch((e) => (console.error("[reservations] payment read failed:", (e as Error).message), null)) : null;
  const r = moved ? await getReservation(ctx, moved.id) : found;
  if (!r) return null;
  const car = await getVehicle(db, r.vehicleId);
  if (!car || car.slug !== slug) return null;
  const path = `/cars/${slug}/reservation/${id}`;
  // The buyer: their browser's cookie, or the signed-in user who reserved (server/reservations/service.ts).
  const jar = await cookies();
  const user = await sessionUser(db, live.slug, jar.get(SESSION_COOKIE)?.value);
  const owner = await ownsReservation(ctx, r.id, { token: jar.get(ownerCookieName(r.id))?.value, userId: user?.id ?? null });
  return withChrome(live, path, owner ? "Your reservation" : "Reservation", (
    <div className={styles.narrow} data-testid="reservation" data-status={owner ? r.status : "private"}>
      {owner ? <ConfirmationBody r={r} car={car} doc={live.document} confirmationUrl={path} /> : <StrangerBody car={car} doc={live.document} />}
    </div>
  ));
});
