import { weeklyHours } from "../../domain/opening-hours";
import { locationsOfType } from "../../domain/locations";
import { formatCallNumber, telHref, type PhoneLocale } from "../../domain/phone";
import { serviceDisclaimers, serviceSettings } from "../../domain/service-booking";
import type { BlockComponent } from "../../renderer/types";
import styles from "./service-contact.module.css";

/**
 * The service page's contact details (spec leads §2 screen 8): every service location of the site
 * from its location data — address, phone, the service department's weekly hours — and the site's
 * service disclaimers for it. Renders nothing on a site without a service location.
 */
const ServiceContact: BlockComponent<"service-contact"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const locations = locationsOfType(tenant.locations, "service");
  if (!locations.length) return null;
  const locale: PhoneLocale = tenant.identity.locale === "en-NZ" ? "en-NZ" : "en-AU";
  const disclaimers = serviceSettings(tenant).disclaimers;
  const hoursHeading = props.hoursHeading?.trim() || "Service hours";
  return (
    <section className="fc-section" aria-labelledby={`${id}-heading`} data-block="service-contact">
      <div className="fc-container">
        <h2 id={`${id}-heading`}>{props.heading?.trim() || "Contact our service team"}</h2>
        <ul className={styles.list}>
          {locations.map((l) => {
            const phone = l.contact_detail?.phone || l.contact_detail?.landline_phone;
            const rows = weeklyHours(l, { department: "service" });
            const address = [l.address.street, [l.address.city, l.address.state, l.address.postcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
            return (
              <li key={l.id} className={styles.card} data-location-id={l.id}>
                <h3>{l.name}</h3>
                {address ? <p>{address}</p> : null}
                {phone ? (
                  <p>
                    Phone <a href={telHref(phone)}>{formatCallNumber(phone, locale)}</a>
                  </p>
                ) : null}
                {rows.length ? <h4>{hoursHeading}</h4> : null}
                {rows.length ? (
                  <table className={styles.hours}>
                    <caption className="fc-visually-hidden">
                      {hoursHeading}, {l.name}
                    </caption>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={r.days}>
                          <th scope="row">{r.days}</th>
                          <td>{r.hours}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                {serviceDisclaimers({ disclaimers }, l.id).map((t, i) => (
                  <p key={i} className={styles.disclaimer} data-testid="service-disclaimer">
                    {t}
                  </p>
                ))}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
};

export default ServiceContact;
