import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { garageEnabled, signInHref } from "../../domain/gated-routes";
import type { SearchRecord } from "../../domain/search-record";
import { formatMoney } from "../../domain/vehicle-display";
import { watchlistEnabled } from "../../domain/watchlist";
import { findPage } from "../../domain/find-page";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import { SESSION_COOKIE, sessionUser, type SiteUser } from "../../server/auth/sessions";
import { getDb } from "../../server/db";
import { garageFor, type Garage, type GarageLead, type GarageReservation, type GarageTradeIn } from "../../server/garage/store";
import { toSearchRecord } from "../../server/inventory/records";
import { SavedCarsList, SignedInAs } from "../_shared/saved-cars";
import { cardSettings } from "../_shared/vehicle-card";
import { DeviceGarage } from "../lazy.generated";
import styles from "./my-garage.module.css";
import { dateTimeFormat } from "../../domain/intl";

export interface GarageViewProps {
  id: string;
  heading: string;
  intro: string | null;
  tenant: TenantDocument;
  path: string;
  /** null: nobody is signed in. */
  user: Pick<SiteUser, "phone"> | null;
  garage: Garage | null;
  cars: SearchRecord[];
  /** null: the reservations section is not shown (reserve online off, or not wired). */
  reservations: GarageReservation[] | null;
  now: Date;
}

/** A page of the site at this path, or null (a link is only made to a page that exists). */
const pageAt = (tenant: TenantDocument, path: string) => (findPage(tenant, path) ? path : null);

function Section({ base, name, title, count, children }: { base: string; name: string; title: string; count: number; children: ReactNode }) {
  const id = `${base}-${name}`;
  return (
    <section className={styles.group} aria-labelledby={id} data-garage-section={name}>
      <h3 id={id} className={styles.groupHeading}>
        {title} <span className={styles.count}>({count})</span>
      </h3>
      {children}
    </section>
  );
}

function Empty({ text, link }: { text: string; link: { href: string; label: string } | null }) {
  return (
    <p className={styles.empty}>
      {text}
      {link ? (
        <>
          {" "}
          <a href={link.href}>{link.label}</a>
        </>
      ) : null}
    </p>
  );
}

function when(date: Date | string, tenant: TenantDocument): string {
  const d = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return "";
  return dateTimeFormat(tenant.identity.locale, { day: "numeric", month: "short", year: "numeric", timeZone: tenant.identity.timeZone }).format(d);
}

