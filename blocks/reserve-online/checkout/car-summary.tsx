import type { StoredVehicle } from "../../../server/inventory/vehicle";
import { imageUrl } from "../../../domain/image-urls";
import { priceDisplay, vehicleHeading } from "../../../domain/vehicle-display";
import { reservationWords } from "../../../domain/vdp-rules";
import { vehicleTerms } from "../../../domain/vehicle-terms";
import { callNumber, carLocation } from "../../../domain/vehicle-links";
import { addressLine } from "../../../domain/locations";
import { formatCallNumber } from "../../../domain/phone";
import type { TenantDocument } from "../../../renderer/types";
import styles from "./checkout.module.css";

export const carName = (car: StoredVehicle) => {
  const { title, subtitle } = vehicleHeading(car);
  return [title, subtitle].filter(Boolean).join(" ");
};

/** The car's picture, name and price, as every reserve page shows it. */
export function CarSummary({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
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
export function DealerContact({ car, doc }: { car: StoredVehicle; doc: TenantDocument }) {
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
export const wordsFor = (car: StoredVehicle | null) => reservationWords(vehicleTerms(car).noun);

