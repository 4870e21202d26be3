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
import { SESSION_COOKIE, sessionUser } from "../../../server/auth/sessions";
import { tenantForHost } from "../../../server/tenants/live";
import type { LiveDocument } from "../../../server/tenants/store";
import { getDb } from "../../../server/db";
import { siteVehicleBySlug } from "../../../server/inventory/vdp";
import { getVehicle } from "../../../server/inventory/store";
import type { StoredVehicle } from "../../../server/inventory/vehicle";
import { finalizeReservation, getReservation } from "../../../server/reservations/service";
import { depositTerms, kindEnabled, type ReservationKind } from "../../../server/reservations/reservation";
import { ownerCookieName, ownsReservation } from "../../../server/reservations/owner";
import { paymentProvider, paymentsSetting, reservationsRefused } from "../../../server/payments/provider-for";
import { leadFormSpec } from "../../../domain/lead-forms";
import { reserveIneligibility, reserveIneligibleText, reserveNowLabel } from "../../../domain/vdp-rules";
import { vehicleTerms } from "../../../domain/vehicle-terms";
import { searchHost } from "../../../domain/search-host";
import { documentTitle } from "../../../domain/page-title";
import { renderBlocks } from "../../../renderer/render-blocks";
import { siteIcon } from "../../../renderer/tenant-page";
import type { BlockContext } from "../../../renderer/types";
import { carName, CarSummary, DealerContact, wordsFor } from "./car-summary";
import { Ineligible, Refused, RESERVE_REFUSED_TITLE, Terms } from "./reserve-panels";
import { ConfirmationBody, StrangerBody } from "./confirmation";
import { ReserveForm } from "./reserve-form.client";
import styles from "./checkout.module.css";

export { RESERVE_REFUSED_TITLE };

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
