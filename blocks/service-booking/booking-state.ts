/**
 * The service-booking wizard as a state machine: the values, the step, the messages and the
 * registration lookup, and the transitions between them. The rules (which fields a step has, their
 * problems, the step a field is on) are domain/service-booking.ts's; the component posts the lead
 * and moves the focus, then dispatches what happened.
 */
import { type ServiceBookingSpec, type ServiceFieldName, type ServiceValues } from "../../domain/service-booking";
import { serviceProblems, serviceStepOf, type ServiceProblem } from "../../domain/service-booking-rules";

export type Errors = Partial<Record<ServiceFieldName, string>>;
type Placed = Pick<ServiceProblem, "name" | "message">;

export interface BookingState {
  values: ServiceValues;
  errors: Errors;
  step: number;
  /** Next was refused: "Please complete the form step before proceeding." shows while a field has a message. */
  refused: boolean;
  busy: boolean;
  /** Booked: the form stays disabled while the success page loads. */
  done: boolean;
  formError: string | undefined;
  /** The server's messages that belong to no field. */
  others: string[];
  lookup: { busy: boolean; message: string | null };
  /** The location lists already narrowed to one choice that was chosen for the visitor (once each). */
  preselected: string[];
}

export type BookingAction =
  | { type: "change"; name: ServiceFieldName; value: string | boolean; now: Date }
  | { type: "adopt"; name: ServiceFieldName; value: string | boolean }
  | { type: "fill"; values: ServiceValues }
  | { type: "narrow-locations"; allowed: string[] }
  | { type: "show"; problems: Placed[] }
  | { type: "refuse-step"; problems: Placed[] }
  | { type: "submit" }
  | { type: "step-passed" }
  | { type: "busy"; busy: boolean }
  | { type: "server-refused"; placed: Placed[]; others: string[] }
  | { type: "failed"; message: string }
  | { type: "go"; step: number }
  | { type: "back" }
  | { type: "booked" }
  | { type: "lookup-started" }
  | { type: "vehicle-found"; make: string; model: string; year: string; message: string }
  | { type: "lookup-ended"; message: string };

/** A select with one option starts with it chosen (spec leads §4); the state starts as the site's. */
export function startValues(spec: ServiceBookingSpec, defaultState: string | null): ServiceValues {
  const values: ServiceValues = {};
  for (const f of spec.fields) {
    if (f.control === "checkbox") values[f.name] = false;
    else if (f.control === "select" && f.options?.length === 1) values[f.name] = f.options[0].value;
    else values[f.name] = "";
  }
  if (defaultState && spec.fields.some((f) => f.name === "state")) values.state = defaultState;
  return values;
}

export const initialBooking = ({ spec, defaultState }: { spec: ServiceBookingSpec; defaultState: string | null }): BookingState => ({
  values: startValues(spec, defaultState),
  errors: {},
  step: 0,
  refused: false,
  busy: false,
  done: false,
  formError: undefined,
  others: [],
  lookup: { busy: false, message: null },
  preselected: [],
});

const errorsOf = (problems: Placed[]): Errors => Object.fromEntries(problems.map((p) => [p.name, p.message]));
/** The earliest step any of the problems is on. */
export const firstStepOf = (spec: ServiceBookingSpec, problems: Placed[]) => Math.min(...problems.map((p) => serviceStepOf(spec, p.name)));

export const bookingReducer =
  (spec: ServiceBookingSpec) =>
  (s: BookingState, a: BookingAction): BookingState => {
    switch (a.type) {
      // A field with a message is checked again as it changes, so a fixed one loses it.
      case "change": {
        const values = { ...s.values, [a.name]: a.value };
        if (!s.errors[a.name]) return { ...s, values };
        const again = serviceProblems(spec, values, { now: a.now, only: [a.name] })[0]?.message;
        return { ...s, values, errors: { ...s.errors, [a.name]: again } };
      }
      case "adopt":
        return { ...s, values: { ...s.values, [a.name]: a.value } };
      // Kept contact details (storeUserDetails) fill only the fields still empty.
      case "fill": {
        const fill = Object.entries(a.values).filter(([k, v]) => v && !s.values[k as ServiceFieldName]);
        return fill.length ? { ...s, values: { ...s.values, ...Object.fromEntries(fill) } } : s;
      }
      // The location select narrows to the chosen dealership; a single choice left is chosen, once.
      case "narrow-locations": {
        const key = a.allowed.join(",");
        let location = s.values.location_id;
        if (location && !a.allowed.includes(String(location))) location = "";
        let preselected = s.preselected;
        if (a.allowed.length === 1 && a.allowed[0] && !location && !preselected.includes(key)) {
          preselected = [...preselected, key];
          location = a.allowed[0];
        }
        return location === s.values.location_id ? s : { ...s, preselected, values: { ...s.values, location_id: location } };
      }
      case "show":
        return { ...s, errors: errorsOf(a.problems) };
      // The step gate: back to the earliest step with a problem, showing that step's messages.
      case "refuse-step": {
        const at = firstStepOf(spec, a.problems);
        return { ...s, step: at, refused: true, errors: errorsOf(a.problems.filter((p) => serviceStepOf(spec, p.name) === at)) };
      }
      case "submit":
        return { ...s, formError: undefined, others: [] };
      case "step-passed":
        return { ...s, errors: {} };
      case "busy":
        return { ...s, busy: a.busy };
      // The server's field messages go to their fields (on the earliest step with one); the rest above the form.
      case "server-refused":
        return a.placed.length ? { ...s, others: a.others, step: firstStepOf(spec, a.placed), errors: errorsOf(a.placed) } : { ...s, others: a.others };
      case "failed":
        return { ...s, formError: a.message };
      case "go":
        return { ...s, refused: false, step: a.step };
      case "back":
        return { ...s, errors: {}, others: [], refused: false, step: s.step - 1 };
      case "booked":
        return { ...s, done: true };
      case "lookup-started":
        return { ...s, lookup: { busy: true, message: null } };
      case "vehicle-found":
        return {
          ...s,
          values: { ...s.values, vehicle_make: a.make, vehicle_model: a.model, vehicle_year: a.year },
          errors: { ...s.errors, vehicle_make: undefined, vehicle_model: undefined, vehicle_year: undefined },
          lookup: { busy: false, message: a.message },
        };
      case "lookup-ended":
        return { ...s, lookup: { busy: false, message: a.message } };
    }
  };

/** The server's 422 messages: those for a field of the form, and the rest. */
export function placeServerErrors(spec: ServiceBookingSpec, errors: { pointer: string; message: string }[]): { placed: Placed[]; others: string[] } {
  const placed: Placed[] = [];
  const others: string[] = [];
  for (const e of errors) {
    const name = e.pointer.startsWith("/fields/") ? (e.pointer.slice(8) as ServiceFieldName) : null;
    if (name && spec.fields.some((f) => f.name === name)) placed.push({ name, message: e.message });
    else others.push(e.message);
  }
  return { placed, others };
}
