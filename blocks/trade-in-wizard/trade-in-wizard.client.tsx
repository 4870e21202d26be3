"use client";

import { useEffect, useReducer, useRef, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { CALL_FAILED_MESSAGE, checkSelection, checkVehicleStep, searchMessage, WIZARD_STEP_TITLES, type TradeInState } from "../../domain/trade-in";
import { checkDetails } from "../../domain/trade-in-details";
import { showsNameInsteadOfPreview } from "../../domain/trade-in-images";
import { acceptOffer, CallError, carIdFromUrl, enterVin, manualEntry, sendValuation, updateEval, uploadImage } from "./api";
import { prefillValues, readUserDetails, rememberUserDetails, USER_DETAILS_FIELDS } from "../_shared/user-details";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { focusWhenShown } from "../_shared/focus-when-shown";
import styles from "./trade-in-wizard.module.css";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { VEHICLE_TERMS, vehicleTerms, type TermKind } from "../../domain/vehicle-terms";
import { trackEvent } from "../../renderer/analytics";
import { acceptPictures, initialWizard, wizardReducer, type View, type WizardState } from "./wizard-state";
import { VehicleStep } from "./step-vehicle";
import { SelectionStep } from "./step-selection";
import { ImagesStep } from "./step-images";
import { DetailsStep } from "./step-details";
import { NotFoundPanel, OfferPanel } from "./outcome-panels";
import { useSearchTick } from "./search-tick";

export { useSearchTick };

export interface TradeInWizardProps {
  id: string;
  /** The site's slug (where kept contact details are looked up). */
  site?: string;
  defaultState: TradeInState;
  imageStep: boolean;
  maxAgeYears: number;
  /** features.tradeIn.sendValuationToMiscellaneous: update-eval's answer goes on to /api/miscellaneous (spec §7). */
  sendValuationToMiscellaneous?: boolean;
  /** The site's e-mail (update-eval's userEmail, spec §7). */
  userEmail: string;
  phone: { display: string; href: string } | null;
  contactHref: string;
  locale: string;
  currency: string;
  /** storeUserDetails (blocks/_shared/user-details.ts): kept contact details fill Step Four; absent, neither read nor written. */
  rememberDetails?: boolean;
  /** What the site sells (siteTerms(identity).kind): names the vehicle before one is found ("Find My Caravan"); a car when absent. */
  siteKind?: TermKind;
}

/** The heading when the car gets no online figure (ours: the spec gives none). */
export const noOnlineFigureTitle = (noun = "car") => `Our buying team will value your ${noun}`;
export const NO_ONLINE_FIGURE_TITLE = noOnlineFigureTitle();

const failure = (e: unknown) => (e instanceof CallError ? e.message : CALL_FAILED_MESSAGE);

/** The step's heading: Step N: Title, or the panel's own. */
function titleOf(s: WizardState, noun: string, siteNoun: string): string {
  if (s.view === "not-found") return `We could not find your ${siteNoun}`;
  if (s.view === "offer") return s.outcome?.offer.price === null ? noOnlineFigureTitle(noun) : s.accepted ? "Offer accepted" : "Your offer";
  const t = WIZARD_STEP_TITLES[s.view as Exclude<View, "not-found" | "offer">];
  return `${t.step}: ${t.title}`;
}

/** The instant-offer wizard (spec leads §2 screen 4, §4): the steps, the not-found panel, the search animation and the offer (transitions: wizard-state.ts). */
export function TradeInWizard(p: TradeInWizardProps) {
  const [s, dispatch] = useReducer(wizardReducer, p.defaultState, initialWizard);
  // What Step Four asks follows the kind of the vehicle found (a caravan: no odometer, no keys); the server checks the same.
  const terms = vehicleTerms({ item_type: s.evaluation?.ItemType, body: s.evaluation?.Body });
  // Before one is found, the site's word: "Find My Caravan" on a caravan site, "Find My Vehicle" on one of several kinds.
  const siteWords = VEHICLE_TERMS[p.siteKind ?? "car"];
  const tick = useSearchTick(s.searching);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const vehicleForm = useRef<HTMLFormElement>(null);
  /** The lead the trade-in event (18, spec leads §9) was fired for: once per lead, not again when the details are re-sent. */
  const trackedLead = useRef<string | null>(null);
  useTypedBeforeHydration(vehicleForm, (field) => {
    if (field.name === "rego") dispatch({ type: "rego", value: field.value });
    if (field.name === "state") dispatch({ type: "state", value: field.value });
  });

  // storeUserDetails: the details kept after an earlier lead fill Your Details' contact fields (in the browser, once).
  useEffect(() => {
    if (p.rememberDetails === undefined || !p.site) return;
    const fill = prefillValues(readUserDetails(p.site, p.rememberDetails), USER_DETAILS_FIELDS, {});
    if (Object.keys(fill).length) dispatch({ type: "details-filled", values: fill as Record<string, string> });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the wizard opens
  }, []);

  // Focus moves to each step's heading, and to "Offer accepted" (not on the first paint).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [s.view, s.accepted]);

  async function run<T>(work: () => Promise<T>, search: boolean): Promise<T | undefined> {
    dispatch({ type: "call-started", search });
    try {
      return await work();
    } catch (e) {
      dispatch({ type: "call-failed", message: failure(e) });
      return undefined;
    } finally {
      dispatch({ type: "call-ended" });
    }
  }

  const carId = () => carIdFromUrl(window.location.search);
  const fid = (name: string) => `${p.id}-${name}`;
  const evalId = s.evaluation?.EvalID;

  async function submitVehicle(e: FormEvent) {
    e.preventDefault();
    const checked = checkVehicleStep({ rego: s.rego, state: s.state });
    dispatch({ type: "step-invalid", errors: checked.ok ? {} : checked.errors });
    if (!checked.ok) return;
    const found = await run(() => enterVin(checked.rego, checked.state, carId()), true);
    if (found) dispatch({ type: "looked-up", found, imageStep: p.imageStep });
  }

  async function submitSelection(e: FormEvent) {
    e.preventDefault();
    const checked = checkSelection(s.chosen, s.descriptions);
    if (!checked.ok) return dispatch({ type: "step-invalid", errors: { chosen: checked.error } });
    const found = await run(() => manualEntry(s.vin, checked.description), true);
    if (found) dispatch({ type: "selected", evaluation: found, imageStep: p.imageStep });
  }

  function addPictures(e: ChangeEvent<HTMLInputElement>) {
    const { accepted, error } = acceptPictures(s.pictures.length, Array.from(e.target.files ?? []));
    e.target.value = "";
    dispatch({ type: "pictures-added", pictures: accepted.map((file) => ({ file, url: showsNameInsteadOfPreview(file) ? null : URL.createObjectURL(file) })), error });
  }

  function removePicture(index: number) {
    const gone = s.pictures[index];
    if (gone?.url) URL.revokeObjectURL(gone.url);
    dispatch({ type: "picture-removed", index });
  }

  async function submitImages(e: FormEvent) {
    e.preventDefault();
    if (!evalId) return;
    const done = await run(async () => {
      for (const picture of s.pictures.filter((q) => !q.uploaded)) {
        try {
          await uploadImage(evalId, picture.file);
        } catch (e) {
          // A picture the server refused (too large, over the hour's pictures …): its message at the upload field.
          if (!(e instanceof CallError) || !e.status || e.status >= 500) throw e;
          dispatch({ type: "picture-refused", message: `${picture.file.name}: ${e.message}` });
          document.getElementById(fid("images"))?.focus();
          return false;
        }
        dispatch({ type: "picture-uploaded", picture });
      }
      return true;
    }, false);
    if (done) dispatch({ type: "images-done" });
  }

  async function submitDetails(e: FormEvent) {
    e.preventDefault();
    const checked = checkDetails(s.details, terms);
    dispatch({ type: "details-invalid", errors: checked.ok ? {} : checked.errors });
    if (!checked.ok) {
      const firstBad = Object.keys(checked.errors)[0];
      if (firstBad) document.getElementById(fid(firstBad))?.focus();
      return;
    }
    if (!evalId) return;
    const result = await run(() => updateEval(evalId, checked.details, p.userEmail, carId()), true);
    if (!result) return;
    // The lead is stored: its contact details are kept for the next form (storeUserDetails).
    if (p.rememberDetails !== undefined && p.site) rememberUserDetails(p.site, p.rememberDetails, checked.details as unknown as Record<string, unknown>);
    if (p.site && result.leadId && trackedLead.current !== result.leadId) {
      trackedLead.current = result.leadId;
      trackEvent(ANALYTICS_EVENTS.tradeIn, p.site, "trade-in");
    }
    // Once the valuation is known; not awaited, and a failure is only logged (spec §7, §8).
    if (p.sendValuationToMiscellaneous) void sendValuation(evalId, result.valuation);
    dispatch({ type: "offered", outcome: result, madeAt: new Date() });
  }

  async function accept() {
    const outcome = s.outcome;
    if (!evalId || !outcome) return;
    const done = await run(async () => {
      await acceptOffer(evalId, outcome.leadId);
      return true;
    }, false);
    if (done) dispatch({ type: "accepted" });
  }

  let body: ReactNode = null;
  if (s.view === "vehicle-details") {
    body = (
      <VehicleStep
        fid={fid}
        formRef={vehicleForm}
        rego={s.rego}
        state={s.state}
        errors={s.stepErrors}
        busy={s.busy}
        noun={siteWords.Noun}
        onRego={(value) => dispatch({ type: "rego", value })}
        onState={(value) => dispatch({ type: "state", value })}
        onSubmit={submitVehicle}
      />
    );
  } else if (s.view === "vehicle-selection") {
    body = <SelectionStep id={fid("chosen")} descriptions={s.descriptions} chosen={s.chosen} error={s.stepErrors.chosen} busy={s.busy} onChoose={(value) => dispatch({ type: "choose", value })} onSubmit={submitSelection} />;
  } else if (s.view === "upload-images") {
    body = <ImagesStep id={fid("images")} noun={terms.noun} pictures={s.pictures} error={s.imageError} busy={s.busy} onAdd={addPictures} onRemove={removePicture} onSubmit={submitImages} />;
  } else if (s.view === "your-details") {
    body = (
      <DetailsStep
        fid={fid}
        evaluation={s.evaluation}
        terms={terms}
        details={s.details}
        errors={s.detailErrors}
        busy={s.busy}
        onChange={(name, value) => dispatch({ type: "detail", name, value })}
        onSubmit={submitDetails}
      />
    );
  } else if (s.view === "not-found") {
    body = <NotFoundPanel phone={p.phone} contactHref={p.contactHref} onBack={() => dispatch({ type: "back", defaultState: p.defaultState })} />;
  } else if (s.outcome) {
    body = (
      <OfferPanel evaluation={s.evaluation} outcome={s.outcome} accepted={s.accepted} busy={s.busy} locale={p.locale} currency={p.currency} maxAgeYears={p.maxAgeYears} terms={terms} onAccept={accept} />
    );
  }

  return (
    <div className={styles.wizard}>
      <h3 ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {titleOf(s, terms.noun, siteWords.noun)}
      </h3>
      {body}
      {s.searching ? (
        <p role="status" className={styles.searching}>
          <span className="fc-spinner" aria-hidden="true" /> {searchMessage(tick)}
        </p>
      ) : null}
      {s.callError ? (
        <p role="alert" className={styles.callError} tabIndex={-1} ref={focusWhenShown}>
          {s.callError}
        </p>
      ) : null}
    </div>
  );
}
