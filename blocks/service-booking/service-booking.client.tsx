"use client";

import { useEffect, useMemo, useReducer, useRef, type FormEvent } from "react";
import { BACK_LABEL, leadAnalyticsEvent, NEXT_LABEL, UNEXPECTED_ERROR, type FormOption } from "../../domain/lead-forms";
import { siteDay } from "../../domain/opening-hours";
import { LEAD_TOKEN_HEADER, locationChoices, serviceDisclaimers, SUBMIT_LABEL, type ServiceBookingSpec, type ServiceField, type ServiceFieldName } from "../../domain/service-booking";
import { buildServiceLead } from "../../domain/service-booking-lead";
import { serviceProblems, serviceStepOf, stepFields } from "../../domain/service-booking-rules";
import { trackEvent } from "../../renderer/analytics";
import { FinePrint, Problems } from "../_shared/lead-form/messages";
import type { Listed } from "../_shared/lead-form/use-lead-form";
import { StepHeader } from "../_shared/lead-form/steps";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { browserNav, keyFor, readAttribution, sendLead, storeSuccess, SUCCESS_PATH, type KeyMemo } from "../_shared/lead-submit";
import { prefillValues, readUserDetails, rememberUserDetails } from "../_shared/user-details";
import styles from "../_shared/lead-form/lead-form.module.css";
import { bookingReducer, firstStepOf, initialBooking, placeServerErrors } from "./booking-state";
import { BookingStep } from "./booking-step";
import { lookupVehicle } from "./vehicle-lookup";

export { LOOKUP_ENDPOINT } from "./vehicle-lookup";

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

/**
 * The service-booking wizard (spec leads §2 screen 5, §4 "Service wizard", §5): one step at a time;
 * Next checks the step with the rules the server applies (domain/service-booking.ts) and shows
 * "Please complete the form step before proceeding." with each field's message when it fails. Each
 * step after the contact details are known is stored as the lead's progress (isLastStep false, the
 * lead_id of the first answer carried on); the last step sends lead_status Complete and
 * form_completed true, then goes to /success. Transitions: booking-state.ts.
 */
