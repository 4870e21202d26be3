/**
 * The instant trade-in offer ("Sell my car", spec leads §2 screen 4, §3, §4, §5, §8, §9): the
 * wizard's steps and required fields, registration and state, the image rules, the site's
 * online-estimate rule and FAQ, the search animation and the lead's stages, with the messages a
 * person reads. Pure: the wizard block and the /api/eval-expert/* routes both check with these.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { POSTCODE_MESSAGE } from "./postcode-message";
import { VEHICLE_TERMS, type VehicleTerms } from "./vehicle-terms";

// ---------------------------------------------------------------------------------------------
// Messages (spec §5, §8), word for word. §8 lists them without the sentence stop §5 adds, except
// where the stop is part of the text ("* Please choose one car.", "You can only upload 10 images.").

export const REQUIRED_MESSAGE = "* This field is required";
export const CHOOSE_CAR_MESSAGE = "* Please choose one car.";
export const IMAGE_TOO_LARGE_MESSAGE = "Please upload an image file under 10MB";
export const TOO_MANY_IMAGES_MESSAGE = "You can only upload 10 images.";
export const NOT_FOUND_MESSAGE =
  "Unfortunately, we could not find a match for your registration number. Please get in touch with one of our friendly team members to receive an offer for your vehicle.";
export const CALL_FAILED_MESSAGE = "An error occurred while submitting the form. Please try again.";
// Not given by the spec ("Required and optional rules for other fields: not shown"): ours.
export const IMAGE_TYPE_MESSAGE = "Please upload a JPEG, PNG, GIF or HEIC image";
export const REGO_FORMAT_MESSAGE = "* Please enter the registration as letters and digits (at most 9)";
export const STATE_MESSAGE = "* Please choose one of QLD, NSW, VIC, SA, WA, TAS, ACT, NT";
export const EMAIL_MESSAGE = "* Please enter a valid email address";
export const PHONE_MESSAGE = "* Please enter a valid phone number";
export const ODOMETER_MESSAGE = "* Please enter the odometer reading in whole kilometres";
export const CHOICE_MESSAGE = "* Please choose one of the options";
export const TEXT_TOO_LONG_MESSAGE = (max: number) => `* Please keep this under ${max.toLocaleString("en-AU")} characters`;

// ---------------------------------------------------------------------------------------------
// The site's settings (features.tradeIn in the tenant document)

export type TradeInSettings = Required<NonNullable<TenantDocument["features"]["tradeIn"]>>;

/** The site's trade-in settings with the schema's defaults (schemas/tenant.schema.json) for a document read without them. */
export function tradeInSettings(tenant: { features?: { tradeIn?: Partial<TradeInSettings> } }): TradeInSettings {
  const s = tenant.features?.tradeIn ?? {};
  return {
    enabled: s.enabled ?? true,
    imageStep: s.imageStep ?? false,
    maxAgeYears: s.maxAgeYears ?? 10,
    sendValuationToMiscellaneous: s.sendValuationToMiscellaneous ?? false,
    unacceptedOfferLeadMinutes: s.unacceptedOfferLeadMinutes ?? UNACCEPTED_OFFER_LEAD_MINUTES,
  };
}

/** An offer not accepted this many minutes after it was made is sent to the dealer as a lead (the schema's default). */
export const UNACCEPTED_OFFER_LEAD_MINUTES = 60;

// ---------------------------------------------------------------------------------------------
// Online estimate rule and FAQ (spec §9 "Trade-in FAQ")

/** No online estimate above this odometer reading (both variants). */
export const MAX_ONLINE_KM = 100_000;
/** The estimate (offer) is valid for 7 days. */
export const OFFER_VALID_DAYS = 7;
export const BUYING_TEAM_HOURS = "Monday to Friday 8.30am to 5.30pm, Saturday 9am to 5pm";

/** The FAQ's reason a car gets no online figure, for the site's variant (7 or 10 years). */
export const noOnlineEstimateReason = (maxAgeYears: number, terms: Pick<VehicleTerms, "noun" | "plural" | "hasOdometer"> = VEHICLE_TERMS.car) =>
  terms.hasOdometer
    ? `We can't give an online estimate for ${terms.plural} over ${maxAgeYears} years old or with more than ${MAX_ONLINE_KM.toLocaleString("en-AU")} km. Our buying team will contact you to value your ${terms.noun}.`
    : // A caravan has no odometer: its age alone.
      `We can't give an online estimate for ${terms.plural} over ${maxAgeYears} years old. Our buying team will contact you to value your ${terms.noun}.`;

/** A car's age in years: the calendar year now less its model year. */
export const vehicleAge = (year: number, now: Date) => now.getUTCFullYear() - year;

export type Eligibility = { eligible: true } | { eligible: false; reason: string };

/** Whether the site gives an online figure for the car: not over maxAgeYears old, not over 100,000 km (a caravan has no odometer: its age alone). */
export function onlineEstimateEligibility(car: { year: number; km: number | null | undefined }, maxAgeYears: number, now: Date, terms: VehicleTerms = VEHICLE_TERMS.car): Eligibility {
  if (vehicleAge(car.year, now) > maxAgeYears || (car.km ?? 0) > MAX_ONLINE_KM) return { eligible: false, reason: noOnlineEstimateReason(maxAgeYears, terms) };
  return { eligible: true };
}

