"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { FREQUENCIES, calculateRepayment, type CalculatorState, type FrequencyId } from "../../domain/finance";
import { enterValue } from "../../domain/finance-entry";
import { trackEvent } from "../../renderer/analytics";
import { ANNOUNCE_DELAY_MS, fieldsOf, loanShown, repaymentView, type CalculatorView, type FieldName, type FieldView } from "./view";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { publishLoan } from "../_shared/loan-store";
import styles from "./finance-calculator.module.css";

/**
 * One input: a labelled range slider plus a text box. What the visitor types is read by the domain's
 * rule (enterValue: "25k", "$25,000"); the help under the box says what an entry beyond the bounds was
 * clamped to (spec §5), that an entry cannot be read, or what a "k" was read as — only after the
 * visitor typed it, never at rest.
 */
function Field({ field, value, onValue, id }: { field: FieldView; value: number; onValue: (v: number) => void; id: string }) {
  // While the visitor types, the box keeps what they typed; the value used is clamped (and snapped to a term increment).
  const [typed, setTyped] = useState<string | null>(null);
  const [note, setNote] = useState<{ help: string; invalid: boolean } | null>(null);
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const enter = (raw: string) => {
    setTyped(raw);
    const entry = enterValue(raw, field.bounds, field.formatBound);
    setNote(entry.help && !field.disabled ? { help: entry.help, invalid: entry.invalid } : null);
    if (entry.value != null) onValue(field.snap(entry.value));
  };
  const entry = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(entry, (input) => {
    if (input.type === "range") {
      const position = Number(input.value);
      // The browser puts a value between steps on the nearest step (Bluegum's 12.94% on its 9.95 + 0.5n slider
      // reads 12.95): that is not a visitor's change, and adopting it would change the loan the page states.
      if (Math.abs(position - field.toSlider(value)) <= field.slider.step / 2 + 1e-9) return;
      return onValue(field.fromSlider(position));
    }
    enter(input.value);
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
            setNote(null);
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
            aria-describedby={note ? helpId : undefined}
            aria-invalid={note?.invalid || undefined}
            onChange={(e) => enter(e.currentTarget.value)}
            onBlur={() => {
              // Leaving the box shows the value in use (clamped, "25k" as 25,000); the note says why it changed.
              setTyped(null);
            }}
          />
          {field.suffix ? <span className={styles.affix} aria-hidden="true">{field.suffix}</span> : null}
        </span>
      </div>
      {note ? (
        <p id={helpId} className={styles.help}>
          {note.help}
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

  // The page's other finance figures (finance card, sticky header, disclaimer) follow the visitor's loan.
  useEffect(() => {
    if (changed.current) publishLoan(view.car, loanShown(state, view));
  }, [state, view]);

  // The repayment is announced once the visitor pauses, not on every keystroke or slider step.
  useEffect(() => {
    if (!changed.current) return;
    const t = setTimeout(() => setAnnouncement(shown.announcement), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(t);
  }, [shown.announcement]);

  return (
    <div className={`fc-panel ${styles.calculator}`}>
      {view.showBanner && shown.banner ? <p className={styles.banner} data-testid="finance-banner">{shown.banner}</p> : null}
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
