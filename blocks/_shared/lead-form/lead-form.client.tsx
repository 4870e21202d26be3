"use client";

import { BACK_LABEL, NEXT_LABEL, type FormField } from "../../../domain/lead-forms";
import { Field } from "./field";
import type { LeadFormProps } from "./props";
import { FinePrint, Problems } from "./messages";
import { Review, StepHeader } from "./steps";
import { useLeadForm } from "./use-lead-form";
import styles from "./lead-form.module.css";

/**
 * One lead form (leads §4 lifecycle): checks the site's rules in the browser with the validator the
 * server uses (loaded on first check), then idle → submitting (button disabled, spinner) → success
 * (analytics event, success kept in the browser, redirect to /success) or error (the alert, and field
 * errors under their fields and in the list headed "Please fix the following errors:").
 */
export function LeadForm(props: LeadFormProps) {
  const { id, spec, submitLabel } = props;
  const lf = useLeadForm(props);
  const { steps, step, lastStep, busy, listed } = lf;
  const { register, setValue, getValues, formState } = lf.form;
  const fieldNode = (f: FormField) => (
    <Field key={f.name} id={`${id}-${f.name}`} field={f} error={formState.errors[f.name]?.message} register={register} setValue={setValue} options={lf.optionsOf(f)} initial={lf.initial[f.name]} />
  );
  const byName = new Map(spec.fields.map((f) => [f.name, f] as const));
  const headingId = `${id}-step-heading`;

  return (
    <form
      className={styles.form}
      method="post"
      onSubmit={lf.onSubmit}
      noValidate
      aria-describedby={listed.length ? `${id}-errors` : undefined}
      data-form={spec.kind}
      data-step={steps ? step + 1 : undefined}
    >
      {steps ? <StepHeader steps={steps} step={step} headingId={headingId} heading={lf.stepHeading} /> : null}
      <Problems id={id} stepIncomplete={lf.stepIncomplete} formError={lf.formError} listed={listed} attempt={lf.failures} />

      {steps ? (
        // Every step stays in the page (hidden when not shown), so Back and Next keep what was typed.
        steps.map((s, i) => (
          <fieldset key={i} className={styles.step} hidden={i !== step} aria-labelledby={i === step ? headingId : undefined} data-step-fields={i + 1}>
            {s.review && i === step ? <Review spec={spec} upTo={i} values={getValues()} options={lf.optionsOf} /> : null}
            <div className={styles.grid}>{s.fields.map((n) => fieldNode(byName.get(n)!))}</div>
          </fieldset>
        ))
      ) : (
        <div className={styles.grid}>{spec.fields.map(fieldNode)}</div>
      )}

      {/* Honeypot (leads §7 spam defence): off-screen, out of the tab order and hidden from assistive technology. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input ref={lf.trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {lastStep ? <FinePrint notice={props.notice} consent={props.consent} disclaimer={props.disclaimer} /> : null}

      {lf.checking ? (
        <p className={styles.checking} role="status">
          Checking your browser…
        </p>
      ) : null}

      <div className={styles.actions}>
        {steps && step > 0 ? (
          <button type="button" className={`fc-button fc-button--ghost ${styles.back}`} onClick={lf.back} disabled={busy}>
            {BACK_LABEL}
          </button>
        ) : null}
        {lastStep ? (
          <button
            type="submit"
            className={`fc-button ${styles.submit}`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={(e) => {
              // The second click of a double click on Next lands here when the last step opens: it does not send.
              if (e.detail > 1) e.preventDefault();
            }}
          >
            {busy ? <span className="fc-spinner" aria-hidden="true" data-testid="spinner" /> : null}
            {submitLabel}
            {busy ? <span className="fc-visually-hidden"> (sending)</span> : null}
          </button>
        ) : (
          <button type="submit" className={`fc-button ${styles.submit}`}>
            {NEXT_LABEL}
          </button>
        )}
      </div>
    </form>
  );
}
