"use client";

import { useEffect, useId, useRef, useState } from "react";
import { SLIDER_DEBOUNCE_MS } from "../../domain/search-rules";
import { formatMoney } from "../../domain/vehicle-display";
import { lazySearchClient } from "../_shared/lazy-search-client";
import { RangeSlider } from "../_shared/range-slider";
import { valueLabel } from "../_shared/search/display";
import {
  heroHref,
  heroRequests,
  initialHeroState,
  quickPickLabel,
  readHeroResults,
  showMeLabel,
  visibleSelectors,
  type HeroResults,
  type HeroSettings,
  type HeroState,
} from "./hero";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import styles from "./search-hero.module.css";

/** The spec's count animation: one second, eased; at once for visitors who ask for less motion. */
export const COUNT_ANIMATION_MS = 1000;

function useAnimatedCount(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = from.current;
    if (start === target || window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      from.current = target;
      setShown(target);
      return;
    }
    const t0 = performance.now();
    let frame = 0;
    const tick = (t: number) => {
      const p = Math.min(1, (t - t0) / COUNT_ANIMATION_MS);
      const value = Math.round(start + (target - start) * (1 - (1 - p) ** 3));
      from.current = value;
      setShown(value);
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

export function SearchHeroClient({ settings, initial }: { settings: HeroSettings; initial: HeroResults | null }) {
  const [state, setState] = useState<HeroState>(() => initialHeroState(settings));
  const [results, setResults] = useState<HeroResults>(initial ?? { count: 0, options: {} });
  // The slider moves at once; the search follows 400 ms after it stops (spec §9).
  const [price, setPrice] = useState(state.price);
  const [client] = useState(() => lazySearchClient(settings.host, settings.algolia));
  const asked = useRef(initial ? JSON.stringify(heroRequests(settings, state)) : "");
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const selectors = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(selectors, (field) => setState((s) => ({ ...s, selected: { ...s.selected, [field.name]: field.value } })));

  useEffect(() => {
    const requests = heroRequests(settings, state);
    const key = JSON.stringify(requests);
    if (key === asked.current) return;
    asked.current = key;
    const ticket = ++latest.current;
    client
      .search(requests as never)
      .then(({ results: answer }) => {
        // An older answer arriving after a newer question is dropped.
        if (ticket === latest.current) setResults(readHeroResults(settings, state, answer as never));
      })
      // The previous counts stay on screen.
      .catch((error) => console.error("[search-hero] search failed:", error));
  }, [client, settings, state]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const count = useAnimatedCount(results.count);
  const money = (v: number) => formatMoney(v, settings.money);
  const choose = (change: Partial<HeroState>) => setState((s) => ({ ...s, ...change }));
  const movePrice = (next: [number, number], debounce: boolean) => {
    setPrice(next);
    clearTimeout(timer.current);
    if (debounce) timer.current = setTimeout(() => choose({ price: next }), SLIDER_DEBOUNCE_MS);
    else choose({ price: next });
  };
  const current = { ...state, price };

  return (
    <div className={styles.form}>
      {settings.toggles.length ? (
        <div className="fc-segmented" role="group" aria-label="Car type">
          {settings.toggles.map((t) => (
            <button key={t.id} type="button" className="fc-segmented__option" aria-pressed={state.toggle === t.id} onClick={() => choose({ toggle: t.id })}>
              {t.label}
            </button>
          ))}
        </div>
      ) : null}

      <div ref={selectors} className={styles.selectors}>
        {visibleSelectors(settings, state).map((s) => {
          const value = state.selected[s.attribute] ?? "";
          const options = results.options[s.attribute] ?? [];
          const listed = !value || options.some(([v]) => v === value) ? options : [[value, 0] as [string, number], ...options];
          return (
            <div key={s.attribute} className={styles.field}>
              <label htmlFor={`${id}-${s.attribute}`}>{s.label}</label>
              <select
                id={`${id}-${s.attribute}`}
                name={s.attribute}
                className={`fc-input ${styles.select}`}
                value={value}
                onChange={(e) => {
                  const selected = { ...state.selected, [s.attribute]: e.currentTarget.value };
                  // A model belongs to a make: choosing another make clears it.
                  if (s.attribute === "make") delete selected.model;
                  choose({ selected });
                }}
              >
                <option value="">Any {s.label.toLowerCase()}</option>
                {listed.map(([v, n]) => (
                  <option key={v} value={v}>
                    {valueLabel(s.attribute, v)} ({n})
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>

      {settings.price ? (
        <div className={styles.price}>
          <span className={styles.priceLabel} id={`${id}-price`}>
            Price
          </span>
          <div role="group" aria-labelledby={`${id}-price`}>
            <RangeSlider noun="price" bounds={settings.price} values={price} format={money} onChange={(next) => movePrice(next, true)} />
          </div>
          {settings.quickPicks.length ? (
            <div className={styles.quickPicks} role="group" aria-label="Quick price picks">
              {settings.quickPicks.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  className={styles.quickPick}
                  aria-pressed={price[0] === settings.price!.min && price[1] === amount}
                  onClick={() => movePrice([settings.price!.min, amount], false)}
                >
                  {quickPickLabel(settings, amount)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}

      <a className={`fc-button ${styles.showMe}`} href={heroHref(settings, current)}>
        {showMeLabel(settings, count)}
      </a>
      <p className="fc-visually-hidden" role="status">
        {showMeLabel(settings, results.count)}
      </p>
    </div>
  );
}
