import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { collapseSoldRuns, interleavePromos, type ListItem } from "../../domain/search-rules";
import { VehicleCard, type CardVehicle } from "../_shared/vehicle-card";
import { WatchlistButton } from "../_shared/watchlist-button.client";
import { hitAnalyticsCar } from "../_shared/hit-analytics";
import type { IndexUiState } from "../_shared/search/routing";
import { carouselEdges, carouselStep } from "./carousel";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

/** Cards in the first row of the widest grid: their images load at once. */
const FIRST_ROW = 3;

export type Hit = CardVehicle & { __position?: number };

/** Which cards a page shows: sold runs collapsed where the site wants it, then promo cards at their positions. */
export function resultItems(hits: Hit[], settings: SearchSettings, state: IndexUiState): ListItem<Hit>[] {
  const list = settings.collapseSold ? collapseSoldRuns(hits) : hits;
  const refinedCarTypes = state.refinementList?.car_type ?? [];
  const otherRefinements =
    Object.entries(state.refinementList ?? {}).some(([attr, values]) => attr !== "car_type" && values.length > 0) ||
    Object.values(state.range ?? {}).some((v) => !!v && v !== ":");
  return interleavePromos(list, settings.promoCards, { now: new Date(settings.now), refinedCarTypes, otherRefinements, rng: () => settings.promoSeed });
}

/**
 * Whether two hits have the same fields. InstantSearch hands the cards new (equal) hit objects at
 * every change of its status, two or three times a search; an unchanged card then skips its render.
 */
export function sameHit(a: Hit, b: Hit): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof Hit)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

interface HitCardProps {
  hit: Hit;
  index: number;
  settings: SearchSettings;
}

const HitCard = memo(
  function HitCard({ hit, index, settings }: HitCardProps) {
    return (
      <li className={styles.item}>
        <VehicleCard
          car={hit}
          settings={settings.card}
          now={new Date(settings.now)}
          eager={index < FIRST_ROW}
          priority={index === 0}
          idPrefix={settings.blockId}
          saveSlot={settings.watchlist ? <WatchlistButton site={settings.card.site} carId={hit.objectID} title={hit.title} sold={hit.status === "sold"} car={hitAnalyticsCar(hit)} /> : undefined}
        />
      </li>
    );
  },
  (a, b) => a.index === b.index && a.settings === b.settings && sameHit(a.hit, b.hit),
);

export function Cards({ items, settings }: { items: ListItem<Hit>[]; settings: SearchSettings }) {
  let hitIndex = 0;
  return items.map((item) => {
    if (item.kind === "promo") {
      const { promo } = item;
      return (
        <li key={`promo-${promo.id}`} className={styles.item}>
          <a className={styles.promo} href={promo.href}>
            <img src={promo.image.src} alt={promo.image.alt} width={promo.image.width ?? 480} height={promo.image.height ?? 640} loading="lazy" decoding="async" />
          </a>
        </li>
      );
    }
    return <HitCard key={item.hit.objectID} hit={item.hit} index={hitIndex++} settings={settings} />;
  });
}

export function Carousel({ items, settings, label }: { items: ListItem<Hit>[]; settings: SearchSettings; label: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ canPrev: false, canNext: true });
  const update = useCallback(() => {
    if (track.current) setEdges(carouselEdges(track.current));
  }, []);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [update, items.length]);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const card = el.firstElementChild as HTMLElement | null;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * carouselStep(el.clientWidth, card?.offsetWidth ?? 300, gap), behavior: smooth ? "smooth" : "auto" });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    // Inside a form control the arrow keys belong to it.
    if ((e.target as HTMLElement).closest("input, select, textarea")) return;
    e.preventDefault();
    scroll(e.key === "ArrowRight" ? 1 : -1);
  };
  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <button type="button" className={`fc-round-icon ${styles.arrow} ${styles.arrowPrev}`} aria-label="Previous results" disabled={!edges.canPrev} onClick={() => scroll(-1)}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 16 16">
          <path d="M10 2L4 8l6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul ref={track} className={styles.track} onScroll={update} tabIndex={0} aria-label={`${label}: use the arrow keys to scroll`}>
        <Cards items={items} settings={settings} />
      </ul>
      <button type="button" className={`fc-round-icon ${styles.arrow} ${styles.arrowNext}`} aria-label="Next results" disabled={!edges.canNext} onClick={() => scroll(1)}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 16 16">
          <path d="M6 2l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </div>
  );
}

