import { weeklyHours } from "../../domain/opening-hours";
import { locationsOfType, VIEW_LOCATION } from "../../domain/locations";
import { serviceDisclaimers, serviceSettings } from "../../domain/service-booking";
import type { BlockComponent } from "../../renderer/types";
import { HoursTable, LicenceNumbers, LocationAddress, LocationPhones, locationHref, locationPageHref } from "../_shared/location";
import styles from "./service-contact.module.css";

/**
 * The service page's contact details (spec leads §2 screen 8): every service location of the site
 * from its location data — address, phone, the service department's weekly hours, licence numbers,
 * its page (View Location) where the site has location pages — and the site's service disclaimers for it. Renders nothing on a site without a service location.
 */
const ServiceContact: BlockComponent<"service-contact"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const locations = locationsOfType(tenant.locations, "service");
  if (!locations.length) return null;
  const disclaimers = serviceSettings(tenant).disclaimers;
  const hoursHeading = props.hoursHeading?.trim() || "Service hours";
  return (
    <section className="fc-section" aria-labelledby={`${id}-heading`} data-block="service-contact">
      <div className="fc-container">
        <h2 id={`${id}-heading`}>{props.heading?.trim() || "Contact our service team"}</h2>
        <ul className={styles.list}>
          {locations.map((l) => (
            <li key={l.id} className={styles.card} data-location-id={l.id}>
              <h3>{l.name}</h3>
              <LocationAddress location={l} />
              <LocationPhones location={l} site={tenant} department="service" />
              <HoursTable rows={weeklyHours(l, { department: "service" })} caption={hoursHeading} />
              <LicenceNumbers location={l} locale={tenant.identity.locale} />
              {serviceDisclaimers({ disclaimers }, l.id).map((t, i) => (
                <p key={i} className={styles.disclaimer} data-testid="service-disclaimer">
                  {t}
                </p>
              ))}
              {locationPageHref(tenant, l) ? (
                <a className="fc-button fc-button--ghost" href={locationHref(l)} aria-label={`${VIEW_LOCATION}: ${l.name}`}>
                  {VIEW_LOCATION}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
};

export default ServiceContact;
