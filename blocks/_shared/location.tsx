/**
 * The pieces of a location shown by the location blocks and the footer (leads §2 screen 6, §9
 * "Locations and reviews"): address, phone, rating, licence numbers, Get Directions, the hours table,
 * and the location card in its three sizes (card, grid card, large). Server components.
 */
import type { ReactNode } from "react";
import { addressLine, directionsUrl, GET_DIRECTIONS, locationRating, shownLocations, VIEW_LOCATION } from "../../domain/locations";
import { findPage, pageLocations } from "../../domain/find-page";
import { weeklyHours, type HoursRow } from "../../domain/opening-hours";
import { imageSrcSet, imageUrl } from "../../domain/image-urls";
import { formatCallNumber, telHref } from "../../domain/phone";
import type { Location, TenantDocument } from "../../schemas/generated/tenant";
import { dealerLicenceText } from "../../domain/terms";
import { CALL_DEPARTMENT_ATTR, locationCallDepartment, type CallDepartment } from "../../domain/analytics-standards";
import { Icon } from "./icons";
import styles from "./location.module.css";

export const REPAIRER_LICENCE = "Motor vehicle repairer";

type Site = Pick<TenantDocument, "identity" | "dealerships" | "reviews">;

/**
 * The locations a block shows: the one it names (by slug), else the page's (/locations/{slug},
 * /contact-us/{slug}), else on any other page the site's primary shown location (or its first).
 */
export function blockLocations(tenant: Pick<TenantDocument, "locations" | "dealerships">, path: string, slug?: string): Location[] {
  const shown = shownLocations(tenant.locations);
  if (slug) return shown.filter((l) => l.slug === slug);
  const onPage = pageLocations(tenant, path);
  if (onPage.length) return onPage;
  const primary = shown.find((l) => l.primary) ?? shown[0];
  return primary ? [primary] : [];
}

/** /locations/{slug}: the location's page. */
export const locationHref = (location: Pick<Location, "slug">) => `/locations/${location.slug}`;

/** The location's page where the site has location pages (its location-detail template), else undefined. */
export const locationPageHref = (tenant: TenantDocument, location: Pick<Location, "slug">) =>
  findPage(tenant, locationHref(location)) ? locationHref(location) : undefined;

export function LocationAddress({ location }: { location: Pick<Location, "address"> }) {
  return <address className={styles.address}>{addressLine(location.address)}</address>;
}

/** The location's phone (and landline, when it has both) as tel: links, marked with the department they reach (domain/analytics-standards.ts). */
export function LocationPhones({ location, site, department }: { location: Pick<Location, "name" | "contact_detail">; site: Pick<Site, "identity">; department: CallDepartment }) {
  const numbers = [location.contact_detail?.phone, location.contact_detail?.landline_phone].filter((n): n is string => !!n?.trim());
  if (!numbers.length) return null;
  return (
    <p className={styles.phones}>
      {numbers.map((n) => (
        <a key={n} href={telHref(n)} className={styles.phone} {...{ [CALL_DEPARTMENT_ATTR]: department }}>
          <Icon name="phone" size={18} />
          <span className="fc-visually-hidden">{`Call ${location.name} on `}</span>
          {formatCallNumber(n, site.identity.locale)}
        </a>
      ))}
    </p>
  );
}

/** The rating with 1 decimal and the review count, only above the site's minimum and when reviews are not hidden (§9). */
export function LocationRating({ location, site }: { location: Pick<Location, "reviews" | "dealership_id">; site: Site }) {
  const rating = locationRating(location, site.dealerships, site.reviews, site.identity.locale);
  if (!rating) return null;
  const reviews = rating.countText ? ` from ${rating.countText} ${rating.count === 1 ? "review" : "reviews"}` : "";
  return (
    <p className={styles.rating} data-rating={rating.rating}>
      <span className="fc-visually-hidden">
        Rated {rating.rating} out of 5{reviews}
      </span>
      <span aria-hidden="true">
        <span className={styles.star}>★</span> {rating.rating}
        {rating.countText ? <span className={styles.count}> ({rating.countText})</span> : null}
      </span>
    </p>
  );
}

/**
 * "Dealer licence 3418001", "Motor vehicle repairer MVR 21002" (in New Zealand "Registered motor
 * vehicle trader M412873"; in Victoria "LMCT 12873", as its traders advertise it: domain/listing-rules.ts):
 * the numbers a location publishes, in the site's country's words.
 */