export function ServiceBookingForm({ id, spec, site, defaultState, consent, notice, rememberDetails }: ServiceBookingFormProps) {
  const reducer = useMemo(() => bookingReducer(spec), [spec]);
  const [s, dispatch] = useReducer(reducer, { spec, defaultState }, initialBooking);
  const { values, errors, step, busy, done } = s;
  const leadId = useRef<string | null>(null);
  // The first step's token: later steps send it, so only this browser moves the booking on.
  const leadToken = useRef<string | null>(null);
  const memo = useRef<KeyMemo | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<ServiceFieldName | "heading" | null>(null);
  const last = step === spec.steps.length - 1;
  const byName = new Map(spec.fields.map((f) => [f.name, f] as const));
  const fieldId = (name: string) => `${id}-${name}`;

  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (field) => {
    if (!byName.has(field.name as ServiceFieldName)) return;
    const value = field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value;
    dispatch({ type: "adopt", name: field.name as ServiceFieldName, value });
  });

  // storeUserDetails: the details kept after an earlier lead fill the contact fields still empty (in the browser, once).
  useEffect(() => {
    if (rememberDetails === undefined) return;
    const fill = prefillValues(readUserDetails(site, rememberDetails), spec.fields.map((f) => f.name), {});
    if (Object.keys(fill).length) dispatch({ type: "fill", values: fill });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the form opens
  }, []);

  // The location select narrows to the chosen dealership; a single choice left is chosen, once.
  const choices = locationChoices(spec, values.dealership_slug);
  const choiceKey = choices.map((o) => o.value).join(",");
  useEffect(() => {
    if (byName.has("location_id")) dispatch({ type: "narrow-locations", allowed: choiceKey.split(",") });
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

  const check = (names: readonly ServiceFieldName[]) => serviceProblems(spec, values, { now: new Date(), only: names });
  const focusFirst = (problems: { name: ServiceFieldName }[]) => {
    if (problems[0]) focusNext.current = problems[0].name;
  };
  const goTo = (index: number) => {
    focusNext.current = "heading";
    dispatch({ type: "go", step: index });
  };

  /** Posts the booking so far (or all of it on the last step); the server's field messages go to their fields. */
  async function send(isLast: boolean): Promise<boolean> {
    const lead = buildServiceLead(spec, values, { last: isLast, leadId: leadId.current, url: window.location.href, userAgent: navigator.userAgent, attributes: readAttribution(), honeypot: trap.current?.value });
    memo.current = keyFor(memo.current, JSON.stringify(lead));
    const result = await sendLead(lead, memo.current.key, leadId.current && leadToken.current ? { headers: { [LEAD_TOKEN_HEADER]: leadToken.current } } : {});
    if (result.ok) {
      leadId.current = result.leadId;
      if (result.leadToken) leadToken.current = result.leadToken;
      return true;
    }
    if (result.status === 422 && result.errors?.length) {
      const { placed, others } = placeServerErrors(spec, result.errors);
      focusFirst(placed);
      dispatch({ type: "server-refused", placed, others });
      return false;
    }
    // An earlier step's lead that is gone, already sent or not this browser's: the booking starts a new lead.
    if (!isLast && (result.status === 403 || result.status === 404 || result.status === 409)) {
      leadId.current = null;
      leadToken.current = null;
      return true;
    }
    if (!isLast) return true; // progress not stored (offline): the last step still sends everything
    dispatch({ type: "failed", message: result.message?.trim() || UNEXPECTED_ERROR });
    return false;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || done) return;
    dispatch({ type: "submit" });
    const found = check(last ? spec.fields.map((f) => f.name) : stepFields(spec, step));
    if (found.length) {
      const at = firstStepOf(spec, found);
      focusFirst(found.filter((p) => serviceStepOf(spec, p.name) === at));
      dispatch({ type: "refuse-step", problems: found });
      return;
    }
    dispatch({ type: "step-passed" });
    const contactKnown = typeof values.first_name === "string" && values.first_name.trim() !== "";
    dispatch({ type: "busy", busy: true });
    try {
      if (!last) {
        if (contactKnown && !(await send(false))) return;
        goTo(step + 1);
        return;
      }
      if (!(await send(true))) return;
      trackEvent(leadAnalyticsEvent("service"), site, "service");
      if (rememberDetails !== undefined) rememberUserDetails(site, rememberDetails, values);
      storeSuccess({ leadId: leadId.current!, form: "service", category: "Service Booking" });
      dispatch({ type: "booked" });
      browserNav.assign(SUCCESS_PATH);
    } finally {
      dispatch({ type: "busy", busy: false });
    }
  }

  function back() {
    focusNext.current = "heading";
    dispatch({ type: "back" });
  }

  async function findVehicle() {
    const problems = check(["rego", "state"]);
    if (problems.length) {
      focusFirst(problems);
      return dispatch({ type: "show", problems });
    }
    dispatch({ type: "lookup-started" });
    const answer = await lookupVehicle(values.rego, values.state);
    dispatch(answer.found ? { type: "vehicle-found", ...answer } : { type: "lookup-ended", message: answer.message });
  }

  const listed: Listed[] = [
    ...spec.fields.filter((f) => errors[f.name]).map((f) => ({ key: f.name, href: `#${fieldId(f.name)}`, message: errors[f.name]! })),
    ...s.others.map((m, i) => ({ key: `other-${i}`, href: null, message: m })),
  ];
  const headingId = `${id}-step-heading`;
  const today = siteDay(new Date(), spec.timeZone);
  const disclaimers = serviceDisclaimers(spec, Number(values.location_id) || null);
  const optionsOf = (f: ServiceField): FormOption[] => (f.name === "location_id" ? choices : (f.options ?? []));

  return (
    <form ref={form} className={styles.form} method="post" onSubmit={onSubmit} noValidate aria-describedby={listed.length ? `${id}-errors` : undefined} data-form="service" data-step={step + 1}>
      <StepHeader steps={spec.steps.map((st) => ({ title: st.title, fields: [], review: false }))} step={step} headingId={headingId} heading={heading} />
      <Problems id={id} stepIncomplete={s.refused && Object.values(errors).some(Boolean)} formError={s.formError} listed={listed} />

      {spec.steps.map((st, i) => (
        <BookingStep
          key={st.key}
          step={st}
          current={i === step}
          headingId={headingId}
          fieldId={fieldId}
          byName={byName}
          values={values}
          errors={errors}
          optionsOf={optionsOf}
          today={today}
          onChange={(name, value) => dispatch({ type: "change", name, value, now: new Date() })}
          lookup={spec.lookup ? s.lookup : null}
          onFindVehicle={findVehicle}
          disclaimers={disclaimers}
        />
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
