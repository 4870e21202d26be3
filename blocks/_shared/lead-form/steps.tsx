import type { RefObject } from "react";
import { stepLabel, type FormField, type FormOption, type LeadFormSpec } from "../../../domain/lead-forms";
import type { FormValues } from "../../../domain/lead-form-values";
import styles from "./lead-form.module.css";

/** A multi-step form's progress list, the current step's heading (focused on a step change) and description. */
export function StepHeader({ steps, step, headingId, heading }: { steps: NonNullable<LeadFormSpec["steps"]>; step: number; headingId: string; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className={styles.stepHeader}>
      <ol className={styles.progress} aria-label="Form steps">
        {steps.map((s, i) => (
          <li key={i} className={styles.progressItem} data-state={i < step ? "done" : i === step ? "current" : "todo"} aria-current={i === step ? "step" : undefined}>
            {s.title}
            {i < step ? <span className="fc-visually-hidden"> (completed)</span> : null}
          </li>
        ))}
      </ol>
      <h3 ref={heading} id={headingId} className={styles.stepHeading} tabIndex={-1}>
        <span className={styles.stepCount}>{stepLabel(step, steps.length)}</span>
        <span className="fc-visually-hidden">: </span>
        <span className={styles.stepTitle}>{steps[step].title}</span>
      </h3>
      {steps[step].description ? <p className={styles.small}>{steps[step].description}</p> : null}
    </div>
  );
}

/** A value as the review lists it: a select's option label, Yes / No for a tick box. */
function shown(field: FormField, value: unknown, options: FormOption[] | undefined): string {
  if (field.control === "checkbox") return value === true ? "Yes" : "No";
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return "";
  if (field.control === "select") return options?.find((o) => o.value === text)?.label ?? text;
  return text;
}

/** The answers of the steps before `upTo` (a Confirm step's review). */
export function Review({ spec, upTo, values, options }: { spec: LeadFormSpec; upTo: number; values: FormValues; options: (f: FormField) => FormOption[] | undefined }) {
  const rows = (spec.steps ?? [])
    .slice(0, upTo)
    .flatMap((s) => s.fields)
    .map((n) => spec.fields.find((f) => f.name === n)!)
    .map((f) => ({ f, text: shown(f, values[f.name], options(f)) }))
    .filter((r) => r.text);
  if (!rows.length) return null;
  return (
    <dl className={styles.review} data-testid="review">
      {rows.map(({ f, text }) => (
        <div key={f.name} className={styles.reviewRow}>
          <dt>{f.label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