/** When an offer made at `madeAt` stops being valid. */
export const offerValidUntil = (madeAt: Date) => new Date(madeAt.getTime() + OFFER_VALID_DAYS * 86_400_000);

export interface FaqItem {
  question: string;
  answer: string;
}

/** The trade-in FAQ accordions (spec §2 screen 14, §9) for the site's variant. */
export function tradeInFaq(settings: Pick<TradeInSettings, "maxAgeYears">): FaqItem[] {
  const km = MAX_ONLINE_KM.toLocaleString("en-AU");
  return [
    {
      question: "Can every car get an online estimate?",
      answer: `No. We don't give an online estimate for cars over ${settings.maxAgeYears} years old or over ${km} km; our buying team will value them for you.`,
    },
    { question: "How long is my estimate valid?", answer: `Your estimate is valid for ${OFFER_VALID_DAYS} days.` },
    {
      question: "When will the buying team contact me?",
      answer: `Our buying team works ${BUYING_TEAM_HOURS}. We will contact you the same or next business day.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Step One: registration and state (spec §5, §9 "States")

export const TRADE_IN_STATES = ["QLD", "NSW", "VIC", "SA", "WA", "TAS", "ACT", "NT"] as const;
export type TradeInState = (typeof TRADE_IN_STATES)[number];
/** Spec §9: "Default state qld" — unless the site names its home state. */
export const DEFAULT_STATE: TradeInState = "QLD";
export const defaultTradeInState = (tenant: { identity?: { state?: TradeInState } }): TradeInState => tenant.identity?.state ?? DEFAULT_STATE;

/** Up to 9 letters and digits once spaces and hyphens are taken out (the longest Australian plates are 9). */
export const MAX_REGO_LENGTH = 9;

/** A registration as stored and looked up: upper case, without spaces or hyphens. */
export const normaliseRego = (raw: string) => raw.replace(/[\s-]+/g, "").toUpperCase();

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Step One's check: rego and state required; returns the normalised values or the errors. */
export function checkVehicleStep(input: { rego?: unknown; state?: unknown }):
  | { ok: true; rego: string; state: TradeInState }
  | { ok: false; errors: FieldErrors<"rego" | "state"> } {
  const errors: FieldErrors<"rego" | "state"> = {};
  const rego = typeof input.rego === "string" ? normaliseRego(input.rego) : "";
  if (!rego) errors.rego = REQUIRED_MESSAGE;
  else if (rego.length > MAX_REGO_LENGTH || !/^[A-Z0-9]+$/.test(rego)) errors.rego = REGO_FORMAT_MESSAGE;
  const state = typeof input.state === "string" ? input.state.trim().toUpperCase() : "";
  if (!state) errors.state = REQUIRED_MESSAGE;
  else if (!(TRADE_IN_STATES as readonly string[]).includes(state)) errors.state = STATE_MESSAGE;
  return errors.rego || errors.state ? { ok: false, errors } : { ok: true, rego, state: state as TradeInState };
}

/** Step Two's check: one of the listed descriptions must be chosen. */
export function checkSelection(chosen: unknown, descriptions: readonly string[]): { ok: true; description: string } | { ok: false; error: string } {
  return typeof chosen === "string" && descriptions.includes(chosen) ? { ok: true, description: chosen } : { ok: false, error: CHOOSE_CAR_MESSAGE };
}

// ---------------------------------------------------------------------------------------------
// Step Three: images (spec §5, §9)

export const MAX_TRADE_IN_IMAGES = 10;
export const MAX_TRADE_IN_IMAGE_BYTES = 10_000_000;
/** Allowed types (JPEG, JPG, PNG, GIF, HEIC) by MIME type, with the file name endings each may have. */
export const TRADE_IN_IMAGE_TYPES = {
  "image/jpeg": ["jpeg", "jpg"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/heic": ["heic"],
} as const;
export type TradeInImageType = keyof typeof TRADE_IN_IMAGE_TYPES;
/** The file input's accept attribute. */
export const TRADE_IN_IMAGE_ACCEPT = Object.entries(TRADE_IN_IMAGE_TYPES)
  .flatMap(([mime, exts]) => [mime, ...exts.map((e) => `.${e}`)])
  .join(",");

const extension = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** The allowed type a file claims by its MIME type, else by its name's ending; null when neither is allowed. */
export function tradeInImageType(file: { name: string; type?: string }): TradeInImageType | null {
  const mime = (file.type ?? "").toLowerCase();
  if (mime in TRADE_IN_IMAGE_TYPES) return mime as TradeInImageType;
  const ext = extension(file.name);
  const found = Object.entries(TRADE_IN_IMAGE_TYPES).find(([, exts]) => (exts as readonly string[]).includes(ext));
  return found ? (found[0] as TradeInImageType) : null;
}

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The allowed type a file is by its first bytes (whatever its name or MIME type say), or null:
 * JPEG (FF D8 FF), PNG (its 8-byte signature), GIF (GIF87a/GIF89a), HEIC (an ISO-BMFF `ftyp` box
 * whose major brand, or for mif1/msf1 a compatible brand, is an HEVC image brand; AVIF is not HEIC).
 * The server checks uploads with this: sharp's prebuilt libvips cannot decode HEIC.
 */
export function sniffTradeInImage(bytes: Uint8Array): TradeInImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const size = Math.min(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, bytes.length);
    const major = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(major)) return "image/heic";
    if (major === "mif1" || major === "msf1") {
      for (let at = 16; at + 4 <= size; at += 4) if (HEIC_BRANDS.has(ascii(bytes, at, at + 4))) return "image/heic";
    }
  }
  return null;
}

/** A HEIC picture shows its file name instead of a preview (browsers cannot draw it). */
export const showsNameInsteadOfPreview = (file: { name: string; type?: string }) => tradeInImageType(file) === "image/heic";

/**
 * The message for one more image when `alreadyAdded` are there, or null when it may be added:
 * too many first (the 11th is refused whatever it is), then its type, then its size.
 */
export function tradeInImageError(file: { name: string; size: number; type?: string }, alreadyAdded: number): string | null {
  if (alreadyAdded >= MAX_TRADE_IN_IMAGES) return TOO_MANY_IMAGES_MESSAGE;
  if (!tradeInImageType(file)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_TRADE_IN_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Step Four: your details (spec §3 trade-in lead, valuation extra and trigger fields; §5)

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

// ---------------------------------------------------------------------------------------------
// The wizard's steps (spec §2 screen 4, §4)

export type WizardStep = "vehicle-details" | "vehicle-selection" | "upload-images" | "your-details";
export const WIZARD_STEP_TITLES: Record<WizardStep, { step: string; title: string }> = {
  "vehicle-details": { step: "Step One", title: "Vehicle Details" },
  "vehicle-selection": { step: "Step Two", title: "Vehicle Selection" },
  "upload-images": { step: "Step Three", title: "Upload Images" },
  "your-details": { step: "Step Four", title: "Your Details" },
};

/** The steps the site's wizard has: Upload Images only where the site enables it. */
export const wizardSteps = (settings: Pick<TradeInSettings, "imageStep">): WizardStep[] =>
  settings.imageStep ? ["vehicle-details", "vehicle-selection", "upload-images", "your-details"] : ["vehicle-details", "vehicle-selection", "your-details"];

/**
 * Where Step One leads (spec §4): candidates → Vehicle Selection; an evaluation straight away →
 * Upload Images where enabled, else Your Details; neither → the not-found panel.
 */
export function stepAfterLookup(found: "candidates" | "match" | "none", settings: Pick<TradeInSettings, "imageStep">): WizardStep | "not-found" {
  if (found === "candidates") return "vehicle-selection";
  if (found === "none") return "not-found";
  return stepAfterSelection(settings);
}

/** Where Vehicle Selection leads: Upload Images where enabled, else Your Details. */
export const stepAfterSelection = (settings: Pick<TradeInSettings, "imageStep">): WizardStep => (settings.imageStep ? "upload-images" : "your-details");

// ---------------------------------------------------------------------------------------------
// The search animation (spec §9 "Timings"): a message every 5 seconds over 4 ticks

export const SEARCH_MESSAGE_INTERVAL_MS = 5000;
export const SEARCH_TICKS = 4;
// The spec gives the timing, not the words: ours.
export const SEARCH_MESSAGES = [
  "Looking up your registration…",
  "Finding your car's details…",
  "Comparing it with cars we have sold…",
  "Preparing your offer…",
] as const satisfies readonly string[] & { length: typeof SEARCH_TICKS };
/** The message shown at `tick` (0-based); the last one stays once the ticks run out. */
export const searchMessage = (tick: number) => SEARCH_MESSAGES[Math.min(Math.max(0, Math.floor(tick)), SEARCH_TICKS - 1)];

// ---------------------------------------------------------------------------------------------
// The lead's stages (spec §4 "Trade-in lead stages"), as the lead's subcategory

/**
 * Spec §4 lists the stages in this order and gives one subcategory, "3. Offer Accepted": the fourth
 * of the list numbered from 0, so the others are numbered the same way.
 */
export const TRADE_IN_STAGES = {
  initial: "0. Initial Lead",
  valuation: "1. Valuation With Adjustments",
  // The same stage, once the offer (not accepted) was sent to the dealer: it may still be accepted.
  "offer-not-accepted": "1. Valuation With Adjustments",
  "registration-lookup": "2. Registration Lookup",
  "offer-accepted": "3. Offer Accepted",
} as const;
export type TradeInStage = keyof typeof TRADE_IN_STAGES;
export const TRADE_IN_STAGE_IDS = Object.keys(TRADE_IN_STAGES) as TradeInStage[];
export const TRADE_IN_CATEGORY = "Trade-In";
