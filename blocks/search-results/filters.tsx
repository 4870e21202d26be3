/** The search filters (spec §2, §5, §9). Rendered inside the search page's client part. */
import { useId, useState, type ReactNode } from "react";
import { useConnector, useInstantSearch, useRefinementList } from "react-instantsearch";
import { collator } from "../../domain/intl";
import { selectedCarType } from "../../domain/search-rules";
import { RangeSlider } from "../_shared/range-slider";
import type { CardSettings } from "../_shared/vehicle-card";
import { formatRangeValue, valueLabel } from "../_shared/search/display";
import { useDebouncedRange } from "../_shared/search/range";
import type { FilterSetting } from "./settings";
import { connectListSummary } from "./hidden-widgets";
import styles from "./search-results.module.css";


type Item = ReturnType<typeof useRefinementList>["items"][number];

/**
 * A collapsible filter section; open from the start when it has a refinement. Its options are drawn
 * once it is first opened: a closed section costs the page no markup (a long make or model list is
 * a hundred checkboxes) and no hydration.
 */
function Section({ label, refined, children }: { label: string; refined: number; children: ReactNode }) {
  const [open, setOpen] = useState(refined > 0);
  const [drawn, setDrawn] = useState(open);
  return (
    <details
      className={styles.filter}
      open={open}
      onToggle={(e) => {
        const nowOpen = e.currentTarget.open;
        setOpen(nowOpen);
        if (nowOpen) setDrawn(true);
      }}
    >
      <summary className={styles.filterSummary}>
        <span>{label}</span>
        {refined ? <span className={styles.filterBadge}>{refined}<span className="fc-visually-hidden"> selected</span></span> : null}
      </summary>
      <div className={styles.filterBody}>{drawn ? children : null}</div>
    </details>
  );
}

