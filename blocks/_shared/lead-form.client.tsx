"use client";

import { useEffect, useRef, useState, type FocusEvent } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import {
  BACK_LABEL,
  buildLead,
  fieldAt,
  financeQueryPrefill,
  firstStepWith,
  FIX_ERRORS,
  FORM_ERROR,
  formatPrice,
  leadEventId,
  NEXT_LABEL,
  parsePrice,
  privacyConsent,
  STEP_INCOMPLETE,
  stepLabel,
  UNEXPECTED_ERROR,
  type FieldName,
  type FormField,
  type FormOption,
  type FormValues,
  type LeadContext,
  type LeadFormSpec,
  type QueryPrefill,
} from "../../domain/lead-forms";
import { trackEvent } from "../../renderer/analytics";
import { browserNav, keyFor, readAttribution, sendLead, storeSuccess, SUCCESS_PATH, type KeyMemo } from "./lead-submit";
import styles from "./lead-form.module.css";

export interface LeadFormProps {
  /** Prefix of the form's element ids (unique on the page). */
  id: string;
  spec: LeadFormSpec;
  /** The site's slug, for analytics. */
  site: string;
  submitLabel: string;
  /** The car and the hidden defaults the lead carries (leads §3 "Enquiry form defaults"). */
  context?: Pick<LeadContext, "carId" | "carDealershipId" | "defaults">;
  /** What picks the analytics event besides the form (leads §9). */
  event?: { carType?: string | null; tag?: string | null; modal?: boolean };
  /** The privacy consent (leads §2): the group's name, and the policy's link on sites that show it. */
  consent?: { group: string; privacyHref: string | null } | null;
  notice?: string | null;
  disclaimer?: string | null;
  initialValues?: FormValues;
  /**
   * A finance page's form: reads the finance link's query (preferredDealership, vehiclePriceBudget,
   * car_id, car_type; leads §2 routes). `dealerships`: the site's dealership slugs, for a form
   * without a dealership select.
   */
  financeQuery?: { dealerships: string[] } | null;
}

/** A select's options as shown: the location select narrows to the chosen dealership's locations. */
function shownOptions(field: FormField, dealership: unknown): FormOption[] {
  const all = field.options ?? [];
  if (field.name !== "location_id" || typeof dealership !== "string" || !dealership) return all;
  const mine = all.filter((o) => o.dealership === dealership);
  return mine.length ? mine : all;
}

function startValues(spec: LeadFormSpec, initial: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const f of spec.fields) {
    if (f.control === "checkbox") values[f.name] = f.name === "opt_in"; // opt-in defaults to true (leads §5)
    else if (f.control === "select" && f.options?.length === 1) values[f.name] = f.options[0].value; // one option: preselected
    else values[f.name] = "";
  }
  return { ...values, ...initial };
}

/**
 * One lead form (leads §4 lifecycle): checks the site's rules in the browser with the validator the
 * server uses (loaded on first check), then idle → submitting (button disabled, spinner) → success
 * (analytics event, success kept in the browser, redirect to /success) or error (the alert, and field
 * errors under their fields and in the list headed "Please fix the following errors:").
 */
