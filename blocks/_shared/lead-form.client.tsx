"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import {
  buildLead,
  fieldAt,
  FIX_ERRORS,
  FORM_ERROR,
  leadEventId,
  privacyConsent,
  type FieldName,
  type FormField,
  type FormOption,
  type FormValues,
  type LeadContext,
  type LeadFormSpec,
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
export function LeadForm({ id, spec, site, submitLabel, context = {}, event = {}, consent, notice, disclaimer, initialValues }: LeadFormProps) {
  const memo = useRef<KeyMemo | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const preselected = useRef(new Set<string>());
  const [initial] = useState(() => startValues(spec, initialValues));

  const resolver: Resolver<FormValues> = async (values) => {
    const { validateLeadForm } = await import("../../domain/lead-form-validation");
    const problems = validateLeadForm(spec, buildLead(spec, values, context));
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
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: initial, resolver, shouldFocusError: true });

  const dealership = watch("dealership_slug");
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
      ...context,
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
      let first = true;
      for (const e of result.errors) {
        const name = fieldAt(spec, e.pointer);
        if (name) {
          setError(name, { type: "server", message: e.message }, { shouldFocus: first });
          first = false;
        } else unplaced.push(e.message);
      }
      setOtherErrors(unplaced);
      return;
    }
    // Kept as the form's error (leads §8): the server's own words when it gave any, else the alert's text.
    const own = result.status >= 400 && result.status < 500 && result.message ? result.message : null;
    setError("root.server", { type: String(result.status), message: own ?? FORM_ERROR });
  }

  const fieldErrors = spec.fields.map((f) => ({ f, message: errors[f.name]?.message })).filter((x): x is { f: FormField; message: string } => !!x.message);
  const listed = [...fieldErrors.map((x) => ({ key: x.f.name, href: `#${id}-${x.f.name}`, message: x.message })), ...otherErrors.map((m, i) => ({ key: `other-${i}`, href: null, message: m }))];
  const busy = isSubmitting || done;
  const formError = errors.root?.server?.message;

  return (
    <form className={styles.form} method="post" onSubmit={handleSubmit(submit)} noValidate aria-describedby={listed.length ? `${id}-errors` : undefined} data-form={spec.kind}>
      {formError ? (
        // The destructive alert (leads §5, §8): always the alert's text, then the server's message if it gave one.
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

      <div className={styles.grid}>
        {spec.fields.map((f) => (
          <Field
            key={f.name}
            id={`${id}-${f.name}`}
            field={f}
            error={errors[f.name]?.message}
            register={register}
            options={f.name === "location_id" ? locationChoices : f.options}
            initial={initial[f.name]}
          />
        ))}
      </div>

      {/* Honeypot (leads §7 spam defence): off-screen, out of the tab order and hidden from assistive technology. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input ref={trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {notice ? <p className={styles.small}>{notice}</p> : null}
      {consent ? (
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
      {disclaimer ? <p className={styles.small}>{disclaimer}</p> : null}

      <button type="submit" className={`fc-button ${styles.submit}`} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className={styles.spinner} aria-hidden="true" data-testid="spinner" /> : null}
        {submitLabel}
        {busy ? <span className="fc-visually-hidden"> (sending)</span> : null}
      </button>
    </form>
  );
}

function Field({
  id,
  field,
  error,
  register,
  options,
  initial,
}: {
  id: string;
  field: FormField;
  error: string | undefined;
  register: ReturnType<typeof useForm<FormValues>>["register"];
  options?: FormOption[];
  initial?: string | boolean;
}) {
  const errorId = `${id}-error`;
  // Starting values are also the elements' defaults, so the server's HTML shows them (opt-in ticked, one option chosen).
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": field.required || undefined,
    ...register(field.name as FieldName),
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
          type={field.control}
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