function LeadList({ leads, tenant, label }: { leads: GarageLead[]; tenant: TenantDocument; label: string }) {
  return (
    <ul className={styles.rows} aria-label={label}>
      {leads.map((l) => (
        <li key={l.id} className={`fc-panel ${styles.row}`}>
          <p className={styles.rowTitle}>
            {l.category}
            {l.car ? (
              <>
                {": "}
                {l.car.slug ? <a href={`/cars/${l.car.slug}`}>{l.car.title}</a> : l.car.title}
              </>
            ) : null}
          </p>
          <p className={styles.meta}>
            Sent {when(l.sentAt, tenant)}
            {l.dealership ? ` to ${l.dealership}` : ""}
            {l.form === "service" && l.preferredDate ? ` · preferred ${l.preferredDate.replace("T", " ")}` : ""}
            {l.form === "service" && !l.complete ? " · not finished" : ""}
          </p>
          {l.message ? <p className={styles.message}>{l.message}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function TradeInList({ offers, tenant }: { offers: GarageTradeIn[]; tenant: TenantDocument }) {
  return (
    <ul className={styles.rows} aria-label="Trade-in offers">
      {offers.map((o) => (
        <li key={o.id} className={`fc-panel ${styles.row}`}>
          <p className={styles.rowTitle}>
            {o.car} ({o.rego}, {o.state})
          </p>
          <p className={styles.meta}>
            {o.offerPrice !== null ? `Offer ${formatMoney(o.offerPrice, tenant.identity)}${o.validUntil ? `, valid until ${when(o.validUntil, tenant)}` : ""}` : "No online offer: our buying team will be in touch"}
            {" · "}
            {o.stageLabel.replace(/^\d+\.\s*/, "")}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** My Garage's markup (no I/O, for tests). */
export function GarageView({ id, heading, intro, tenant, path, user, garage, cars, reservations, now }: GarageViewProps) {
  const settings = cardSettings(tenant);
  const search = pageAt(tenant, "/search");
  const browse = search ? { href: search, label: "Browse cars" } : null;
  const service = tenant.pages.find((p) => p.path && p.blocks.some((b) => b.type === "service-booking"))?.path ?? null;
  const tradeIn = pageAt(tenant, "/trade-in") ?? pageAt(tenant, "/sell-my-car");
  const head = (
    <>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
    </>
  );
  if (!garageEnabled(tenant)) {
    return (
      <section className={`fc-container fc-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
        {head}
        <p>My Garage is not available on this site.</p>
      </section>
    );
  }
  if (tenant.features.auth?.enabled !== true) {
    // No sign-in on this site: My Garage is what this browser keeps (favourites, remembered details).
    return (
      <section className={`fc-container fc-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
        {head}
        <DeviceGarage id={id} site={tenant.identity.slug} favourites={tenant.features.favourites} rememberDetails={tenant.features.storeUserDetails !== false} browseHref={search} />
      </section>
    );
  }
  if (!user || !garage) {
    return (
      <section className={`fc-container fc-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
        {head}
        <p className={styles.signedOut}>
          Sign in with your mobile number to see your saved cars, enquiries, service bookings and trade-in offers.{" "}
          <a className="fc-button" href={signInHref("my-garage", path, path)}>
            Sign in
          </a>
        </p>
      </section>
    );
  }
  const watchlist = watchlistEnabled(tenant);
  return (
    <section className={`fc-container fc-section ${styles.section}`} aria-labelledby={`${id}-heading`} data-garage="signed-in">
      {head}
      <SignedInAs phone={user.phone} signOutTo="/" />
      {watchlist ? (
        <Section base={id} name="saved" title="Saved cars" count={cars.length}>
          {cars.length ? (
            <SavedCarsList cars={cars} settings={settings} now={now} idPrefix={id} />
          ) : (
            <Empty text="You have not saved any cars yet." link={browse} />
          )}
        </Section>
      ) : null}
      {garage.savedSearches.length ? (
        <Section base={id} name="saved-searches" title="Saved searches" count={garage.savedSearches.length}>
          <ul className={styles.rows} aria-label="Saved searches">
            {garage.savedSearches.map((s) => (
              <li key={s.id} className={`fc-panel ${styles.row}`}>
                <p className={styles.rowTitle}>
                  <a href={s.href}>{s.label}</a>
                </p>
                <p className={styles.meta}>{s.confirmed ? "Email alerts on (at most one a day)" : "Waiting for you to confirm from the email we sent"}</p>
                <form method="post" action="/api/saved-searches/delete">
                  <input type="hidden" name="id" value={s.id} />
                  <input type="hidden" name="back" value={path} />
                  <button type="submit" className="fc-button fc-button--ghost" aria-label={`Delete saved search ${s.label}`}>
                    Delete
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {reservations ? (
        <Section base={id} name="reservations" title="Reservations" count={reservations.length}>
          {reservations.length ? (
            <ul className={styles.rows} aria-label="Reservations">
              {reservations.map((r) => (
                <li key={r.id} className={`fc-panel ${styles.row}`}>
                  <p className={styles.rowTitle}>{r.car.slug ? <a href={`/cars/${r.car.slug}`}>{r.car.title}</a> : r.car.title}</p>
                  <p className={styles.meta}>
                    Deposit {formatMoney(r.deposit, tenant.identity, Number.isInteger(r.deposit) ? 0 : 2)} · reference {r.reference} · {r.status}
                    {r.holdUntil ? ` · held until ${when(r.holdUntil, tenant)}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <Empty text="You have not reserved a car." link={browse} />
          )}
        </Section>
      ) : null}
      <Section base={id} name="enquiries" title="Enquiries" count={garage.enquiries.length}>
        {garage.enquiries.length ? <LeadList leads={garage.enquiries} tenant={tenant} label="Enquiries" /> : <Empty text="You have not sent an enquiry while signed in." link={browse} />}
      </Section>
      {service || garage.serviceBookings.length ? (
        <Section base={id} name="service" title="Service bookings" count={garage.serviceBookings.length}>
          {garage.serviceBookings.length ? (
            <LeadList leads={garage.serviceBookings} tenant={tenant} label="Service bookings" />
          ) : (
            <Empty text="You have no service bookings." link={service ? { href: service, label: "Book a service" } : null} />
          )}
        </Section>
      ) : null}
      {tradeIn || garage.tradeIns.length ? (
        <Section base={id} name="trade-ins" title="Trade-in offers" count={garage.tradeIns.length}>
          {garage.tradeIns.length ? (
            <TradeInList offers={garage.tradeIns} tenant={tenant} />
          ) : (
            <Empty text="You have no trade-in offers." link={tradeIn ? { href: tradeIn, label: "Value your car" } : null} />
          )}
        </Section>
      ) : null}
    </section>
  );
}

async function signedInUser(site: string): Promise<SiteUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return sessionUser((await getDb()).db, site, token);
}

const MyGarage: BlockComponent<"my-garage"> = async ({ id, props, ctx }) => {
  const { tenant, path } = ctx;
  const heading = props.heading?.trim() || "My Garage";
  const intro = props.intro?.trim() || null;
  const now = new Date();
  const base = { id, heading, intro, tenant, path, now, cars: [], reservations: null };
  if (!garageEnabled(tenant) || tenant.features.auth?.enabled !== true) return <GarageView {...base} user={null} garage={null} />;
  const user = await signedInUser(tenant.identity.slug);
  if (!user) return <GarageView {...base} user={null} garage={null} />;
  const db = (await getDb()).db;
  const garage = await garageFor(db, tenant, user.id);
  const cars = garage.savedCars.flatMap((v) => {
    const dealership = tenant.dealerships.find((d) => d.id === v.dealership_id);
    if (!dealership) return [];
    const location = tenant.locations.find((l) => l.id === v.location_id) ?? null;
    return [toSearchRecord(v, { dealership, location, tenant: { finance: tenant.finance } })];
  });
  // Reservations show where the site takes them, or where the visitor has one from before it stopped.
  const reservations: GarageReservation[] | null = tenant.features.reserveOnline?.enabled || garage.reservations.length ? garage.reservations : null;
  return <GarageView {...base} user={user} garage={garage} cars={cars} reservations={reservations} />;
};

export default MyGarage;