export function LeadForm({ id, spec, site, submitLabel, context = {}, event = {}, consent, notice, disclaimer, initialValues, financeQuery }: LeadFormProps) {
  const memo = useRef<KeyMemo | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const preselected = useRef(new Set<string>());
  const [initial] = useState(() => startValues(spec, initialValues));
  // What the finance link's query adds to the lead (the car, hidden fields); read once in the browser.
  const [fromQuery, setFromQuery] = useState<Omit<QueryPrefill, "values"> | null>(null);
  const leadContext = (): Pick<LeadContext, "carId" | "carDealershipId" | "defaults"> => ({
    ...context,
    ...(fromQuery?.carId && !context.carId ? { carId: fromQuery.carId } : {}),
    defaults: { ...context.defaults, ...fromQuery?.defaults },
  });

  // Multi-step forms (leads §4): one step shown at a time; the last one sends.
  const steps = spec.steps ?? null;
  const [step, setStep] = useState(0);
  const [refused, setRefused] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef<{ focus: FieldName | null } | null>(null);
  const lastStep = !steps || step === steps.length - 1;

  const resolver: Resolver<FormValues> = async (values) => {
    const { validateLeadForm } = await import("../../domain/lead-form-validation");
    const problems = validateLeadForm(spec, buildLead(spec, values, leadContext()));
    if (!problems.length) return { values, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const p of problems) if (p.name) errors[p.name] = { type: "rules", message: p.message };
    return { values: {}, errors };
  };

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    setFocus,
    trigger,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: initial, resolver, shouldFocusError: true });

  useEffect(() => {
    if (!financeQuery) return;
    const prefill = financeQueryPrefill(spec, new URLSearchParams(window.location.search), financeQuery.dealerships);
    for (const [name, value] of Object.entries(prefill.values)) setValue(name as FieldName, value);
    if (prefill.carId || Object.keys(prefill.defaults).length) setFromQuery({ carId: prefill.carId, defaults: prefill.defaults });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the page opens: the query does not change under the form
  }, []);

  /** Shows a step: its heading gets the focus (or a field of it that needs fixing). */
  function goTo(index: number, focus: FieldName | null = null) {
    moved.current = { focus };
    setRefused(false);
    setStep(index);
  }
  useEffect(() => {
    const m = moved.current;
    if (!m) return;
    moved.current = null;
    if (m.focus) setFocus(m.focus);
    else stepHeading.current?.focus();
  }, [step, setFocus]);

  /** Next: the step's fields are checked (with the same rules as the whole form) before the next step shows. */
  async function next() {
    if (!steps) return;
    const names = steps[step].fields;
    const ok = names.length ? await trigger(names, { shouldFocus: true }) : true;
    if (!ok) {
      setRefused(true);
      return;
    }
    goTo(step + 1);
  }

  // After a refused step, a field of it is checked again as it changes, so a fixed one loses its message.
  useEffect(() => {
    if (!steps || !refused) return;
    const names = steps[step].fields;
    const sub = watch((_values, { name }) => {
      if (name && names.includes(name as FieldName)) void trigger(name as FieldName);
    });
    return () => sub.unsubscribe();
  }, [steps, step, refused, watch, trigger]);

  const dealership = watch("dealership_slug") || fromQuery?.defaults.dealership_slug;
  const locationField = spec.fields.find((f) => f.name === "location_id");
  const locationChoices = locationField ? shownOptions(locationField, dealership) : [];
  const locationKey = locationChoices.map((o) => o.value).join(",");

  useEffect(() => {
    if (!locationField) return;
    const current = getValues("location_id");
    const allowed = locationKey.split(",");
    // A location of another dealership no longer fits; a single remaining option is chosen, once.
    if (current && !allowed.includes(String(current))) setValue("location_id", "");
    if (allowed.length === 1 && allowed[0] && !getValues("location_id") && !preselected.current.has(locationKey)) {
      preselected.current.add(locationKey);
      setValue("location_id", allowed[0]);
    }
  }, [locationKey, locationField, getValues, setValue]);

  async function submit(values: FormValues) {
    setOtherErrors([]);
    const lead = buildLead(spec, values, {
      ...leadContext(),
      url: window.location.href,
      userAgent: navigator.userAgent,
      attributes: readAttribution(),
      honeypot: trap.current?.value,
    });
    memo.current = keyFor(memo.current, JSON.stringify(lead));
    const result = await sendLead(lead, memo.current.key);
    if (result.ok) {
      trackEvent(leadEventId(spec.kind, { ...event, category: typeof values.category === "string" ? values.category : null }), site, spec.kind);
      storeSuccess({ leadId: result.leadId, form: spec.kind, category: lead.category });
      setDone(true);
      browserNav.assign(SUCCESS_PATH);
      return;
    }
    if (result.status === 422 && result.errors?.length) {
      const unplaced: string[] = [];
      const named = result.errors.map((e) => fieldAt(spec, e.pointer));
      // On a multi-step form the first field to fix may be on an earlier step: that step is shown.
      const at = steps ? firstStepWith(spec, named) : null;
      let first = at === null || at === step;
      for (const [i, e] of result.errors.entries()) {
        const name = named[i];
        if (name) {
          setError(name, { type: "server", message: e.message }, { shouldFocus: first });
          first = false;
        } else unplaced.push(e.message);
      }
      setOtherErrors(unplaced);
      if (at !== null && at !== step) goTo(at, named.find((n) => n && spec.steps![at].fields.includes(n)) ?? null);
      return;
    }
    // Kept as the form's error and shown under the alert (leads §8): the server's own words, or
    // "An unexpected error occured" when it gave none (unreachable, a gateway's page).
    setError("root.server", { type: String(result.status), message: result.message?.trim() || UNEXPECTED_ERROR });
  }

  /** A full check that finds a problem on an earlier step (e.g. a value changed by the page) shows that step. */
  function invalid(found: FieldErrors<FormValues>) {
    if (!steps) return;
    const at = firstStepWith(spec, Object.keys(found) as FieldName[]);
    if (at !== null && at !== step) goTo(at, spec.steps![at].fields.find((n) => found[n]) ?? null);
  }

  const fieldErrors = spec.fields.map((f) => ({ f, message: errors[f.name]?.message })).filter((x): x is { f: FormField; message: string } => !!x.message);
  const listed = [...fieldErrors.map((x) => ({ key: x.f.name, href: `#${id}-${x.f.name}`, message: x.message })), ...otherErrors.map((m, i) => ({ key: `other-${i}`, href: null, message: m }))];
  const busy = isSubmitting || done;
  const formError = errors.root?.server?.message;
  const stepIncomplete = !!steps && refused && steps[step].fields.some((n) => errors[n]);
  const fieldNode = (f: FormField) => (
    <Field
      key={f.name}
      id={`${id}-${f.name}`}
      field={f}
      error={errors[f.name]?.message}
      register={register}
      setValue={setValue}
      options={f.name === "location_id" ? locationChoices : f.options}
      initial={initial[f.name]}
    />
  );
  const byName = new Map(spec.fields.map((f) => [f.name, f] as const));
  const headingId = `${id}-step-heading`;

  return (
    <form
      className={styles.form}
      method="post"
      onSubmit={
        lastStep
          ? handleSubmit(submit, invalid)
          : (e) => {
              // Enter in a field of an earlier step, or Next: the step is checked, nothing is sent.
              e.preventDefault();
              void next();
            }
      }
      noValidate
      aria-describedby={listed.length ? `${id}-errors` : undefined}
      data-form={spec.kind}
      data-step={steps ? step + 1 : undefined}
    >
      {steps ? (
        <div className={styles.stepHeader}>
          <ol className={styles.progress} aria-label="Form steps">
            {steps.map((s, i) => (
              <li key={i} className={styles.progressItem} data-state={i < step ? "done" : i === step ? "current" : "todo"} aria-current={i === step ? "step" : undefined}>
                {s.title}
                {i < step ? <span className="fc-visually-hidden"> (completed)</span> : null}
              </li>
            ))}
          </ol>
          <h3 ref={stepHeading} id={headingId} className={styles.stepHeading} tabIndex={-1}>
            <span className={styles.stepCount}>{stepLabel(step, steps.length)}</span>
            <span className="fc-visually-hidden">: </span>
            <span className={styles.stepTitle}>{steps[step].title}</span>
          </h3>
          {steps[step].description ? <p className={styles.small}>{steps[step].description}</p> : null}
        </div>
      ) : null}
      {stepIncomplete ? (
        <p className={styles.stepAlert} role="alert" data-testid="step-incomplete">
          {STEP_INCOMPLETE}
        </p>
      ) : null}
      {formError ? (
        // The destructive alert (leads §5, §8): always the alert's text, then the server's message or the fallback.
        <div className={styles.alert} role="alert" data-testid="form-error">
          <p className={styles.alertTitle}>{FORM_ERROR}</p>
          {formError !== FORM_ERROR ? <p className={styles.alertDetail}>{formError}</p> : null}
        </div>
      ) : null}
      {listed.length ? (
        <div className={styles.summary} id={`${id}-errors`}>
          <p className={styles.summaryTitle}>{FIX_ERRORS}</p>
          <ul>
            {listed.map((e) => (
              <li key={e.key}>{e.href ? <a href={e.href}>{e.message}</a> : e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {steps ? (
        // Every step stays in the page (hidden when not shown), so Back and Next keep what was typed.
        steps.map((s, i) => (
          <fieldset key={i} className={styles.step} hidden={i !== step} aria-labelledby={i === step ? headingId : undefined} data-step-fields={i + 1}>
            {s.review && i === step ? <Review spec={spec} upTo={i} values={getValues()} options={(f) => (f.name === "location_id" ? locationChoices : f.options)} /> : null}
            <div className={styles.grid}>{s.fields.map((n) => fieldNode(byName.get(n)!))}</div>
          </fieldset>
        ))
      ) : (
        <div className={styles.grid}>{spec.fields.map(fieldNode)}</div>
      )}

      {/* Honeypot (leads §7 spam defence): off-screen, out of the tab order and hidden from assistive technology. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input ref={trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {lastStep && notice ? <p className={styles.small}>{notice}</p> : null}
      {lastStep && consent ? (
        <p className={styles.small}>
          {consent.privacyHref ? (
            <>
              By submitting this enquiry, I agree to the <a href={consent.privacyHref}>{consent.group} Privacy Policy</a>.
            </>
          ) : (
            privacyConsent(consent.group)
          )}
        </p>
      ) : null}
      {lastStep && disclaimer ? <p className={styles.small}>{disclaimer}</p> : null}

      <div className={styles.actions}>
        {steps && step > 0 ? (
          <button
            type="button"
            className={`fc-button fc-button--ghost ${styles.back}`}
            onClick={() => {
              // What was typed stays; this step's messages go until it is checked again.
              clearErrors(steps[step].fields);
              goTo(step - 1);
            }}
            disabled={busy}
          >
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
            {busy ? <span className={styles.spinner} aria-hidden="true" data-testid="spinner" /> : null}
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

/** A value as the review lists it: a select's option label, Yes / No for a tick box. */
function shown(field: FormField, value: unknown, options: FormOption[] | undefined): string {
  if (field.control === "checkbox") return value === true ? "Yes" : "No";
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return "";
  if (field.control === "select") return options?.find((o) => o.value === text)?.label ?? text;
  return text;
}

/** The answers of the steps before `upTo` (a Confirm step's review). */
function Review({ spec, upTo, values, options }: { spec: LeadFormSpec; upTo: number; values: FormValues; options: (f: FormField) => FormOption[] | undefined }) {
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

function Field({
  id,
  field,
  error,
  register,
  setValue,
  options,
  initial,
}: {
  id: string;
  field: FormField;
  error: string | undefined;
  register: ReturnType<typeof useForm<FormValues>>["register"];
  setValue: ReturnType<typeof useForm<FormValues>>["setValue"];
  options?: FormOption[];
  initial?: string | boolean;
}) {
  const errorId = `${id}-error`;
  const registered = register(field.name as FieldName);
  // Starting values are also the elements' defaults, so the server's HTML shows them (opt-in ticked, one option chosen).
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": field.required || undefined,
    ...registered,
    ...(field.control === "price"
      ? {
          // A price is written as $ with thousands separators once the visitor leaves the field (leads §5).
          onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
            const amount = parsePrice(e.target.value);
            if (amount !== null) setValue(field.name as FieldName, formatPrice(amount, field.money));
            return registered.onBlur(e);
          },
        }
      : {}),
  };
  const errorNode = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null;
  // The required mark sits beside the label, not in it: the field's name stays its label alone.
  const mark = field.required ? (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  ) : null;

  if (field.control === "checkbox") {
    return (
      <div className={`${styles.field} ${styles.full} ${styles.check}`}>
        <input type="checkbox" defaultChecked={initial === true} {...common} />
        <span className={styles.labelRow}>
          <label htmlFor={id}>{field.label}</label>
          {mark}
        </span>
        {errorNode}
      </div>
    );
  }
  const wide = field.control === "textarea" || field.control === "select" || field.control === "datetime-local";
  return (
    <div className={`${styles.field} ${wide ? styles.full : ""}`}>
      <span className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {field.label}
        </label>
        {mark}
      </span>
      {field.control === "textarea" ? (
        <textarea className={styles.input} rows={4} maxLength={field.maxLength} defaultValue={typeof initial === "string" ? initial : ""} {...common} />
      ) : field.control === "select" ? (
        <select className={styles.input} defaultValue={typeof initial === "string" ? initial : ""} {...common}>
          <option value="">{field.placeholder ?? "Please select..."}</option>
          {(options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          className={styles.input}
          type={field.control === "price" ? "text" : field.control}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          defaultValue={typeof initial === "string" ? initial : ""}
          {...common}
        />
      )}
      {errorNode}
    </div>
  );
}
