import type { ReactNode } from "react";
import { vehicleTerms } from "../../domain/vehicle-terms";
import { imageSrcSet, imageUrl } from "../../domain/image-urls";
import type { SearchRecord } from "../../domain/search-record";
import { listToggleVisible, reserveIneligibility } from "../../domain/vdp-rules";
import { cardTag, formatMoney, isAvailable, priceDisplay, vehicleHeading } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { ListToggle } from "./favourites.client";
import { hitAnalyticsCar } from "./hit-analytics";
import styles from "./vehicle-card.module.css";
import { numberFormat } from "../../domain/intl";
import { enquireHref, similarAnchorHref } from "../../domain/vehicle-links";

/**
 * The fields of a search hit a card reads: the search page asks the engine for these only
 * (attributesToRetrieve), which keeps its HTML and every answer small. show_on_dealer_website is
 * what reserveHref checks.
 */
export const CARD_ATTRIBUTES = [
  "objectID", "slug", "path", "title", "year", "make", "model", "badge", "series", "car_type", "status", "price",
  "price_type", "preorder", "km", "fuel", "transmission", "tag", "reserved", "certified", "created_at",
  "location_name", "views", "primary_image_url", "photos_count", "show_on_dealer_website", "item_type",
] as const satisfies readonly (keyof SearchRecord)[];
export type CardVehicle = Pick<SearchRecord, (typeof CARD_ATTRIBUTES)[number]>;

/** Everything a card needs from the tenant document: small and serialisable, so a client part can take it. */
export interface CardSettings {
  /** The site's slug: names the browser-stored lists. */
  site: string;
  locale: TenantDocument["identity"]["locale"];
  currency: TenantDocument["identity"]["currency"];
  copy: TenantDocument["copy"];
  /** The franchise make, for the certified pre-owned tag. */
  certifiedMake: string | null;
  favourites: boolean;
  compare: boolean;
  /** A used-only site shows favourite / compare only on used cars. */
  usedOnly: boolean;
  viewsCount: boolean;
  cardDetails: boolean;
  /** Reserve online, when the site offers it. */
  reserve: { route: "checkout" | "buy-online"; amount: string } | null;
}

export function cardSettings(tenant: TenantDocument): CardSettings {
  const { identity, features } = tenant;
  const reserve = features.reserveOnline;
  const deposit = reserve.deposit ?? 200;
  return {
    site: identity.slug,
    locale: identity.locale,
    currency: identity.currency,
    copy: tenant.copy,
    certifiedMake: identity.manufacturer ?? null,
    favourites: features.favourites,
    compare: features.compare,
    usedOnly: identity.carTypes.length === 1 && identity.carTypes[0] === "used",
    viewsCount: features.viewsCount,
    cardDetails: features.cardDetails,
    reserve: reserve.enabled
      ? { route: reserve.route ?? "checkout", amount: formatMoney(deposit, identity, Number.isInteger(deposit) ? 0 : 2) }
      : null,
  };
}

/**
 * Favourite and compare buttons show only for an eligible car (spec §5): the feature on, the car
 * available, priced above 0, used on a used-only site, and with an image.
 */
export function listToggleEligible(car: CardVehicle, settings: CardSettings, feature: "favourites" | "compare"): boolean {
  const imageCount = car.primary_image_url && car.photos_count !== 0 ? Math.max(1, car.photos_count ?? 1) : 0;
  return listToggleVisible({ ...car, imageCount }, { enabled: settings[feature], usedOnly: settings.usedOnly });
}

/** Reserve This Car shows for a car that can be reserved online (domain/vdp-rules reserveIneligibility): available, priced, not reserved, on sites that take deposits. */
export function reserveHref(car: Pick<CardVehicle, "slug" | "status" | "price" | "reserved"> & { show_on_dealer_website?: boolean }, settings: CardSettings): string | null {
  if (!settings.reserve || reserveIneligibility(car, { enabled: true })) return null;
  return `/cars/${car.slug}/${settings.reserve.route}`;
}

/** Card widths: a third of the results column on wide screens, half on tablets, the full width on phones. */
export const CARD_IMAGE_SIZES = "(min-width: 1200px) 300px, (min-width: 600px) 50vw, 100vw";

const CONDITION: Record<CardVehicle["car_type"], string> = { new: "New", demo: "Demo", used: "Used" };

