/** The trade-in's Step Four, your details (spec leads §3 trade-in lead, valuation extra and trigger fields; §5): the answers asked for and their check. */
import { POSTCODE_MESSAGE } from "./postcode-message";
import { VEHICLE_TERMS, type VehicleTerms } from "./vehicle-terms";
import { CHOICE_MESSAGE, EMAIL_MESSAGE, ODOMETER_MESSAGE, PHONE_MESSAGE, REQUIRED_MESSAGE, TEXT_TOO_LONG_MESSAGE, type FieldErrors } from "./trade-in";

export const PREFERRED_CONTACT_METHODS = ["Phone", "Email", "SMS"] as const;
export type PreferredContactMethod = (typeof PREFERRED_CONTACT_METHODS)[number];
export const DEFAULT_PREFERRED_CONTACT_METHOD: PreferredContactMethod = "Phone";
export const YES_NO = ["Yes", "No"] as const;
// The spec names these answers but not their options ("not shown"): ours, used by the embedded valuation.
export const SERVICE_HISTORY_OPTIONS = ["Full service history", "Partial service history", "No service history"] as const;
export const NUMBER_OF_KEYS_OPTIONS = ["1", "2", "3 or more"] as const;
export const CAR_CONDITION_OPTIONS = ["Excellent", "Good", "Fair", "Poor"] as const;
export const MAX_COMMENTS_LENGTH = 5000;
export const MAX_NAME_LENGTH = 100;
/** The lead schema's odometer bound (schemas/lead.schema.json). */
export const MAX_ODOMETER_KM = 3_000_000;

export interface ConditionAnswers {
  service_history: (typeof SERVICE_HISTORY_OPTIONS)[number];
  /** Not asked about a vehicle without keys to cut (a caravan, domain/vehicle-terms.ts hasKeys). */
  number_of_keys?: (typeof NUMBER_OF_KEYS_OPTIONS)[number];
  car_condition: (typeof CAR_CONDITION_OPTIONS)[number];
}

export interface TradeInDetails extends ConditionAnswers {
  first_name: string;
  last_name?: string;
  email: string;
  phone: string;
  postcode: string;
  /** Not asked about a vehicle without an odometer (a caravan, domain/vehicle-terms.ts hasOdometer). */
  odometer?: number;
  comments: string;
  preferred_contact_method: PreferredContactMethod;
  finance?: (typeof YES_NO)[number];
  trade_in?: (typeof YES_NO)[number];
}

/** Required on Step Four, in the form's order (spec §5: postcode … comments; §3 trigger fields: name, phone, email). */
export const REQUIRED_DETAILS = ["first_name", "phone", "email", "postcode", "odometer", "service_history", "number_of_keys", "car_condition", "comments"] as const;
export type DetailsField = keyof TradeInDetails;

/** What the trade-in asks about the vehicle traded in: its odometer and its keys only when it has them (a caravan has neither). */
export type TradeInAsks = Pick<VehicleTerms, "hasOdometer" | "hasKeys">;

/** Step Four's required fields for the vehicle traded in, in the form's order. */
export const requiredDetails = (asks: TradeInAsks = VEHICLE_TERMS.car): DetailsField[] =>
  REQUIRED_DETAILS.filter((f) => (f !== "odometer" || asks.hasOdometer) && (f !== "number_of_keys" || asks.hasKeys));

/** An odometer as typed (thousands separators and a " kms" suffix allowed, spec §5 "Mileage field"), in whole km; null when not one. */
export function parseOdometer(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw >= 0 && raw <= MAX_ODOMETER_KM ? raw : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim().replace(/\s*kms?$/i, "");
  if (!/^\d{1,3}(,\d{3})*$|^\d+$/.test(text)) return null;
  const km = Number(text.replace(/,/g, ""));
  return km <= MAX_ODOMETER_KM ? km : null;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const CONTROL_OR_MARKUP = /[<>{}\u0000-\u001f\u007f]/;

/**
 * Step Four's check: every required field present and well-formed; the values (with defaults) or the
 * errors by field. A vehicle without an odometer or keys (`asks`, from the vehicle's kind) is not asked
 * for them, and an odometer or a number of keys sent for it anyway is left out.
 */
export function checkDetails(input: Record<string, unknown>, asks: TradeInAsks = VEHICLE_TERMS.car): { ok: true; details: TradeInDetails } | { ok: false; errors: FieldErrors<DetailsField> } {
  const errors: FieldErrors<DetailsField> = {};
  for (const f of requiredDetails(asks)) {
    const v = input[f];
    // The odometer may come as a number; every other answer is text (anything else counts as missing).
    const missing = f === "odometer" ? v === undefined || v === null || (typeof v === "string" && !v.trim()) : typeof v !== "string" || !v.trim();
    if (missing) errors[f] = REQUIRED_MESSAGE;
  }
  const name = (f: "first_name" | "last_name") => {
    const v = text(input[f]);
    if (v && (v.length > MAX_NAME_LENGTH || CONTROL_OR_MARKUP.test(v))) errors[f] = `* Please enter a name of at most ${MAX_NAME_LENGTH} characters, without < > { }`;
    return v;
  };
  const first_name = name("first_name");
  const last_name = name("last_name");
  const email = text(input.email);
  if (email && (email.length > 254 || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email))) errors.email = EMAIL_MESSAGE;
  const phone = text(input.phone);
  if (phone && !/^[0-9+() -]{6,20}$/.test(phone)) errors.phone = PHONE_MESSAGE;
  const postcode = text(input.postcode);
  if (postcode && !/^\d{4}$/.test(postcode)) errors.postcode = POSTCODE_MESSAGE;
  const odometer = asks.hasOdometer ? parseOdometer(input.odometer) : null;
  if (asks.hasOdometer && !errors.odometer && odometer === null) errors.odometer = ODOMETER_MESSAGE;
  const choice = <T extends string>(f: DetailsField, options: readonly T[], fallback?: T): T | undefined => {
    const v = input[f];
    if (v === undefined || v === null || v === "") return fallback;
    if (typeof v === "string" && (options as readonly string[]).includes(v)) return v as T;
    errors[f] ??= CHOICE_MESSAGE;
    return undefined;
  };
  const service_history = choice("service_history", SERVICE_HISTORY_OPTIONS);
  const number_of_keys = asks.hasKeys ? choice("number_of_keys", NUMBER_OF_KEYS_OPTIONS) : undefined;
  const car_condition = choice("car_condition", CAR_CONDITION_OPTIONS);
  const preferred_contact_method = choice("preferred_contact_method", PREFERRED_CONTACT_METHODS, DEFAULT_PREFERRED_CONTACT_METHOD);
  const finance = choice("finance", YES_NO);
  const trade_in = choice("trade_in", YES_NO);
  const comments = text(input.comments);
  if (comments.length > MAX_COMMENTS_LENGTH) errors.comments = TEXT_TOO_LONG_MESSAGE(MAX_COMMENTS_LENGTH);
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    details: {
      first_name,
      ...(last_name ? { last_name } : {}),
      email,
      phone,
      postcode,
      ...(odometer !== null ? { odometer } : {}),
      service_history: service_history!,
      ...(number_of_keys ? { number_of_keys } : {}),
      car_condition: car_condition!,
      comments,
      preferred_contact_method: preferred_contact_method!,
      ...(finance ? { finance } : {}),
      ...(trade_in ? { trade_in } : {}),
    },
  };
}
