import { leadEventId } from "../../../domain/lead-event";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { leadAnalyticsEvent, UNEXPECTED_ERROR, type FieldName, type FormField } from "../../../domain/lead-forms";
import { fieldAt } from "../../../domain/lead-form-messages";
import { buildLead, financeQueryPrefill, type FormValues, type LeadContext, type QueryPrefill } from "../../../domain/lead-form-values";
import { firstStepWith } from "../../../domain/lead-form-steps";
import { trackEvent } from "../../../renderer/analytics";
import { browserNav, keyFor, readAttribution, sendLead, storeSuccess, SUCCESS_PATH, type KeyMemo } from "../lead-submit";
import { prefillValues, readUserDetails, rememberUserDetails } from "../user-details";
import type { LeadFormProps } from "./props";
import { shownOptions, startValues } from "./values";

/** One entry of the list headed "Please fix the following errors:" (a field's links to it). */
export type Listed = { key: string; href: string | null; message: string };

/**
 * A lead form's state (leads §4): the site's rules checked in the browser with the validator the
 * server uses (loaded on first check), the steps of a multi-step form, the location narrowed to the
 * chosen dealership, and the submit (idempotency key kept across retries of the same lead) with the
 * server's field errors placed at their fields.
 */
export function useLeadForm({ id, spec, site, context = {}, event = {}, initialValues, financeQuery, rememberDetails }: Omit<LeadFormProps, "submitLabel" | "consent" | "notice" | "disclaimer">) {
  const memo = useRef<KeyMemo | null>(null);
  const trap = useRef<HTMLInputElement>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  /** Failed submits so far: each shows its message afresh (messages.tsx Problems). */
  const [failures, setFailures] = useState(0);
  /** The site asked for its proof-of-work check and the browser is solving it. */
  const [checking, setChecking] = useState(false);
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
    const { validateLeadForm } = await import("../../../domain/lead-form-validation");
    const problems = validateLeadForm(spec, buildLead(spec, values, leadContext()));
    if (!problems.length) return { values, errors: {} };
    const errors: FieldErrors<FormValues> = {};
    for (const p of problems) if (p.name) errors[p.name] = { type: "rules", message: p.message };
    return { values: {}, errors };
  };

  const form = useForm<FormValues>({ defaultValues: initial, resolver, shouldFocusError: true });
  const {
    handleSubmit,
    setError,
    setValue,
    getValues,
    setFocus,
    trigger,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (!financeQuery) return;
    const prefill = financeQueryPrefill(spec, new URLSearchParams(window.location.search), financeQuery.dealerships);
    for (const [name, value] of Object.entries(prefill.values)) setValue(name as FieldName, value);
    if (prefill.carId || Object.keys(prefill.defaults).length) setFromQuery({ carId: prefill.carId, defaults: prefill.defaults });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the page opens: the query does not change under the form
  }, []);

  // storeUserDetails: the details kept after an earlier lead fill the contact fields still empty (in the browser only, after hydration).
  useEffect(() => {
    if (rememberDetails === undefined) return;
    const fill = prefillValues(readUserDetails(site, rememberDetails), spec.fields.map((f) => f.name), getValues());
    for (const [name, value] of Object.entries(fill)) setValue(name as FieldName, value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the form opens
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

  /** Back: what was typed stays; this step's messages go until it is checked again. */
  function back() {
    if (!steps) return;
    clearErrors(steps[step].fields);
    goTo(step - 1);
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
    const result = await sendLead(lead, memo.current.key, { onChallenge: () => setChecking(true) });
    setChecking(false);
    if (result.ok) {
      // The lead's conversion id, as its server-side GA4 and Meta events name it (Meta counts the lead once).
      const conversion = result.leadId ? { eventId: leadEventId(result.leadId) } : undefined;
      trackEvent(leadAnalyticsEvent(spec.kind, { ...event, category: typeof values.category === "string" ? values.category : null }), site, spec.kind, conversion);
      storeSuccess({ leadId: result.leadId, form: spec.kind, category: lead.category });
      if (rememberDetails !== undefined) rememberUserDetails(site, rememberDetails, values);
      setDone(true);
      browserNav.assign(SUCCESS_PATH);
      return;
    }
    setFailures((n) => n + 1);
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

  const onSubmit = lastStep
    ? handleSubmit(submit, invalid)
    : (e: FormEvent) => {
        // Enter in a field of an earlier step, or Next: the step is checked, nothing is sent.
        e.preventDefault();
        void next();
      };

  const fieldErrors = spec.fields.map((f) => ({ f, message: errors[f.name]?.message })).filter((x): x is { f: FormField; message: string } => !!x.message);
  const listed: Listed[] = [
    ...fieldErrors.map((x) => ({ key: x.f.name, href: `#${id}-${x.f.name}`, message: x.message })),
    ...otherErrors.map((m, i) => ({ key: `other-${i}`, href: null, message: m })),
  ];

  return {
    form,
    initial,
    trap,
    steps,
    step,
    lastStep,
    stepHeading,
    onSubmit,
    back,
    /** The options a select shows (the location select's narrowed ones). */
    optionsOf: (f: FormField) => (f.name === "location_id" ? locationChoices : f.options),
    listed,
    busy: isSubmitting || done,
    checking,
    formError: errors.root?.server?.message,
    failures,
    stepIncomplete: !!steps && refused && steps[step].fields.some((n) => errors[n]),
  };
}
