"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { BACK_LABEL, leadEventId, NEXT_LABEL, UNEXPECTED_ERROR, type FormOption } from "../../domain/lead-forms";
import { siteDay } from "../../domain/opening-hours";
import {
  FIND_VEHICLE,
  LEAD_TOKEN_HEADER,
  locationChoices,
  serviceDisclaimers,
  SUBMIT_LABEL,
  VEHICLE_FOUND,
  type ServiceBookingSpec,
  type ServiceField,
  type ServiceFieldName,
  type ServiceValues,
} from "../../domain/service-booking";
import { buildServiceLead } from "../../domain/service-booking-lead";
import { serviceProblems, serviceStepOf, stepFields } from "../../domain/service-booking-rules";
import { trackEvent } from "../../renderer/analytics";
import { Choices, FieldFrame } from "../_shared/lead-form/field";
import { FinePrint, Problems } from "../_shared/lead-form/messages";
import type { Listed } from "../_shared/lead-form/use-lead-form";
import { StepHeader } from "../_shared/lead-form/steps";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { fetchWithChallenge } from "../_shared/challenge";
import { browserNav, keyFor, readAttribution, sendLead, storeSuccess, SUCCESS_PATH, type KeyMemo } from "../_shared/lead-submit";
import { prefillValues, readUserDetails, rememberUserDetails } from "../_shared/user-details";
import styles from "../_shared/lead-form/lead-form.module.css";
import own from "./service-booking.module.css";

export const LOOKUP_ENDPOINT = "/api/service/rego-lookup";

type Errors = Partial<Record<ServiceFieldName, string>>;

export interface ServiceBookingFormProps {
  id: string;
  spec: ServiceBookingSpec;
  site: string;
  /** The site's default state (Australian sites). */
  defaultState: string | null;
  consent?: { group: string; privacyHref: string | null } | null;
  notice?: string | null;
  /** storeUserDetails (blocks/_shared/user-details.ts): kept contact details fill the form; absent, neither read nor written. */
  rememberDetails?: boolean;
}

/** A select with one option starts with it chosen (spec leads §4); the state starts as the site's. */
function startValues(spec: ServiceBookingSpec, defaultState: string | null): ServiceValues {
  const values: ServiceValues = {};
  for (const f of spec.fields) {
    if (f.control === "checkbox") values[f.name] = false;
    else if (f.control === "select" && f.options?.length === 1) values[f.name] = f.options[0].value;
    else values[f.name] = "";
  }
  if (defaultState && spec.fields.some((f) => f.name === "state")) values.state = defaultState;
  return values;
}

/**
 * The service-booking wizard (spec leads §2 screen 5, §4 "Service wizard", §5): one step at a time;
 * Next checks the step with the rules the server applies (domain/service-booking.ts) and shows
 * "Please complete the form step before proceeding." with each field's message when it fails. Each
 * step after the contact details are known is stored as the lead's progress (isLastStep false, the
 * lead_id of the first answer carried on); the last step sends lead_status Complete and
 * form_completed true, then goes to /success.
 */
