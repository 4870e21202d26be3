"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { FREQUENCIES, boundsHelp, calculateRepayment, clampToBounds, parseEntry, type CalculatorState, type FrequencyId } from "../../domain/finance";
import { trackEvent } from "../../renderer/analytics";
import { ANNOUNCE_DELAY_MS, fieldsOf, repaymentView, type CalculatorView, type FieldName, type FieldView } from "./view";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import styles from "./finance-calculator.module.css";

/** One input: a labelled range slider plus a text box; the help text shows at or beyond the bounds (spec §5). */
function Field({ field, value, onValue, id }: { field: FieldView; value: number; onValue: (v: number) => void; id: string }) {
  // While the visitor types, the box keeps what they typed; the value used is clamped (and snapped to a term increment).
  const [typed, setTyped] = useState<string | null>(null);
  const entered = typed == null ? value : parseEntry(typed);
  const help = field.disabled ? null : boundsHelp(entered, field.bounds, (n) => field.formatBound(n));
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const toValue = (n: number) => field.snap(clampToBounds(n, field.bounds));
  const entry = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(entry, (input) => {
    if (input.type === "range") return onValue(field.fromSlider(Number(input.value)));
    setTyped(input.value);
    onValue(toValue(parseEntry(input.value)));
  });
  return (
    <div className={styles.field}>
      <label id={labelId} htmlFor={`${id}-box`} className={styles.label}>
        {field.label}
      </label>
      <div ref={entry} className={styles.entry}>
        <input
          type="range"
          className={styles.slider}
          aria-labelledby={labelId}
          aria-valuetext={field.valueText(value)}
          min={field.slider.min}
          max={field.slider.max}
          step={field.slider.step}
          value={field.toSlider(value)}
          disabled={field.disabled}
          onChange={(e) => {
            setTyped(null);
            onValue(field.fromSlider(Number(e.currentTarget.value)));
          }}
        />
        <span className={styles.box}>
          {field.prefix ? <span className={styles.affix} aria-hidden="true">{field.prefix}</span> : null}
          <input
            id={`${id}-box`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={`fc-input ${styles.text}`}
            value={typed ?? field.display(value)}
            disabled={field.disabled}
            aria-describedby={help ? helpId : undefined}
            aria-invalid={help && (entered < field.bounds.min || entered > field.bounds.max) ? true : undefined}
            onChange={(e) => {
              // Non-numeric characters are stripped before parsing; a negative entry counts as 0.
              const raw = e.currentTarget.value;
              setTyped(raw);
              onValue(toValue(parseEntry(raw)));
            }}
            onBlur={() => {
              // Out of range entries clamp to the min or max when the visitor leaves the box.
              if (typed != null) onValue(toValue(parseEntry(typed)));
              setTyped(null);
            }}
          />
          {field.suffix ? <span className={styles.affix} aria-hidden="true">{field.suffix}</span> : null}
        </span>
      </div>
      {help ? (
        <p id={helpId} className={styles.help}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

export function FinanceCalculatorClient({ view }: { view: CalculatorView }) {
  const [state, setState] = useState<CalculatorState>(view.initial);
  const [announcement, setAnnouncement] = useState("");
  const tracked = useRef(false);
  const changed = useRef(false);
  const id = useId();

  const result = calculateRepayment(state, view.settings);
  const shown = repaymentView(result, state, view);

  // Spec §4: the first change to any input or the frequency fires one event per page view.
  const change = (next: Partial<CalculatorState>) => {
    if (!tracked.current) {
      tracked.current = true;
      trackEvent(ANALYTICS_EVENTS.financeCalculator, view.site);
    }
    changed.current = true;
    setState((s) => ({ ...s, ...next }));
  };

  // The repayment is announced once the visitor pauses, not on every keystroke or slider step.
  useEffect(() => {
    if (!changed.current) return;
    const t = setTimeout(() => setAnnouncement(shown.announcement), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(t);
  }, [shown.announcement]);

  return (
    <div className={`fc-panel ${styles.calculator}`}>
      {view.showBanner && shown.banner ? <p className={styles.banner}>{shown.banner}</p> : null}
      <div className={styles.fields}>
        {fieldsOf(view).map((f) => (
          <Field key={f.name} id={`${id}-${f.name}`} field={f} value={state[f.name as FieldName]} onValue={(v) => change({ [f.name]: v })} />
        ))}
      </div>
      <div className={styles.frequencies} role="group" aria-labelledby={`${id}-freq`}>
        <span id={`${id}-freq`} className={styles.label}>
          Repayment frequency
        </span>
        <div className="fc-segmented">
          {FREQUENCIES.map((f) => (
            <button key={f.id} type="button" className="fc-segmented__option" aria-pressed={state.frequency === f.id} onClick={() => change({ frequency: f.id as FrequencyId })}>
              {f.name}
            </button>
          ))}
        </div>
      </div>
      <Result shown={shown} />
      <div className="fc-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

/** The repayment, total and comparison rate (also rendered on the server for the first paint). */
export function Result({ shown }: { shown: ReturnType<typeof repaymentView> }) {
  return (
    <div className={styles.result}>
      <p className={styles.resultLabel}>{shown.label}</p>
      <p className={styles.repayment} data-testid="finance-repayment">
        {shown.enquire ? (
          shown.repayment
        ) : (
          <>
            {shown.repayment} <span className={styles.period}>/{shown.period}</span>
          </>
        )}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>Total repayments</dt>
          <dd data-testid="finance-total">{shown.total}</dd>
        </div>
        {shown.comparisonRates ? (
          <div>
            <dt>Comparison rate</dt>
            <dd>{shown.comparisonRates}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
