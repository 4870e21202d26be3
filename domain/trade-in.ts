/**
 * The instant trade-in offer ("Sell my car", spec leads §2 screen 4, §3, §4, §5, §8, §9): the
 * wizard's steps and required fields, registration and state, the image rules, the site's
 * online-estimate rule and FAQ, the search animation and the lead's stages, with the messages a
 * person reads. Pure: the wizard block and the /api/eval-expert/* routes both check with these.
 * The image rules are in ./trade-in-images.ts, Step Four's details in ./trade-in-details.ts.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
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
