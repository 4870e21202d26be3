/** The service booking's rules (spec leads §5 "Service"): what a step must meet before the next shows, the preferred date against the chosen department's hours. */
import { hoursOn, preferredDateProblem } from "./opening-hours";
import { DATE_INVALID, DATE_PAST, dateClosed, locationChoices, MIN_YEAR, yearMessage, type ServiceBookingSpec, type ServiceField, type ServiceFieldName, type ServiceValues } from "./service-booking";

export interface ServiceProblem {
  name: ServiceFieldName;
  pointer: string;
  message: string;
}

export const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PHONE = /^[0-9+() -]{6,20}$/;
const REGO = /^[A-Za-z0-9 -]{1,10}$/;
const NAME = /^[^<>{}\u0000-\u001f\u007f]*$/;

/** The latest vehicle year accepted: next year's models are sold this year. */
export const maxVehicleYear = (now: Date) => now.getUTCFullYear() + 1;

/**
 * The problems of the booking's values, in the form's order, one per field (none: fine). `only`: the
 * fields of one step (the step gate), or those an earlier step's lead carries. `now`: today, for the
 * preferred date (read in the site's time zone).
 */
export function serviceProblems(spec: ServiceBookingSpec, values: ServiceValues, opts: { now: Date; only?: readonly ServiceFieldName[] }): ServiceProblem[] {
  const wanted = opts.only ? new Set(opts.only) : null;
  const problems: ServiceProblem[] = [];
  for (const f of spec.fields) {
    if (wanted && !wanted.has(f.name)) continue;
    const message = fieldProblem(spec, f, values, opts.now);
    if (message) problems.push({ name: f.name, pointer: `/fields/${f.name}`, message });
  }
  return problems;
}

function fieldProblem(spec: ServiceBookingSpec, f: ServiceField, values: ServiceValues, now: Date): string | null {
  const raw = values[f.name];
  if (f.control === "checkbox") return raw === undefined || typeof raw === "boolean" ? null : `${f.label} is not valid.`;
  const v = text(raw);
  if (!v) return f.required ? `${f.label} is required.` : null;
  if (f.maxLength && v.length > f.maxLength) return `${f.label} must be at most ${f.maxLength} characters.`;
  if (f.control === "select") {
    const options = f.name === "location_id" ? locationChoices(spec, values.dealership_slug) : (f.options ?? []);
    return options.some((o) => o.value === v) ? null : `Please choose one of the listed options for ${f.label}.`;
  }
  switch (f.name) {
    case "first_name":
    case "last_name":
      return NAME.test(v) ? null : `${f.label} must not contain < > { } or control characters.`;
    case "email":
      return EMAIL.test(v) ? null : "Please enter a valid email address.";
    case "phone":
      return PHONE.test(v) ? null : "Please enter a valid phone number.";
    case "rego":
      return REGO.test(v) ? null : `${f.label} may only contain letters, digits, spaces and hyphens.`;
    case "vehicle_year": {
      const max = maxVehicleYear(now);
      return /^\d{4}$/.test(v) && Number(v) >= MIN_YEAR && Number(v) <= max ? null : yearMessage(max);
    }
    case "preferred_date":
      return dateProblem(spec, v, values.location_id, now);
    default:
      return null;
  }
}

/**
 * The preferred date (§2 screen 5, issue 15): not before today, and a day the chosen location's
 * service department opens (holiday hours respected); with no location chosen, a day one of the
 * site's service locations opens.
 */
function dateProblem(spec: ServiceBookingSpec, day: string, locationId: unknown, now: Date): string | null {
  const chosen = spec.locations.find((l) => String(l.id) === text(locationId));
  const candidates = chosen ? [chosen] : spec.locations;
  if (!candidates.length) return preferredDateProblem({ location_type: "service" }, day, spec.timeZone, now) === "invalid" ? DATE_INVALID : null;
  const found = candidates.map((l) => preferredDateProblem(l.hours, day, spec.timeZone, now));
  if (found.includes(null)) return null;
  if (found.includes("invalid")) return DATE_INVALID;
  if (found.includes("past")) return DATE_PAST;
  return dateClosed(day, hoursOn(candidates[0].hours, day, spec.timeZone, "service").holiday);
}

/** The fields a step shows (the step gate checks these). */
export const stepFields = (spec: Pick<ServiceBookingSpec, "steps">, step: number): ServiceFieldName[] => spec.steps[step]?.fields ?? [];

/** The step a field is on. */
export const serviceStepOf = (spec: Pick<ServiceBookingSpec, "steps">, name: ServiceFieldName) =>
  Math.max(
    0,
    spec.steps.findIndex((s) => s.fields.includes(name)),
  );
