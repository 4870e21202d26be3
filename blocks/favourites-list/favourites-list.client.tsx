"use client";

import { listStateText, type ListLookupItem } from "../../domain/car-lists";
import { imageUrl } from "../../domain/image-urls";
import { removeFromList, useCarList } from "../_shared/favourites.client";
import type { ListEntry } from "../_shared/favourites";
import { useListLookup } from "../_shared/list-lookup.client";
import { VehicleCard, type CardSettings } from "../_shared/vehicle-card";
import styles from "./favourites-list.module.css";

export interface FavouritesSettings {
  card: CardSettings;
  searchPath: string;
  /** What the site sells, in its words (domain/vehicle-terms.ts siteTerms): "car" / "cars", "caravan" / "caravans". */
  words: { noun: string; plural: string };
  /** ISO time the page was rendered: "now" for the cards' new-arrival tags. */
  now: string;
}

export function FavouritesView({ entries, items, status, settings, onRemove }: {
  entries: ListEntry[];
  items: Map<string, ListLookupItem>;
  status: "loading" | "ready" | "error";
  settings: FavouritesSettings;
  onRemove: (id: string) => void;
}) {
  const now = new Date(settings.now);
  return (
    <>
      {status === "error" ? <p role="alert">We could not check these {settings.words.plural} just now. Their details may be out of date; please try again later.</p> : null}
      <ul className={styles.list} aria-label={`Favourite ${settings.words.plural}`} aria-busy={status === "loading" || undefined}>
        {entries.map((entry) => {
          const item = items.get(entry.id);
          const car = item?.car ?? null;
          const name = car?.card.title ?? entry.name;
          return (
            <li key={entry.id} className={styles.item} data-state={item?.state}>
              {car ? (
                <VehicleCard car={car.card} settings={settings.card} now={now} idPrefix="favourite" />
              ) : (
                <article className={`fc-card ${styles.placeholder}`} aria-label={name}>
                  {entry.primary_image_url ? (
                    <img className={styles.image} src={imageUrl(entry.primary_image_url, { width: 640 })} alt="" width={640} height={480} loading="lazy" />
                  ) : null}
                  <p className={styles.name}>{name}</p>
                  {item ? null : status === "loading" ? <p className="fc-skeleton">Checking this {settings.words.noun}…</p> : null}
                </article>
              )}
              {item && item.state !== "available" ? (
                <p className={styles.state} data-state={item.state}>
                  {listStateText(item.state, settings.words.noun)}
                  {item.state === "gone" ? null : item.state === "sold" ? ". Find something similar on its page." : "; it may come back if the reservation lapses."}
                </p>
              ) : null}
              <button type="button" className={`fc-button fc-button--ghost ${styles.remove}`} onClick={() => onRemove(entry.id)}>
                Remove<span className="fc-visually-hidden"> {name} from favourites</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className={styles.more}>
        Looking for more? <a href={settings.searchPath}>Search {settings.words.plural}</a>
      </p>
    </>
  );
}

/** The favourites page's body: reads the browser's favourites, checks each car, lists them. */
export function FavouritesList({ settings }: { settings: FavouritesSettings }) {
  const entries = useCarList(settings.card.site, "favourites");
  const lookup = useListLookup(entries);
  if (entries === null) return <p className={styles.more}>Loading your favourites…</p>;
  if (!entries.length) {
    return (
      <p className={styles.more}>
        You have no favourite {settings.words.plural} yet. Tap the heart on a {settings.words.noun} to keep it here. <a href={settings.searchPath}>Search {settings.words.plural}</a>
      </p>
    );
  }
  return <FavouritesView entries={entries} items={lookup.items} status={lookup.status} settings={settings} onRemove={(id) => removeFromList(settings.card.site, "favourites", id)} />;
}
