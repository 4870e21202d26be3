import { imageUrl } from "../../domain/image-urls";
import { LabelValues } from "../_shared/label-values";
import { PrintButton } from "./print-button.client";
import styles from "./print-view.module.css";
import type { VehicleSheet } from "../../domain/vehicle-sheet";

/**
 * The print view of a car (spec §2 routes: /print?car_id={slug}): one plain page of what the VDP
 * says (photo, name, price with its price type, key details, features, dealer comments, location
 * with address, phone and dealer licence, disclaimer), laid out for paper by its print stylesheet.
 */
export function PrintView({ sheet }: { sheet: VehicleSheet }) {
  const { site, price, location } = sheet;
  return (
    <main id="main" className={styles.page} data-print-view>
      <header className={styles.header}>
        {site.logo ? <img className={styles.logo} src={site.logo.src} alt={site.logo.alt} height={40} /> : <p className={styles.siteName}>{site.name}</p>}
        <PrintButton className={`fc-button ${styles.printButton}`} />
      </header>

      <h1 className={styles.title}>
        {sheet.title}
        {sheet.subtitle ? <span className={styles.subtitle}> {sheet.subtitle}</span> : null}
      </h1>
      <p className={styles.price} data-sold={price.sold || undefined}>
        <span className={styles.amount}>{price.text}</span>
        {price.label ? <span className={styles.priceType}> {price.label}</span> : null}
      </p>

      {sheet.image ? <img className={styles.photo} src={imageUrl(sheet.image, { width: 1200 })} alt={sheet.name} width={1200} height={800} /> : null}

      {sheet.details.length ? (
        <section className={styles.section} aria-labelledby="print-details">
          <h2 id="print-details">Key details</h2>
          <LabelValues className={styles.details} items={sheet.details} />
        </section>
      ) : null}

      {sheet.features.length ? (
        <section className={styles.section} aria-labelledby="print-features">
          <h2 id="print-features">Features</h2>
          {sheet.features.map((group) => (
            <div key={group.name} className={styles.group}>
              <h3>{group.name}</h3>
              <ul className={styles.features}>
                {group.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}

      {sheet.comments.length ? (
        <section className={styles.section} aria-labelledby="print-comments">
          <h2 id="print-comments">Dealer comments</h2>
          {sheet.comments.map((p, i) => (
            <p key={i} className={styles.comment}>
              {p}
            </p>
          ))}
        </section>
      ) : null}

      {location ? (
        <section className={styles.section} aria-labelledby="print-location">
          <h2 id="print-location">Location</h2>
          <address className={styles.location}>
            <strong>{location.name}</strong>
            {location.address ? <span>{location.address}</span> : null}
            {location.phone && location.tel ? (
              <span>
                Phone: <a href={location.tel}>{location.phone}</a>
              </span>
            ) : null}
            {location.licence ? <span>{location.licence}</span> : null}
          </address>
        </section>
      ) : null}

      <footer className={styles.footer}>
        {sheet.url ? (
          <p>
            View online: <a href={sheet.url}>{sheet.url}</a>
          </p>
        ) : null}
        <p className={styles.disclaimer}>{sheet.disclaimer}</p>
      </footer>
    </main>
  );
}
