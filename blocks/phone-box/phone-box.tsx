import { formatCallNumber, maskCallNumber, telHref, type PhoneLocale } from "../../domain/phone";
import type { BlockComponent } from "../../renderer/types";
import { callNumber, carLocation, locationHref } from "../../domain/vehicle-links";
import { dealerLicenceText } from "../../domain/terms";
import { PhoneReveal } from "./phone-box.client";
import styles from "./phone-box.module.css";

/**
 * The VDP's phone box (spec §2, §4): who sells the car, where, their dealer licence number when
 * the location has one, and the masked number that a click reveals (shown from the start where the
 * site sets features.phoneRevealed). Without any number the box is left out and a warning logged.
 */
const PhoneBox: BlockComponent<"phone-box"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const { tenant } = ctx;
  const location = carLocation(tenant, car);
  const phone = callNumber(tenant, car, location);
  if (!phone) {
    console.warn(`[phone-box] no phone number available for car ${car.id} on ${tenant.identity.slug}`);
    return null;
  }
  const locale: PhoneLocale = tenant.identity.locale === "en-NZ" ? "en-NZ" : "en-AU";
  const address = location?.address ? [location.address.street, location.address.city, location.address.state, location.address.postcode].filter(Boolean).join(", ") : null;
  const licence = props.showLicence !== false ? location?.dealer_license_number?.trim() : null;
  return (
    <section className={`fc-panel ${styles.box}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {props.heading?.trim() || "Contact the dealer"}
      </h2>
      {location ? (
        <p className={styles.location}>
          <a href={locationHref(location)}>{location.name}</a>
          {address ? <span className={styles.address}>{address}</span> : null}
        </p>
      ) : null}
      <PhoneReveal
        masked={maskCallNumber(phone, locale)}
        shown={formatCallNumber(phone, locale)}
        href={telHref(phone)}
        revealed={tenant.features.phoneRevealed === true}
        site={tenant.identity.slug}
        label={car.car_type === "new" ? "New Car" : "Used Car"}
        revealText={props.revealText?.trim() || "Show number"}
      />
      {licence ? (
        <p className={styles.licence}>
          {props.licenceLabel?.trim() ? `${props.licenceLabel.trim()} ${licence}` : dealerLicenceText(licence, location?.address?.state, tenant.identity.locale)}
        </p>
      ) : null}
    </section>
  );
};

export default PhoneBox;