export function ServiceBookingForm({ id, spec, site, defaultState, consent, notice, rememberDetails }: ServiceBookingFormProps) {
  const [values, setValues] = useState<ServiceValues>(() => startValues(spec, defaultState));
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState(0);
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const [others, setOthers] = useState<string[]>([]);
  const [lookup, setLookup] = useState<{
    busy: boolean;
    message: string | null;
  }>({ busy: false, message: null });
  const leadId = useRef<string | null>(null);
  // The first step's token: later steps send it, so only this browser moves the booking on.
  const leadToken = useRef<string | null>(null);
  const memo = useRef<KeyMemo | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<ServiceFieldName | "heading" | null>(null);
  const preselected = useRef(new Set<string>());
  const last = step === spec.steps.length - 1;
  const byName = new Map(spec.fields.map((f) => [f.name, f] as const));
  const fieldId = (name: string) => `${id}-${name}`;

  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (field) => {
    if (!byName.has(field.name as ServiceFieldName)) return;
    const value = field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value;
    setValues((v) => ({ ...v, [field.name]: value }));
  });

  // storeUserDetails: the details kept after an earlier lead fill the contact fields still empty (in the browser, once).
  useEffect(() => {
    if (rememberDetails === undefined) return;
    const fill = prefillValues(readUserDetails(site, rememberDetails), spec.fields.map((f) => f.name), {});
    if (Object.keys(fill).length) setValues((v) => ({ ...v, ...prefillValues(fill, spec.fields.map((f) => f.name), v) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the form opens
  }, []);

  // The location select narrows to the chosen dealership; a single choice left is chosen, once.
  const choices = locationChoices(spec, values.dealership_slug);
  const choiceKey = choices.map((o) => o.value).join(",");
  useEffect(() => {
    if (!byName.has("location_id")) return;
    setValues((v) => {
      const allowed = choiceKey.split(",");
      let location = v.location_id;
      if (location && !allowed.includes(String(location))) location = "";
      if (allowed.length === 1 && allowed[0] && !location && !preselected.current.has(choiceKey)) {
        preselected.current.add(choiceKey);
        location = allowed[0];
      }
      return location === v.location_id ? v : { ...v, location_id: location };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- byName is rebuilt each render from the fixed spec
  }, [choiceKey]);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === "heading") heading.current?.focus();
    else document.getElementById(fieldId(target))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs after a step change or a refusal only
  }, [step, errors]);

  const now = () => new Date();
  const check = (names: readonly ServiceFieldName[], v: ServiceValues = values) => serviceProblems(spec, v, { now: now(), only: names });

  function set(name: ServiceFieldName, value: string | boolean) {
    const next = { ...values, [name]: value };
    setValues(next);
    // A field with a message is checked again as it changes, so a fixed one loses it.
    if (errors[name]) {
      const again = check([name], next)[0]?.message;
      setErrors((e) => ({ ...e, [name]: again }));
    }
  }

  function show(found: { name: ServiceFieldName; message: string }[]) {
    const e: Errors = {};
    for (const p of found) e[p.name] = p.message;
    setErrors(e);
    if (found[0]) focusNext.current = found[0].name;
  }

  function goTo(index: number) {
    setRefused(false);
    focusNext.current = "heading";
    setStep(index);
  }

  const context = () => ({
    url: window.location.href,
    userAgent: navigator.userAgent,
    attributes: readAttribution(),
    honeypot: trap.current?.value,
  });

  /** Posts the booking so far (or all of it on the last step); the server's field messages go to their fields. */
  async function send(isLast: boolean): Promise<boolean> {
    const lead = buildServiceLead(spec, values, {
      last: isLast,
      leadId: leadId.current,
      ...context(),
    });
    memo.current = keyFor(memo.current, JSON.stringify(lead));
    const result = await sendLead(lead, memo.current.key, leadId.current && leadToken.current ? { headers: { [LEAD_TOKEN_HEADER]: leadToken.current } } : {});
    if (result.ok) {
      leadId.current = result.leadId;
      if (result.leadToken) leadToken.current = result.leadToken;
      return true;
    }
    if (result.status === 422 && result.errors?.length) {
      const placed: { name: ServiceFieldName; message: string }[] = [];
      const unplaced: string[] = [];
      for (const e of result.errors) {
        const name = e.pointer.startsWith("/fields/") ? (e.pointer.slice(8) as ServiceFieldName) : null;
        if (name && byName.has(name)) placed.push({ name, message: e.message });
        else unplaced.push(e.message);
      }
      setOthers(unplaced);
      if (placed.length) {
        const at = Math.min(...placed.map((p) => serviceStepOf(spec, p.name)));
        if (at !== step) setStep(at);
        show(placed);
      }
      return false;
    }
    // An earlier step's lead that is gone, already sent or not this browser's: the booking starts a new lead.
    if (!isLast && (result.status === 403 || result.status === 404 || result.status === 409)) {
      leadId.current = null;
      leadToken.current = null;
      return true;
    }
    if (!isLast) return true; // progress not stored (offline): the last step still sends everything
    setFormError(result.message?.trim() || UNEXPECTED_ERROR);
    return false;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || done) return;
    setFormError(undefined);
    setOthers([]);
    const names = last ? spec.fields.map((f) => f.name) : stepFields(spec, step);
    const found = check(names);
    if (found.length) {
      const at = Math.min(...found.map((p) => serviceStepOf(spec, p.name)));
      if (at !== step) setStep(at);
      setRefused(true);
      show(found.filter((p) => serviceStepOf(spec, p.name) === at));
      return;
    }
    setErrors({});
    const contactKnown = typeof values.first_name === "string" && values.first_name.trim() !== "";
    setBusy(true);
    try {
      if (!last) {
        if (contactKnown && !(await send(false))) return;
        goTo(step + 1);
        return;
      }
      if (!(await send(true))) return;
      trackEvent(leadEventId("service"), site, "service");
      if (rememberDetails !== undefined) rememberUserDetails(site, rememberDetails, values);
      storeSuccess({
        leadId: leadId.current!,
        form: "service",
        category: "Service Booking",
      });
      setDone(true);
      browserNav.assign(SUCCESS_PATH);
    } finally {
      setBusy(false);
    }
  }

  function back() {
    setErrors({});
    setOthers([]);
    goTo(step - 1);
  }

  async function findVehicle() {
    const problems = check(["rego", "state"]);
    if (problems.length) {
      show(problems);
      return;
    }
    setLookup({ busy: true, message: null });
    try {
      const res = await fetchWithChallenge(LOOKUP_ENDPOINT, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rego: values.rego, state: values.state }),
      });
      const answer = (await res.json().catch(() => ({}))) as {
        found?: boolean;
        make?: string;
        model?: string;
        year?: number;
        message?: string;
      };
      if (res.ok && answer.found) {
        setValues((v) => ({
          ...v,
          vehicle_make: answer.make ?? "",
          vehicle_model: answer.model ?? "",
          vehicle_year: answer.year ? String(answer.year) : "",
        }));
        setErrors((e) => ({
          ...e,
          vehicle_make: undefined,
          vehicle_model: undefined,
          vehicle_year: undefined,
        }));
        setLookup({ busy: false, message: VEHICLE_FOUND });
      } else setLookup({ busy: false, message: answer.message ?? UNEXPECTED_ERROR });
    } catch {
      setLookup({ busy: false, message: UNEXPECTED_ERROR });
    }
  }

  const listed: Listed[] = [
    ...spec.fields
      .filter((f) => errors[f.name])
      .map((f) => ({
        key: f.name,
        href: `#${fieldId(f.name)}`,
        message: errors[f.name]!,
      })),
    ...others.map((m, i) => ({ key: `other-${i}`, href: null, message: m })),
  ];
  const headingId = `${id}-step-heading`;
  const today = siteDay(new Date(), spec.timeZone);
  const disclaimers = serviceDisclaimers(spec, Number(values.location_id) || null);
  const optionsOf = (f: ServiceField): FormOption[] => (f.name === "location_id" ? choices : (f.options ?? []));

  return (
    <form ref={form} className={styles.form} method="post" onSubmit={onSubmit} noValidate aria-describedby={listed.length ? `${id}-errors` : undefined} data-form="service" data-step={step + 1}>
      <StepHeader
        steps={spec.steps.map((s) => ({
          title: s.title,
          fields: [],
          review: false,
        }))}
        step={step}
        headingId={headingId}
        heading={heading}
      />
      <Problems id={id} stepIncomplete={refused && Object.values(errors).some(Boolean)} formError={formError} listed={listed} />

      {spec.steps.map((s, i) => (
        <fieldset key={s.key} className={styles.step} hidden={i !== step} aria-labelledby={i === step ? headingId : undefined} data-step-key={s.key}>
          <div className={styles.grid}>
            {s.fields.map((name) => {
              const f = byName.get(name)!;
              return (
                <Field
                  key={name}
                  id={fieldId(name)}
                  field={f}
                  value={values[name]}
                  error={errors[name]}
                  options={optionsOf(f)}
                  min={f.control === "date" ? today : undefined}
                  onChange={(v) => set(name, v)}
                />
              );
            })}
            {s.key === "vehicle" && spec.lookup ? (
              <div className={`${styles.full} ${own.lookup}`}>
                <button type="button" className="fc-button fc-button--ghost" onClick={findVehicle} disabled={lookup.busy} aria-busy={lookup.busy || undefined}>
                  {FIND_VEHICLE}
                </button>
                <p className={styles.small} role="status" data-testid="lookup-status">
                  {lookup.message ?? ""}
                </p>
              </div>
            ) : null}
          </div>
          {s.fields.includes("location_id") && disclaimers.length ? (
            <div className={own.disclaimers} data-testid="service-disclaimer">
              {disclaimers.map((t, k) => (
                <p key={k} className={styles.small}>
                  {t}
                </p>
              ))}
            </div>
          ) : null}
        </fieldset>
      ))}

      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input ref={trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      {last ? <FinePrint notice={notice} consent={consent} /> : null}

      <div className={styles.actions}>
        {step > 0 ? (
          <button type="button" className={`fc-button fc-button--ghost ${styles.back}`} onClick={back} disabled={busy || done}>
            {BACK_LABEL}
          </button>
        ) : null}
        <button type="submit" className={`fc-button ${styles.submit}`} disabled={busy || done} aria-busy={busy || undefined}>
          {busy || done ? <span className="fc-spinner" aria-hidden="true" data-testid="spinner" /> : null}
          {last ? SUBMIT_LABEL : NEXT_LABEL}
          {busy || done ? <span className="fc-visually-hidden"> (sending)</span> : null}
        </button>
      </div>
    </form>
  );
}

