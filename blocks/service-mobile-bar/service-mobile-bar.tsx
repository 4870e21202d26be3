import { locationsOfType } from "../../domain/locations";
import { telHref } from "../../domain/phone";
import { CALL_DEPARTMENT_ATTR } from "../../domain/analytics-standards";
import { BOOK_A_SERVICE, CALL_US_NOW, SERVICE_FORM_ANCHOR, serviceSettings } from "../../domain/service-booking";
import type { BlockComponent } from "../../renderer/types";
import styles from "./service-mobile-bar.module.css";

/**
 * The service page's mobile bar (spec leads §2 screen 8): Call Us Now dials the service department
 * (the first service location's phone, else the site's), Book a Service goes to the booking form, or
 * to the site's external booking page. Shown at phone width only (CSS).
 */
const ServiceMobileBar: BlockComponent<"service-mobile-bar"> = ({ props, ctx }) => {
  const { tenant } = ctx;
  const service = locationsOfType(tenant.locations, "service").find((l) => l.contact_detail?.phone || l.contact_detail?.landline_phone);
  const phone = service?.contact_detail?.phone || service?.contact_detail?.landline_phone || tenant.identity.phone;
  const book = serviceSettings(tenant).externalBookingUrl ?? `#${props.anchor?.trim() || SERVICE_FORM_ANCHOR}`;
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <nav className={styles.bar} aria-label="Service" data-block="service-mobile-bar">
        {phone ? (
          <a className="fc-button fc-button--ghost" href={telHref(phone)} {...{ [CALL_DEPARTMENT_ATTR]: "service" }}>
            {props.callLabel?.trim() || CALL_US_NOW}
          </a>
        ) : null}
        <a className="fc-button" href={book}>
          {props.bookLabel?.trim() || BOOK_A_SERVICE}
        </a>
      </nav>
    </>
  );
};

export default ServiceMobileBar;
