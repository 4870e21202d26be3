import { CALL_DEPARTMENT_ATTR } from "../../domain/analytics-standards";
import { noticeText } from "../../domain/lead-forms";
import { serviceBookingSpec, serviceSettings, BOOK_A_SERVICE, SERVICE_FORM_ANCHOR } from "../../domain/service-booking";
import type { BlockComponent } from "../../renderer/types";
import { ServiceBookingForm } from "../lazy.generated";
import styles from "../_shared/form-panel.module.css";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "../_shared/lead-form/lead-form.module.css";
import "./service-booking.module.css";

/**
 * Book a Service (spec leads §2 screens 5 and 8): the site's booking wizard (forms.service), or on a
 * site that books through an external page, a link to it. Anchored at #service-form by default.
 */
const ServiceBooking: BlockComponent<"service-booking"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const title = props.title?.trim() || BOOK_A_SERVICE;
  const anchor = props.anchor?.trim() || SERVICE_FORM_ANCHOR;
  const settings = serviceSettings(tenant);
  const intro = props.intro?.trim() ? <p className={styles.intro}>{props.intro.trim()}</p> : null;
  const group = tenant.identity.groupName?.trim() || tenant.identity.name;
  const privacy = tenant.pages.some((p) => p.path === "/privacy-policy");

  return (
    <section className={`fc-section ${styles.section}`} id={anchor} aria-labelledby={`${id}-heading`} data-block="service-booking" {...{ [CALL_DEPARTMENT_ATTR]: "service" }}>
      <div className={`fc-narrow ${styles.panel}`}>
        <h2 id={`${id}-heading`} className={styles.heading}>
          {title}
        </h2>
        {intro}
        {settings.externalBookingUrl ? (
          <p>
            <a className="fc-button" href={settings.externalBookingUrl} rel="noopener">
              {BOOK_A_SERVICE}
            </a>
          </p>
        ) : (
          <ServiceBookingForm
            id={`${id}-form`}
            spec={serviceBookingSpec(tenant)}
            site={tenant.identity.slug}
            defaultState={tenant.identity.state ?? null}
            consent={{ group, privacyHref: privacy ? "/privacy-policy" : null }}
            notice={noticeText(group)}
            rememberDetails={tenant.features.storeUserDetails !== false}
          />
        )}
      </div>
    </section>
  );
};

export default ServiceBooking;
