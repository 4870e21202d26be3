/**
 * The trade-in wizard as a state machine: what it shows and holds, and the transitions between its
 * steps (domain/trade-in.ts decides where a lookup or a selection leads). Pure: the component does
 * the calls and the focus, then dispatches what happened.
 */
import { stepAfterLookup, stepAfterSelection, type FieldErrors, type WizardStep } from "../../domain/trade-in";
import { DEFAULT_PREFERRED_CONTACT_METHOD, type DetailsField } from "../../domain/trade-in-details";
import { tradeInImageError } from "../../domain/trade-in-images";
import type { Evaluation, Lookup, Outcome } from "./api";

export type View = WizardStep | "not-found" | "offer";
/** A chosen picture; `uploaded` once the server has it (a retry after a failure sends only the rest). */
export type Picture = { file: File; url: string | null; uploaded?: boolean };

export interface WizardState {
  view: View;
  busy: boolean;
  /** The search animation runs (a lookup or the final update). */
  searching: boolean;
  callError: string | null;
  rego: string;
  state: string;
  stepErrors: Record<string, string | undefined>;
  vin: string;
  descriptions: string[];
  chosen: string;
  evaluation: Evaluation | null;
  pictures: Picture[];
  imageError: string | null;
  details: Record<string, string>;
  detailErrors: FieldErrors<DetailsField>;
  outcome: (Outcome & { madeAt: Date }) | null;
  accepted: boolean;
}

export type WizardAction =
  | { type: "rego"; value: string }
  | { type: "state"; value: string }
  | { type: "step-invalid"; errors: Record<string, string | undefined> }
  | { type: "call-started"; search: boolean }
  | { type: "call-failed"; message: string }
  | { type: "call-ended" }
  | { type: "looked-up"; found: Lookup; imageStep: boolean }
  | { type: "choose"; value: string }
  | { type: "selected"; evaluation: Evaluation; imageStep: boolean }
  | { type: "pictures-added"; pictures: Picture[]; error: string | null }
  | { type: "picture-removed"; index: number }
  | { type: "picture-uploaded"; picture: Picture }
  | { type: "picture-refused"; message: string }
  | { type: "images-done" }
  | { type: "detail"; name: string; value: string }
  | { type: "details-filled"; values: Record<string, string> }
  | { type: "details-invalid"; errors: FieldErrors<DetailsField> }
  | { type: "offered"; outcome: Outcome; madeAt: Date }
  | { type: "accepted" }
  | { type: "back"; defaultState: string };

/** The wizard as first shown: Step One with the site's state. */
export const initialWizard = (defaultState: string): WizardState => ({
  view: "vehicle-details",
  busy: false,
  searching: false,
  callError: null,
  rego: "",
  state: defaultState,
  stepErrors: {},
  vin: "",
  descriptions: [],
  chosen: "",
  evaluation: null,
  pictures: [],
  imageError: null,
  details: { preferred_contact_method: DEFAULT_PREFERRED_CONTACT_METHOD },
  detailErrors: {},
  outcome: null,
  accepted: false,
});

/** Moving to another view clears the call's message and the step's errors. */
const go = (s: WizardState, view: View): WizardState => ({ ...s, callError: null, stepErrors: {}, view });

/**
 * Which of `files` may join `existing` (domain/trade-in.ts tradeInImageError, counted as they are
 * added) and the first refusal's message, or null.
 */
export function acceptPictures(existing: number, files: readonly File[]): { accepted: File[]; error: string | null } {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of files) {
    const refusal = tradeInImageError(file, existing + accepted.length);
    if (refusal) error ??= refusal;
    else accepted.push(file);
  }
  return { accepted, error };
}

export function wizardReducer(s: WizardState, a: WizardAction): WizardState {
  switch (a.type) {
    case "rego":
      return { ...s, rego: a.value };
    case "state":
      return { ...s, state: a.value };
    case "step-invalid":
      return { ...s, stepErrors: a.errors };
    case "call-started":
      return { ...s, busy: true, searching: a.search, callError: null };
    case "call-failed":
      return { ...s, callError: a.message };
    case "call-ended":
      return { ...s, busy: false, searching: false };
    case "looked-up": {
      const found = a.found;
      const next =
        found.kind === "match"
          ? { ...s, evaluation: found.evaluation }
          : found.kind === "candidates"
            ? { ...s, vin: found.vin, descriptions: found.descriptions, chosen: "" }
            : s;
      return go(next, stepAfterLookup(found.kind, { imageStep: a.imageStep }));
    }
    case "choose":
      return { ...s, chosen: a.value };
    case "selected":
      return go({ ...s, evaluation: a.evaluation }, stepAfterSelection({ imageStep: a.imageStep }));
    case "pictures-added":
      return { ...s, pictures: [...s.pictures, ...a.pictures], imageError: a.error };
    case "picture-removed":
      return { ...s, pictures: s.pictures.filter((_, i) => i !== a.index), imageError: null };
    case "picture-uploaded":
      return { ...s, pictures: s.pictures.map((q) => (q === a.picture ? { ...q, uploaded: true } : q)) };
    case "picture-refused":
      return { ...s, imageError: a.message };
    case "images-done":
      return go(s, "your-details");
    case "detail":
      return { ...s, details: { ...s.details, [a.name]: a.value } };
    // Kept contact details (storeUserDetails) fill only the fields still empty.
    case "details-filled": {
      const fill = Object.fromEntries(Object.entries(a.values).filter(([k, v]) => v && !s.details[k]));
      return Object.keys(fill).length ? { ...s, details: { ...s.details, ...fill } } : s;
    }
    case "details-invalid":
      return { ...s, detailErrors: a.errors };
    case "offered":
      return go({ ...s, detailErrors: {}, outcome: { ...a.outcome, madeAt: a.madeAt } }, "offer");
    case "accepted":
      return { ...s, accepted: true };
    // The not-found panel's Back (spec §4 "Back resets it"): Step One as first shown, the
    // registration empty and the state the site's default.
    case "back":
      return go({ ...s, evaluation: null, rego: "", state: a.defaultState, vin: "", descriptions: [], chosen: "" }, "vehicle-details");
  }
}