export interface VehicleCardProps {
  car: CardVehicle;
  settings: CardSettings;
  /** "Now" for the new-arrival tag, fixed by the caller so server and browser agree. */
  now: Date;
  /** The first row loads its images at once; the rest lazily. */
  eager?: boolean;
  /** The list's first picture (the likely largest paint): fetched ahead of other images. */
  priority?: boolean;
  /** Makes element ids unique when several lists share a page. */
  idPrefix?: string;
  /** The watchlist save button, when the site has one. */
  saveSlot?: ReactNode;
}

/** A vehicle as a result card (spec §2, Result cards). */
export function VehicleCard({ car, settings, now, eager = false, priority = false, idPrefix = "car", saveSlot }: VehicleCardProps) {
  const available = isAvailable(car.status);
  const sold = car.status === "sold";
  const heading = vehicleHeading(car);
  const price = priceDisplay(car, { identity: settings, copy: settings.copy });
  const tag = cardTag(car, { now, certifiedMake: settings.certifiedMake, newArrivalLabel: settings.copy.newArrivalLabel });
  const titleId = `${idPrefix}-${car.objectID}-title`;
  const entry = { id: car.objectID, name: car.title, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url };
  const toggles = (["favourites", "compare"] as const).filter((f) => listToggleEligible(car, settings, f));
  const reserve = reserveHref(car, settings);
  const number = numberFormat(settings.locale);
  const details = settings.cardDetails
    ? [CONDITION[car.car_type], car.transmission, `${number.format(car.km)} km`, car.fuel].filter((d): d is string => !!d)
    : [];
  const forCar = <span className="fc-visually-hidden">{`: ${car.title}`}</span>;

  return (
    <article className={`fc-card ${styles.card}`} data-status={car.status} aria-labelledby={titleId}>
      <div className={styles.media}>
        {car.primary_image_url ? (
          <img
            className={styles.image}
            src={imageUrl(car.primary_image_url, { width: 640 })}
            srcSet={imageSrcSet(car.primary_image_url, { widths: [384, 640, 850] })}
            sizes={CARD_IMAGE_SIZES}
            alt={car.title}
            width={640}
            height={480}
            {...(eager ? { loading: "eager" as const, ...(priority ? { fetchPriority: "high" as const } : {}) } : { loading: "lazy" as const, decoding: "async" as const })}
          />
        ) : (
          <div className={styles.noImage}>Image coming soon</div>
        )}
        {car.location_name ? <span className={styles.location}>{car.location_name}</span> : null}
        {sold ? <span className={styles.sold}>Sold</span> : null}
        {tag ? (
          <span className={styles.tag} data-kind={tag.kind}>
            {tag.label}
          </span>
        ) : null}
        {toggles.length || saveSlot ? (
          <div className={styles.toggles}>
            {toggles.map((list) => (
              <ListToggle key={list} site={settings.site} list={list} entry={entry} car={list === "favourites" ? hitAnalyticsCar(car) : undefined} className="fc-round-toggle" />
            ))}
            {saveSlot}
          </div>
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title} id={titleId}>
          <a href={car.path}>
            {heading.title}
            {heading.subtitle ? <span className={styles.subtitle}>{` ${heading.subtitle}`}</span> : null}
          </a>
        </h3>
        <p className={styles.price} data-kind={price.kind}>
          <span className={styles.amount}>{price.text}</span>
          {price.kind === "price" && price.label ? <span className={styles.priceType}>{` ${price.label}`}</span> : null}
        </p>
        {details.length ? (
          <ul className={styles.details} aria-label="Details">
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        ) : null}
        {settings.viewsCount ? (
          <p className={styles.views}>
            {`${number.format(car.views)} ${car.views === 1 ? "view" : "views"}`}
          </p>
        ) : null}
        {available ? (
          <div className={styles.actions}>
            <a className="fc-button" href={car.path}>
              Explore Vehicle{forCar}
            </a>
            <a className="fc-button fc-button--ghost" href={enquireHref(car)}>
              Quick Enquiry{forCar}
            </a>
            {reserve ? (
              <a className="fc-button fc-button--ghost" href={reserve}>
                {`Reserve This ${vehicleTerms(car).Noun} ${settings.reserve!.amount}`}
                {forCar}
              </a>
            ) : null}
          </div>
        ) : (
          <div className={styles.actions}>
            <p className={styles.similar}>Like this and want something similar?</p>
            <a className="fc-button" href={similarAnchorHref(car)}>
              Find Me Something Similar{forCar}
            </a>
          </div>
        )}
      </div>
    </article>
  );
}