/** One field: its label (required mark beside it), the control, and its message under it. */
function Field({
  id,
  field,
  value,
  error,
  options,
  min,
  onChange,
}: {
  id: string;
  field: ServiceField;
  value: string | boolean | undefined;
  error: string | undefined;
  options: FormOption[];
  min?: string;
  onChange: (value: string | boolean) => void;
}) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    "aria-required": field.required || undefined,
  };
  const text = typeof value === "string" ? value : "";
  if (field.control === "checkbox") {
    return (
      <FieldFrame id={id} label={field.label} required={field.required} error={error} layout="check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...common} />
      </FieldFrame>
    );
  }
  const wide = field.control === "textarea" || field.control === "select";
  return (
    <FieldFrame id={id} label={field.label} required={field.required} error={error} layout={wide ? "wide" : "half"}>
      {field.control === "textarea" ? (
        <textarea className={`fc-input ${styles.input}`} rows={4} maxLength={field.maxLength} value={text} onChange={(e) => onChange(e.target.value)} {...common} />
      ) : field.control === "select" ? (
        <select className={`fc-input ${styles.input}`} value={text} onChange={(e) => onChange(e.target.value)} {...common}>
          <Choices placeholder={field.placeholder} options={options} />
        </select>
      ) : (
        <input
          className={`fc-input ${styles.input}`}
          type={field.control}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          min={min}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...common}
        />
      )}
    </FieldFrame>
  );
}
