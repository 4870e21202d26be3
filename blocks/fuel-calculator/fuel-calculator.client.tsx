"use client";

import { useEffect, useId, useRef, useState } from "react";
import type { FuelInputs } from "../../domain/fuel";
import { ANNOUNCE_DELAY_MS, FUEL_FIELDS, fuelEntry, weeklyCostText } from "./fuel";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import styles from "./fuel-calculator.module.css";

type Texts = Record<keyof FuelInputs, string>;

export function FuelCalculatorClient({ defaults, identity }: { defaults: FuelInputs; identity: Parameters<typeof weeklyCostText>[1] }) {
  const [texts, setTexts] = useState<Texts>(() => ({
    pricePerLitre: String(defaults.pricePerLitre),
    kmPerWeek: String(defaults.kmPerWeek),
    litresPer100km: String(defaults.litresPer100km),
  }));
  const [announcement, setAnnouncement] = useState("");
  const changed = useRef(false);
  const id = useId();
  const fields = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(fields, (input) => {
    changed.current = true;
    setTexts((t) => ({ ...t, [input.name]: input.value }));
  });
  const inputs: FuelInputs = {
    pricePerLitre: fuelEntry(texts.pricePerLitre),
    kmPerWeek: fuelEntry(texts.kmPerWeek),
    litresPer100km: fuelEntry(texts.litresPer100km),
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
        {FUEL_FIELDS.map((f) => (
          <div key={f.name} className={styles.field}>
            <label htmlFor={`${id}-${f.name}`} className={styles.label}>
              {f.label} <span className={styles.unit}>({f.unit})</span>
            </label>
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              className="fc-input"
              type="number"
              inputMode="decimal"
              min={0}
              step={f.step}
              value={texts[f.name]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                changed.current = true;
                setTexts((t) => ({ ...t, [f.name]: value }));
              }}
            />
          </div>
        ))}
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