function Checkboxes({ attribute, items, refine, label }: { attribute: string; items: Item[]; refine: (value: string) => void; label: string }) {
  return (
    <ul className={styles.options} aria-label={label}>
      {items.map((item) => (
        <li key={item.value}>
          <label className={styles.option}>
            <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
            <span className={styles.optionLabel}>{valueLabel(attribute, item.label)}</span>
            <span className={styles.optionCount}>
              {item.count}
              <span className="fc-visually-hidden"> results</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * A list filter's section. Until it is first opened (or when it opens refined), its widget is a
 * summary — the options' and the refined values' counts — and the full refinement list, which sorts
 * and formats every value at each render, is mounted only with its options (ListOptions).
 */
function ListFilter({ setting }: { setting: Extract<FilterSetting, { kind: "list" | "model" | "make" }> }) {
  const { options, refined } = useConnector(connectListSummary, { attribute: setting.attribute, limit: setting.limit });
  if (!options && !refined) return null;
  return (
    <Section label={setting.label} refined={refined}>
      {setting.kind === "make" ? <MakeOptions setting={setting} /> : <ListOptions setting={setting} />}
    </Section>
  );
}

function ListOptions({ setting }: { setting: Extract<FilterSetting, { kind: "list" | "model" }> }) {
  const { items, refine } = useRefinementList({ attribute: setting.attribute, limit: setting.limit, sortBy: ["isRefined", "count:desc", "name:asc"] });
  return <Checkboxes attribute={setting.attribute} items={items} refine={refine} label={setting.label} />;
}

/**
 * Makes: the most common first (7 by default), then Show all makes; Popular Makes / All Makes
 * headings where the site has them. `rest` is the long list in count order; `restShown` is the part
 * of it in sight (all of it once unfolded, else the refined ones), alphabetically. Only that part is
 * sorted (and the collator made only then): a page's first collation costs its browser 15–20 ms of setting up ICU's collation data, and
 * the search page's hydration, with the long list folded away, need not pay it.
 */
export function splitMakes(items: Item[], shown: number, all: boolean) {
  const popular = items.slice(0, shown);
  const rest = items.slice(shown);
  const inSight = all ? rest : rest.filter((i) => i.isRefined);
  let restShown = inSight;
  if (inSight.length > 1) {
    const byName = collator().compare;
    restShown = [...inSight].sort((a, b) => byName(a.label, b.label));
  }
  return { popular, rest, restShown };
}

function MakeOptions({ setting }: { setting: Extract<FilterSetting, { kind: "make" }> }) {
  const { items, refine } = useRefinementList({ attribute: "make", limit: setting.limit, sortBy: ["count:desc", "name:asc"] });
  const [all, setAll] = useState(false);
  const listId = useId();
  // A refined make stays in sight even while the long list is folded away.
  const { popular, rest, restShown } = splitMakes(items, setting.shown, all);
  return (
    <>
      {setting.headings ? <h3 className={styles.optionsHeading}>Popular Makes</h3> : null}
      <Checkboxes attribute="make" items={popular} refine={refine} label={setting.headings ? "Popular Makes" : setting.label} />
      <div id={listId}>
        {restShown.length ? (
          <>
            {setting.headings ? <h3 className={styles.optionsHeading}>All Makes</h3> : null}
            <Checkboxes attribute="make" items={restShown} refine={refine} label={setting.headings ? "All Makes" : `More ${setting.label.toLowerCase()}`} />
          </>
        ) : null}
      </div>
      {rest.length ? (
        <button type="button" className={`fc-link-button ${styles.linkButton}`} aria-expanded={all} aria-controls={listId} onClick={() => setAll((a) => !a)}>
          {all ? "Show fewer makes" : "Show all makes"}
        </button>
      ) : null}
    </>
  );
}

/** The car type slider: choosing an option replaces the car_type refinement (spec §2). */
function CarTypeFilter({ setting, joinNewAndDemo }: { setting: Extract<FilterSetting, { kind: "car-type" }>; joinNewAndDemo: boolean }) {
  // Mounted so the car_type refinement belongs to a widget and lives in the URL.
  useRefinementList({ attribute: "car_type", limit: 6 });
  const { indexUiState, setIndexUiState } = useInstantSearch();
  const refined = indexUiState.refinementList?.car_type ?? [];
  const pressed = selectedCarType(refined, setting.options.map((o) => o.id), joinNewAndDemo);
  return (
    <fieldset className={styles.carType}>
      <legend className={styles.carTypeLegend}>{setting.label}</legend>
      <div className={styles.segmented}>
        {setting.options.map((option) => (
          <button
            key={option.id}
            type="button"
            className={styles.segment}
            aria-pressed={pressed === option.id}
            onClick={() =>
              setIndexUiState((state) => ({ ...state, page: undefined, refinementList: { ...state.refinementList, car_type: option.values } }))
            }
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function RangeFilter({ setting, money }: { setting: Extract<FilterSetting, { kind: "range" }>; money: Pick<CardSettings, "locale" | "currency"> }) {
  const { attribute, label } = setting;
  const { bounds, values, change } = useDebouncedRange(attribute);
  const lo = Math.max(bounds.min, Math.min(values[0], bounds.max));
  const hi = Math.min(bounds.max, Math.max(values[1], bounds.min));
  const refined = lo > bounds.min || hi < bounds.max;

  return (
    <Section label={label} refined={refined ? 1 : 0}>
      <RangeSlider noun={label.toLowerCase()} bounds={bounds} values={values} format={(v) => formatRangeValue(attribute, v, money)} onChange={change} />
    </Section>
  );
}

export function Filter({ setting, joinNewAndDemo, money }: { setting: FilterSetting; joinNewAndDemo: boolean; money: Pick<CardSettings, "locale" | "currency"> }) {
  switch (setting.kind) {
    case "car-type":
      return <CarTypeFilter setting={setting} joinNewAndDemo={joinNewAndDemo} />;
    case "range":
      return <RangeFilter setting={setting} money={money} />;
    default:
      return <ListFilter setting={setting} />;
  }
}
