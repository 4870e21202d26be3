/** The offers search's widgets, inside <InstantSearchNext> (offers-app.client.tsx) or, in tests, <InstantSearch>. */
import { useRef } from "react";
import { useConfigure, useHits, useInstantSearch, useRefinementList, useStats } from "react-instantsearch";
import type { OfferRecord } from "../../domain/offers";
import { imageUrl } from "../../domain/image-urls";
import { formatMoney } from "../../domain/vehicle-display";
import { RangeSlider } from "../_shared/range-slider";
import { useDebouncedRange } from "../_shared/search/range";
import { Pagination } from "../_shared/search/pagination";
import { NoResults } from "../_shared/search/no-results";
import { dealerStockHref, NO_OFFERS_TEXT, OFFERS_PER_PAGE, offerEnds, offerPrice, type OffersSettings } from "./offers";
import styles from "./offers-search.module.css";

function Categories() {
  const { items, refine } = useRefinementList({ attribute: "categories", limit: 30, sortBy: ["name:asc"] });
  if (!items.length) return null;
  return (
    <div className={styles.categories} role="group" aria-label="Offer categories">
      {items.map((item) => (
        <button key={item.value} type="button" className={styles.category} aria-pressed={item.isRefined} onClick={() => refine(item.value)}>
          {item.label} <span className={styles.categoryCount}>({item.count})</span>
        </button>
      ))}
    </div>
  );
}

function PriceFilter({ money }: { money: OffersSettings["money"] }) {
  const { bounds, values, change, hasStats } = useDebouncedRange("price");
  if (!hasStats) return null;
  return (
    <div className={styles.price} role="group" aria-label="Price">
      <span className={styles.priceLabel}>Price</span>
      <RangeSlider noun="price" bounds={bounds} values={values} format={(v) => formatMoney(v, money)} onChange={change} />
    </div>
  );
}

export function OfferCard({ offer, settings, first }: { offer: OfferRecord; settings: OffersSettings; first: boolean }) {
  const titleId = `${settings.blockId}-${offer.objectID}`;
  const price = offerPrice(offer, settings.money);
  const ends = offerEnds(offer.expiry, settings.money.locale);
  return (
    <article className="fc-card" aria-labelledby={titleId}>
      {offer.image ? (
        <img
          className={`fc-card__image ${styles.image}`}
          src={imageUrl(offer.image.src, { width: 640, quality: 75 })}
          alt={offer.image.alt}
          width={offer.image.width ?? 640}
          height={offer.image.height ?? 427}
          {...(first ? { fetchPriority: "high" as const } : { loading: "lazy" as const, decoding: "async" as const })}
        />
      ) : null}
      <div className="fc-card__body">
        <p className={styles.tags}>{offer.categories.join(" · ")}</p>
        <h3 id={titleId} className={styles.title}>
          {offer.title}
        </h3>
        {price ? <p className={styles.offerPrice}>{price}</p> : null}
        {offer.description ? <p className={styles.description}>{offer.description}</p> : null}
        <p className={styles.meta}>
          {offer.dealership_name}
          {ends ? <> · {ends}</> : null}
        </p>
        {offer.terms ? (
          <details className={styles.terms}>
            <summary>Terms and conditions</summary>
            <p>{offer.terms}</p>
          </details>
        ) : null}
        <div className={styles.actions}>
          <a className="fc-button" href={offer.href} aria-describedby={titleId}>
            View Offer
          </a>
          <a className={styles.dealerLink} href={dealerStockHref(offer.dealership_slug)}>
            See more from this dealer<span className="fc-visually-hidden"> ({offer.dealership_name})</span>
          </a>
        </div>
      </div>
    </article>
  );
}

function PageSize() {
  useConfigure({ hitsPerPage: OFFERS_PER_PAGE });
  return null;
}

function Count() {
  const { nbHits } = useStats();
  return (
    <p className={styles.count} role="status">
      {nbHits} {nbHits === 1 ? "offer" : "offers"}
    </p>
  );
}

function Offers({ settings }: { settings: OffersSettings }) {
  const { items } = useHits<OfferRecord & Record<string, unknown>>();
  const { results, setIndexUiState, status } = useInstantSearch();
  const onOffersPage = settings.seo.path === settings.offersPage;
  if (!items.length && results && results.__isArtificial !== true) {
    return <NoResults text={NO_OFFERS_TEXT} onClear={() => (onOffersPage ? setIndexUiState(() => ({})) : window.location.assign(settings.offersPage))} />;
  }
  return (
    <ul className={styles.grid} aria-busy={status === "loading" || status === "stalled"}>
      {items.map((offer, i) => (
        <li key={offer.objectID}>
          <OfferCard offer={offer} settings={settings} first={i === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The offers search: categories, price, count, cards, pages. As on the vehicle search, each widget
 * hook lives in its own component, so all of them register before the server's first search.
 */
export function OffersUI({ settings }: { settings: OffersSettings }) {
  const top = useRef<HTMLHeadingElement>(null);
  return (
    <section className={styles.block} aria-labelledby={`${settings.blockId}-heading`}>
      <PageSize />
      <h2 id={`${settings.blockId}-heading`} ref={top} tabIndex={-1} className={settings.heading ? styles.heading : "fc-visually-hidden"}>
        {settings.heading ?? "Offers"}
      </h2>
      {settings.showFilters ? (
        <div className={styles.filters}>
          <Categories />
          <PriceFilter money={settings.money} />
        </div>
      ) : null}
      <Count />
      <Offers settings={settings} />
      <Pagination onPage={() => top.current?.focus()} />
    </section>
  );
}