export function licenceRows(location: Pick<Location, "dealer_license_number" | "motor_vehicle_repairer"> & { address?: { state?: string } }, locale: string): string[] {
  const repairer = location.motor_vehicle_repairer?.trim();
  return [dealerLicenceText(location.dealer_license_number, location.address?.state, locale), repairer ? `${REPAIRER_LICENCE} ${repairer}` : null].filter((r) => r !== null);
}

/** Dealer licence and motor vehicle repairer numbers (NSW s19A: wherever the dealer advertises). */
export function LicenceNumbers({ location, locale, className }: { location: Parameters<typeof licenceRows>[0]; locale: string; className?: string }) {
  const rows = licenceRows(location, locale);
  if (!rows.length) return null;
  return (
    <p className={className ?? styles.licences}>
      {rows.map((row) => (
        <span key={row} className={styles.licence}>
          {row}
        </span>
      ))}
    </p>
  );
}

/** Get Directions: the location's place URL, or a maps search for its address; in a new tab. */
export function DirectionsLink({ location, className }: { location: Pick<Location, "name" | "address">; className?: string }) {
  return (
    <a className={className ?? "fc-button fc-button--ghost"} href={directionsUrl(location)} target="_blank" rel="noopener noreferrer" data-directions>
      {GET_DIRECTIONS}
      <span className="fc-visually-hidden"> to {location.name} (opens in a new tab)</span>
    </a>
  );
}

/** A weekly hours table from Monday (rows from domain/opening-hours `weeklyHours`); today's row marked. */
export function HoursTable({ rows, caption, today, week }: { rows: HoursRow[]; caption: ReactNode; today?: string; week?: string }) {
  if (!rows.length) return <p className={styles.noHours}>Please call for our opening hours.</p>;
  return (
    <table className={styles.hours} data-week={week}>
      <caption className={styles.caption}>{caption}</caption>
      <tbody>
        {rows.map((row) => {
          const isToday = !!today && row.date === today;
          return (
            <tr key={row.days} className={isToday ? styles.today : undefined} data-open={row.open}>
              <th scope="row">
                {row.days}
                {isToday ? <span className="fc-visually-hidden"> (today)</span> : null}
              </th>
              <td>
                {row.hours}
                {row.holiday ? <span className={styles.holiday}> ({row.holiday})</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export type CardSize = "card" | "grid" | "large";

/**
 * A location as a card: the list's card, the grid card (with its image) or the large block (hours,
 * licence numbers and Get Directions; `map` takes the image's place — the seam for the dealer
 * locator's map). Its heading is an h3 under the section's h2.
 */
/** `department`: a list of one department's locations (its calls go there), else the location's own. */
export function LocationCard({ location, site, size, map, department }: { location: Location; site: Site; size: CardSize; map?: ReactNode; department?: CallDepartment }) {
  const headingId = `location-${location.id}-${size}`;
  const image = location.image;
  const media =
    map ??
    (size === "card" ? null : image ? (
      <img className={`fc-card__image ${styles.image}`} src={imageUrl(image.src, { width: 640 })} srcSet={imageSrcSet(image.src, { widths: [384, 640, 850] })} sizes="(min-width: 64rem) 400px, 90vw" alt={image.alt} width={640} height={400} loading="lazy" decoding="async" />
    ) : (
      <div className={styles.noImage} aria-hidden="true">
        <Icon name="car" size={40} />
      </div>
    ));
  return (
    <article className={`fc-card ${styles.card}`} data-size={size} aria-labelledby={headingId} data-location={location.slug}>
      {media}
      <div className={`fc-card__body ${styles.body}`}>
        <h3 id={headingId} className={styles.name}>
          {location.name}
        </h3>
        <LocationRating location={location} site={site} />
        {size === "grid" ? null : <LocationAddress location={location} />}
        {size === "grid" ? null : <LocationPhones location={location} site={site} department={department ?? locationCallDepartment(location)} />}
        {size === "large" ? <HoursTable rows={weeklyHours(location)} caption="Opening hours" /> : null}
        {size === "large" ? <LicenceNumbers location={location} locale={site.identity.locale} /> : null}
        <div className={styles.actions}>
          <a className="fc-button" href={locationHref(location)} aria-label={`${VIEW_LOCATION}: ${location.name}`}>
            {VIEW_LOCATION}
          </a>
          {size === "large" ? <DirectionsLink location={location} /> : null}
        </div>
      </div>
    </article>
  );
}
