"use client";

import { useEffect, useId, useRef, useState } from "react";
import { enterValue } from "../../domain/finance-entry";
import { FUEL_BOUNDS, type FuelInputs } from "../../domain/fuel";
import { ANNOUNCE_DELAY_MS, FUEL_FIELDS, fuelFormats, weeklyCostText } from "./fuel";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import styles from "./fuel-calculator.module.css";

type Name = keyof FuelInputs;
/** What the box holds (null: the value, as the visitor left it), the value in use, and what the visitor is told about their entry. */
interface Entry {
  typed: string | null;
  value: number;
  help: string | null;
  invalid: boolean;
}

export function FuelCalculatorClient({ defaults, identity }: { defaults: FuelInputs; identity: Parameters<typeof weeklyCostText>[1] }) {
  const [entries, setEntries] = useState<Record<Name, Entry>>(() => {
    const at = (value: number): Entry => ({ typed: null, value, help: null, invalid: false });
    return { pricePerLitre: at(defaults.pricePerLitre), kmPerWeek: at(defaults.kmPerWeek), litresPer100km: at(defaults.litresPer100km) };
  });
  const [announcement, setAnnouncement] = useState("");
  const changed = useRef(false);
  const id = useId();
  const fields = useRef<HTMLDivElement>(null);
  const formats = fuelFormats(identity);
  // Read by the domain's entry rule ("1e3" is refused, not read as 13); beyond the bounds (a negative
  // price) the value is clamped and the help says so; an unreadable entry leaves the value as it was.
  const enter = (name: Name, raw: string) => {
    changed.current = true;
    const entry = enterValue(raw, FUEL_BOUNDS[name], formats[name]);
    setEntries((e) => ({ ...e, [name]: { typed: raw, value: entry.value ?? e[name].value, help: entry.help, invalid: entry.invalid } }));
  };
  useTypedBeforeHydration(fields, (input) => enter(input.name as Name, input.value));
  const inputs: FuelInputs = {
    pricePerLitre: entries.pricePerLitre.value,
    kmPerWeek: entries.kmPerWeek.value,
    litresPer100km: entries.litresPer100km.value,
  };
  const cost = weeklyCostText(inputs, identity);

  // Spoken once the visitor pauses typing.
  useEffect(() => {
    if (!changed.current) return;
    const t = setTimeout(() => setAnnouncement(`Estimated fuel cost ${cost} per week`), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(t);
  }, [cost]);

  return (
    <div className={`fc-panel ${styles.calculator}`}>
      <div ref={fields} className={styles.fields}>
        {FUEL_FIELDS.map((f) => {
          const entry = entries[f.name];
          const helpId = `${id}-${f.name}-help`;
          return (
            <div key={f.name} className={styles.field}>
              <label htmlFor={`${id}-${f.name}`} className={styles.label}>
                {f.label} <span className={styles.unit}>({f.unit})</span>
              </label>
              <input
                id={`${id}-${f.name}`}
                name={f.name}
                className="fc-input"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={entry.typed ?? String(entry.value)}
                aria-describedby={entry.help ? helpId : undefined}
                aria-invalid={entry.invalid || undefined}
                onChange={(e) => enter(f.name, e.currentTarget.value)}
                // Leaving the box shows the value in use (clamped, or as it was when the entry could not be read):
                // a valid value, so a message about an invalid entry goes with the entry ("Read as 1,000 km." stays).
                onBlur={() =>
                  setEntries((e) => {
                    const was = e[f.name];
                    return { ...e, [f.name]: { ...was, typed: null, help: was.invalid ? null : was.help, invalid: false } };
                  })
                }
              />
              {entry.help ? (
                <p id={helpId} className={styles.help}>
                  {entry.help}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className={styles.result} data-testid="fuel-result">
        Estimated fuel cost <strong className={styles.cost}>{cost}</strong> per week
      </p>
      <div className="fc-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}
