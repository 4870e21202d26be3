"use client";

import { useId, useState } from "react";
import { COMPARE_MAX, COMPARE_MIN, listStateText, type ListLookupItem } from "../../domain/car-lists";
import { imageUrl } from "../../domain/image-urls";
import { removeFromList, useCarList } from "../_shared/favourites.client";
import type { ListEntry } from "../_shared/favourites";
import { useListLookup } from "../_shared/list-lookup.client";
import { compareRows, type CompareColumn, type CompareFormat } from "./compare-rows";
import styles from "./compare-cars.module.css";

export interface CompareSettings extends CompareFormat {
  site: string;
  searchPath: string;
  disclaimer: string;
  /** What the site sells, in its words (domain/vehicle-terms.ts siteTerms): "car" / "cars", "caravan" / "caravans". */
  words: { noun: string; plural: string };
}

/** The columns for the listed cars, each with its looked-up state; a car not looked up yet (or the lookup failed) has no values. */
export function compareColumns(entries: ListEntry[], items: Map<string, ListLookupItem>): CompareColumn[] {
  return entries.map((e) => {
    const item = items.get(e.id);
    return { id: e.id, state: item?.state ?? "available", car: item?.car ?? null };
  });
}

export function CompareView({ entries, columns, settings, onRemove, status }: {
  entries: ListEntry[];
  columns: CompareColumn[];
  settings: CompareSettings;
  onRemove: (id: string) => void;
  status: "loading" | "ready" | "error";
}) {
  const [onlyDiff, setOnlyDiff] = useState(false);
  const switchId = useId();
  const rows = compareRows(columns, settings);
  const shown = onlyDiff ? rows.filter((r) => r.differs) : rows;
  const differing = rows.filter((r) => r.differs).length;
  const hasEstimate = columns.some((c) => c.car?.weekly);
  return (
    <>
      {entries.length < COMPARE_MIN ? (
        <p className={styles.more}>
          Add another {settings.words.noun} to compare it side by side (up to {COMPARE_MAX}). <a href={settings.searchPath}>Search {settings.words.plural}</a>
        </p>
      ) : (
        <div className={styles.controls}>
          <input id={switchId} type="checkbox" className={styles.switch} checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} />
          <label htmlFor={switchId}>Show only differences</label>
          <span className={styles.legend}>
            <span className={styles.legendSwatch} aria-hidden="true" /> {differing === 1 ? "1 row differs" : `${differing} rows differ`}
          </span>
        </div>
      )}
      {status === "error" ? <p role="alert">We could not check these {settings.words.plural} just now. Their details may be out of date; please try again later.</p> : null}
      <div className={styles.scroller} role="region" aria-label="Comparison table" tabIndex={0}>
        <table className={styles.table} aria-busy={status === "loading" || undefined}>
          <caption className="fc-visually-hidden">
            Comparing {entries.length} {entries.length === 1 ? settings.words.noun : settings.words.plural}
            {entries.length >= COMPARE_MIN ? `; rows where the ${settings.words.plural} differ are marked “differs”` : ""}
          </caption>
          <thead>
            <tr>
              <td className={styles.corner} />
              {entries.map((entry, i) => {
                const col = columns[i];
                const card = col.car?.card;
                const picture = card?.primary_image_url ?? entry.primary_image_url;
                const name = card?.title ?? entry.name;
                return (
                  <th key={entry.id} scope="col" className={styles.carHead}>
                    {picture ? <img className={styles.photo} src={imageUrl(picture, { width: 384 })} alt="" width={384} height={288} loading="lazy" /> : <div className={styles.noPhoto}>No photo</div>}
                    {col.car ? (
                      <a className={styles.carName} href={col.car.card.path}>
                        {name}
                      </a>
                    ) : (
                      <span className={styles.carName}>{name}</span>
                    )}
                    {col.state !== "available" ? (
                      <span className={styles.state} data-state={col.state}>
                        {listStateText(col.state, settings.words.noun)}
                      </span>
                    ) : null}
                    <button type="button" className={`fc-link-button ${styles.remove}`} onClick={() => onRemove(entry.id)}>
                      Remove<span className="fc-visually-hidden"> {name} from the comparison</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key} data-differs={row.differs || undefined}>
                <th scope="row">
                  {row.label}
                  {row.differs ? <span className={styles.differs}> differs</span> : null}
                </th>
                {row.values.map((value, i) => (
                  <td key={columns[i].id}>
                    {status === "loading" && !columns[i].car ? <span className="fc-skeleton">&nbsp;</span> : value}
                    {row.notes[i] ? <span className={styles.note}>{row.notes[i]}</span> : null}
                  </td>
                ))}
              </tr>
            ))}
            {onlyDiff && !shown.length ? (
              <tr>
                <td colSpan={entries.length + 1}>These {settings.words.plural} do not differ in any row shown here.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {hasEstimate ? <p className={styles.disclaimer}>{settings.disclaimer}</p> : null}
    </>
  );
}

/** The compare page's body: reads the browser's compare list, checks the cars, shows the table. */
export function CompareCars({ settings }: { settings: CompareSettings }) {
  const entries = useCarList(settings.site, "compare");
  const lookup = useListLookup(entries);
  if (entries === null) return <p className={styles.more}>Loading the {settings.words.plural} you picked…</p>;
  if (!entries.length) {
    return (
      <p className={styles.more}>
        You have not picked any {settings.words.plural} to compare yet. Use the compare button on a {settings.words.noun} to add it (up to {COMPARE_MAX}). <a href={settings.searchPath}>Search {settings.words.plural}</a>
      </p>
    );
  }
  return (
    <CompareView
      entries={entries}
      columns={compareColumns(entries, lookup.items)}
      settings={settings}
      status={lookup.status}
      onRemove={(id) => removeFromList(settings.site, "compare", id)}
    />
  );
}
