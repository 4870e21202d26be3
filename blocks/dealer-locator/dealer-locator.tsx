import { CALL_DEPARTMENT_ATTR, locationCallDepartment } from "../../domain/analytics-standards";
import { addressLine, directionsUrl, GET_DIRECTIONS, locationsOfType, nearestLocations, shownLocations, VIEW_LOCATION } from "../../domain/locations";
import { DEPARTMENT_LABELS, hoursOn } from "../../domain/opening-hours";
import { formatCallNumber, telHref } from "../../domain/phone";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import { geocodePostcode, INVALID_POSTCODE, InvalidPostcodeError, siteCountry, type GeocodedPlace } from "../../server/geocoding/provider";
import { locationPageHref } from "../_shared/location";
import { mapPlaces, mapSettings } from "../_shared/location-map/location-map";
import { LocationMap } from "../_shared/location-map/location-map.client";
import styles from "./dealer-locator.module.css";
import { distanceText, locatorSearch } from "./locator";

type Location = TenantDocument["locations"][number];

/**
 * The dealer locator (spec §2 "find dealership locations", §5 and §8 "Invalid postcode.", §9 earth
 * radius): a GET form (?postcode=…&department=…) that this server component answers, so it works
 * without JavaScript. The postcode is geocoded in the site's country; the shown locations (of the
 * chosen department) are listed nearest first by great-circle distance, with their address, phone,
 * today's hours in the site's time zone, View Location (where the site has location pages) and Get
 * Directions, beside a map of the same locations. Without a postcode it lists every shown location.
 */
const DealerLocator: BlockComponent<"dealer-locator"> = async ({ id, props, ctx }) => {
  const p = props;
  const { tenant } = ctx;
  const search = locatorSearch(ctx.query);
  const department = p.departmentFilter ? search.department : undefined;

  let place: GeocodedPlace | null = null;
  let error: string | null = null;
  if (search.searched) {
    try {
      place = await geocodePostcode(search.postcode, siteCountry(tenant));
    } catch (e) {
      if (!(e instanceof InvalidPostcodeError)) throw e;
      error = INVALID_POSTCODE;
    }
  }

  const results: { location: Location; distanceKm: number | null }[] = place
    ? nearestLocations(tenant.locations, place, { department, limit: p.resultCount })
    : (department ? locationsOfType(tenant.locations, department) : shownLocations(tenant.locations))
        .toSorted((a, b) => a.name.localeCompare(b.name, "en"))
        .map((location) => ({ location, distanceKm: null }));

  const { locale, timeZone } = tenant.identity;
  const phoneLocale = locale === "en-NZ" ? "en-NZ" : "en-AU";
  const now = new Date();
  const pageOf = (l: Location) => locationPageHref(tenant, l);
  const places = mapPlaces(results.map((r) => r.location), pageOf);
  const errorId = `${id}-error`;
  const resultsHeading = place
    ? `Nearest ${department ? `${DEPARTMENT_LABELS[department].toLowerCase()} ` : ""}locations to ${place.label} ${place.postcode}`
    : department
      ? `Our ${DEPARTMENT_LABELS[department].toLowerCase()} locations`
      : "All our locations";

  return (
    <section className="fc-block-section" aria-labelledby={`${id}-heading`} data-block="dealer-locator">
      <div className="fc-container">
        <h2 id={`${id}-heading`} className="fc-section-heading">
          {p.heading}
        </h2>
        {p.intro ? <p className="fc-section-intro">{p.intro}</p> : null}
        <form className={`fc-panel ${styles.form}`} method="get" role="search" aria-label={p.heading}>
          <div className={styles.field}>
            <label htmlFor={`${id}-postcode`} className={styles.label}>
              {p.postcodeLabel}
            </label>
            <input
              id={`${id}-postcode`}
              name="postcode"
              className={`fc-input ${styles.postcode}`}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={search.echo}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {p.departmentFilter ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-department`} className={styles.label}>
                Department
              </label>
              <select id={`${id}-department`} name="department" className="fc-input" defaultValue={department ?? ""}>
                <option value="">All departments</option>
                {Object.entries(DEPARTMENT_LABELS).map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <button type="submit" className={`fc-button ${styles.button}`}>
            {p.buttonLabel}
          </button>
          {error ? (
            <p id={errorId} className={styles.error} role="alert" data-testid="locator-error">
              {error}
            </p>
          ) : null}
        </form>

        <div className={p.showMap && places.length ? styles.layout : undefined}>
          <div className={styles.results}>
            <h3 className={styles.resultsHeading} data-testid="locator-results-heading">
              {resultsHeading}
            </h3>
            {results.length === 0 ? <p>No locations to show.</p> : null}
            <ol className={`fc-plain-list ${styles.list}`} data-testid="locator-results">
              {results.map(({ location: l, distanceKm }) => {
                const today = hoursOn(l, now, timeZone, department);
                const phone = l.contact_detail?.phone ?? l.contact_detail?.landline_phone;
                const href = pageOf(l);
                return (
                  <li key={l.slug} className={`fc-card ${styles.card}`} data-testid="locator-result" data-slug={l.slug}>
                    <div className="fc-card__body">
                      <h4 className={styles.name}>{l.name}</h4>
                      {distanceKm !== null ? (
                        <p className={styles.distance} data-testid="locator-distance">
                          {distanceText(distanceKm, locale)} away
                        </p>
                      ) : null}
                      <address className={styles.address}>{addressLine(l.address)}</address>
                      {phone ? (
                        <p className={styles.line}>
                          <a href={telHref(phone)} {...{ [CALL_DEPARTMENT_ATTR]: department ?? locationCallDepartment(l) }}>{formatCallNumber(phone, phoneLocale)}</a>
                        </p>
                      ) : null}
                      {today.status !== "unknown" ? (
                        <p className={styles.line} data-testid="locator-today">
                          <strong>Today{today.holiday ? ` (${today.holiday})` : ""}:</strong> {today.hours}
                        </p>
                      ) : null}
                      <p className={styles.actions}>
                        {href ? (
                          <a className="fc-button fc-button--ghost" href={href} aria-label={`${VIEW_LOCATION}: ${l.name}`}>
                            {VIEW_LOCATION}
                          </a>
                        ) : null}
                        <a className="fc-button" href={directionsUrl(l)}>
                          {GET_DIRECTIONS}
                          <span className="fc-visually-hidden"> to {l.name}</span>
                        </a>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </div>
          {p.showMap && places.length ? (
            <div className={styles.mapColumn}>
              <LocationMap
                places={places}
                settings={mapSettings(tenant.map)}
                searched={place ? { lat: place.lat, long: place.long, label: `${place.label} ${place.postcode}` } : null}
                label="Map of the locations listed"
                viewLocationText={VIEW_LOCATION}
                directionsText={GET_DIRECTIONS}
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
};

export default DealerLocator;
