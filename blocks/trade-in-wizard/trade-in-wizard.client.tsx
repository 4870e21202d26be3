"use client";

import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import {
  CALL_FAILED_MESSAGE,
  checkSelection,
  checkVehicleStep,
  NOT_FOUND_MESSAGE,
  OFFER_VALID_DAYS,
  offerValidUntil,
  noOnlineEstimateReason,
  SEARCH_MESSAGE_INTERVAL_MS,
  SEARCH_TICKS,
  searchMessage,
  stepAfterLookup,
  stepAfterSelection,
  TRADE_IN_STATES,
  WIZARD_STEP_TITLES,
  type FieldErrors,
  type TradeInState,
  type WizardStep,
} from "../../domain/trade-in";
import {
  CAR_CONDITION_OPTIONS,
  checkDetails,
  DEFAULT_PREFERRED_CONTACT_METHOD,
  NUMBER_OF_KEYS_OPTIONS,
  PREFERRED_CONTACT_METHODS,
  SERVICE_HISTORY_OPTIONS,
  YES_NO,
  type DetailsField,
} from "../../domain/trade-in-details";
import { showsNameInsteadOfPreview, TRADE_IN_IMAGE_ACCEPT, tradeInImageError } from "../../domain/trade-in-images";
import { acceptOffer, CallError, carIdFromUrl, enterVin, manualEntry, sendValuation, updateEval, uploadImage, type Evaluation, type Outcome } from "./api";
import { prefillValues, readUserDetails, rememberUserDetails, USER_DETAILS_FIELDS } from "../_shared/user-details";
import { useTypedBeforeHydration } from "../_shared/typed-before-hydration";
import { focusWhenShown } from "../_shared/focus-when-shown";
import styles from "./trade-in-wizard.module.css";
import { dateTimeFormat, numberFormat } from "../../domain/intl";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { vehicleTerms } from "../../domain/vehicle-terms";
import { trackEvent } from "../../renderer/analytics";

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
}

type View = WizardStep | "not-found" | "offer";
/** A chosen picture; `uploaded` once the server has it (a retry after a failure sends only the rest). */
type Picture = { file: File; url: string | null; uploaded?: boolean };

/** The heading when the car gets no online figure (ours: the spec gives none). */
export const noOnlineFigureTitle = (noun = "car") => `Our buying team will value your ${noun}`;
export const NO_ONLINE_FIGURE_TITLE = noOnlineFigureTitle();

const failure = (e: unknown) => (e instanceof CallError ? e.message : CALL_FAILED_MESSAGE);

/** The search animation (spec §9): a new message every 5 s over 4 ticks, while `running`. */
export function useSearchTick(running: boolean) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setTick(0);
    if (!running) return;
    const timer = setInterval(() => setTick((t) => (t + 1 < SEARCH_TICKS ? t + 1 : t)), SEARCH_MESSAGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running]);
  return tick;
}

function Field({ id, label, error, required = true, children }: { id: string; label: string; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props for an input tied to its error (aria-describedby, aria-invalid). */
const described = (id: string, error: string | undefined, required = true) => ({
  id,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
  "aria-required": required || undefined,
});

function Choices({
  id,
  legend,
  name,
  options,
  value,
  onChange,
  error,
  stacked = false,
}: {
  id: string;
  legend: string;
  name: string;
  options: readonly string[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** One option a line (long car descriptions); otherwise side by side. */
  stacked?: boolean;
}) {
  return (
    <fieldset className={styles.choices} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.label}>{legend}</legend>
      <div className={stacked ? styles.stacked : styles.options}>
        {options.map((o) => (
          <label key={o} className={styles.candidate}>
            <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} /> {o}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const optionList = (options: readonly string[]) =>
  options.map((o) => (
    <option key={o} value={o}>
      {o}
    </option>
  ));

const carName = (e: Evaluation) => [e.Year, e.Make, e.Model, e.Variant ?? e.Series].filter(Boolean).join(" ");

/** The instant-offer wizard (spec leads §2 screen 4, §4): the steps, the not-found panel, the search animation and the offer. */
export function TradeInWizard(p: TradeInWizardProps) {
  const [view, setView] = useState<View>("vehicle-details");
  const [busy, setBusy] = useState(false);
  const [searching, setSearching] = useState(false);
  const [callError, setCallError] = useState<string | null>(null);
  const [rego, setRego] = useState("");
  const [state, setState] = useState<string>(p.defaultState);
  const [stepErrors, setStepErrors] = useState<Record<string, string | undefined>>({});
  const [vin, setVin] = useState("");
  const [descriptions, setDescriptions] = useState<string[]>([]);
  const [chosen, setChosen] = useState("");
  const [evaluation, setEvaluation] = useState<Evaluation | null>(null);
  // What Step Four asks follows the kind of the vehicle found (a caravan: no odometer, no keys); the server checks the same.
  const terms = vehicleTerms({ item_type: evaluation?.ItemType, body: evaluation?.Body });
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [details, setDetails] = useState<Record<string, string>>({ preferred_contact_method: DEFAULT_PREFERRED_CONTACT_METHOD });
  const [detailErrors, setDetailErrors] = useState<FieldErrors<DetailsField>>({});
  const [outcome, setOutcome] = useState<(Outcome & { madeAt: Date }) | null>(null);
  const [accepted, setAccepted] = useState(false);
  const tick = useSearchTick(searching);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const vehicleForm = useRef<HTMLFormElement>(null);
  /** The lead the trade-in event (18, spec leads §9) was fired for: once per lead, not again when the details are re-sent. */
  const trackedLead = useRef<string | null>(null);
  useTypedBeforeHydration(vehicleForm, (field) => {
    if (field.name === "rego") setRego(field.value);
    if (field.name === "state") setState(field.value);
  });

  // storeUserDetails: the details kept after an earlier lead fill Your Details' contact fields (in the browser, once).
  useEffect(() => {
    if (p.rememberDetails === undefined || !p.site) return;
    const fill = prefillValues(readUserDetails(p.site, p.rememberDetails), USER_DETAILS_FIELDS, {});
    if (Object.keys(fill).length) setDetails((d) => ({ ...d, ...prefillValues(fill, USER_DETAILS_FIELDS, d) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the wizard opens
  }, []);

  // Focus moves to each step's heading, and to "Offer accepted" (not on the first paint).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [view, accepted]);

  const go = (next: View) => {
    setCallError(null);
    setStepErrors({});
    setView(next);
  };

  async function run<T>(work: () => Promise<T>, search: boolean): Promise<T | undefined> {
    setBusy(true);
    setSearching(search);
    setCallError(null);
    try {
      return await work();
    } catch (e) {
      setCallError(failure(e));
      return undefined;
    } finally {
      setBusy(false);
      setSearching(false);
    }
  }

  const carId = () => carIdFromUrl(window.location.search);

  async function submitVehicle(e: FormEvent) {
    e.preventDefault();
    const checked = checkVehicleStep({ rego, state });
    if (!checked.ok) return setStepErrors(checked.errors);
    setStepErrors({});
    const found = await run(() => enterVin(checked.rego, checked.state, carId()), true);
    if (!found) return;
    if (found.kind === "match") setEvaluation(found.evaluation);
    if (found.kind === "candidates") {
      setVin(found.vin);
      setDescriptions(found.descriptions);
      setChosen("");
    }
    go(stepAfterLookup(found.kind, { imageStep: p.imageStep }));
  }

  async function submitSelection(e: FormEvent) {
    e.preventDefault();
    const checked = checkSelection(chosen, descriptions);
    if (!checked.ok) return setStepErrors({ chosen: checked.error });
    const found = await run(() => manualEntry(vin, checked.description), true);
    if (!found) return;
    setEvaluation(found);
    go(stepAfterSelection({ imageStep: p.imageStep }));
  }

  function addPictures(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = "";
    let list = pictures;
    let message: string | null = null;
    for (const file of files) {
      const error = tradeInImageError(file, list.length);
      if (error) {
        message ??= error;
        continue;
      }
      list = [...list, { file, url: showsNameInsteadOfPreview(file) ? null : URL.createObjectURL(file) }];
    }
    setPictures(list);
    setImageError(message);
  }

  function removePicture(index: number) {
    const gone = pictures[index];
    if (gone?.url) URL.revokeObjectURL(gone.url);
    setPictures(pictures.filter((_, i) => i !== index));
    setImageError(null);
  }

  async function submitImages(e: FormEvent) {
    e.preventDefault();
    const evalId = evaluation?.EvalID;
    if (!evalId) return;
    const done = await run(async () => {
      for (const picture of pictures.filter((q) => !q.uploaded)) {
        try {
          await uploadImage(evalId, picture.file);
        } catch (e) {
          // A picture the server refused (too large, over the hour's pictures …): its message at the upload field.
          if (!(e instanceof CallError) || !e.status || e.status >= 500) throw e;
          setImageError(`${picture.file.name}: ${e.message}`);
          document.getElementById(fid("images"))?.focus();
          return false;
        }
        setPictures((list) => list.map((q) => (q === picture ? { ...q, uploaded: true } : q)));
      }
      return true;
    }, false);
    if (done) go("your-details");
  }

  async function submitDetails(e: FormEvent) {
    e.preventDefault();
    const checked = checkDetails(details, terms);
    if (!checked.ok) {
      setDetailErrors(checked.errors);
      const firstBad = Object.keys(checked.errors)[0];
      if (firstBad) document.getElementById(`${p.id}-${firstBad}`)?.focus();
      return;
    }
    setDetailErrors({});
    const evalId = evaluation?.EvalID;
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
    setOutcome({ ...result, madeAt: new Date() });
    go("offer");
  }

  async function accept() {
    const evalId = evaluation?.EvalID;
    if (!evalId || !outcome) return;
    const done = await run(async () => {
      await acceptOffer(evalId, outcome.leadId);
      return true;
    }, false);
    if (done) setAccepted(true);
  }

  // The not-found panel's Back (spec §4 "Back resets it"): Step One as first shown, the
  // registration empty and the state the site's default.
  const back = () => {
    setEvaluation(null);
    setRego("");
    setState(p.defaultState);
    setVin("");
    setDescriptions([]);
    setChosen("");
    go("vehicle-details");
  };

  const set = (name: string) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setDetails((d) => ({ ...d, [name]: e.target.value }));
  const fid = (name: string) => `${p.id}-${name}`;
  const input = (name: DetailsField, label: string, type = "text", required = true, extra: object = {}) => (
    <Field id={fid(name)} label={label} error={detailErrors[name]} required={required}>
      <input className="fc-input" type={type} name={name} value={details[name] ?? ""} onChange={set(name)} {...described(fid(name), detailErrors[name], required)} {...extra} />
    </Field>
  );
  const select = (name: DetailsField, label: string, options: readonly string[]) => (
    <Field id={fid(name)} label={label} error={detailErrors[name]}>
      <select className="fc-input" name={name} value={details[name] ?? ""} onChange={set(name)} {...described(fid(name), detailErrors[name])}>
        <option value="">Please select</option>
        {optionList(options)}
      </select>
    </Field>
  );

  const submit = (label: string) => (
    <button type="submit" className={`fc-button ${styles.button}`} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span className="fc-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );

  const title =
    view === "not-found"
      ? "We could not find your car"
      : view === "offer"
        ? outcome?.offer.price === null
          ? noOnlineFigureTitle(terms.noun)
          : accepted
            ? "Offer accepted"
            : "Your offer"
        : `${WIZARD_STEP_TITLES[view].step}: ${WIZARD_STEP_TITLES[view].title}`;

  let body: ReactNode;
  if (view === "vehicle-details") {
    body = (
      <form ref={vehicleForm} onSubmit={submitVehicle} noValidate className={styles.form}>
        <Field id={fid("rego")} label="Registration" error={stepErrors.rego}>
          <input className="fc-input" name="rego" autoComplete="off" autoCapitalize="characters" maxLength={20} value={rego} onChange={(e) => setRego(e.target.value)} {...described(fid("rego"), stepErrors.rego)} />
        </Field>
        <Field id={fid("state")} label="State" error={stepErrors.state}>
          <select className="fc-input" name="state" value={state} onChange={(e) => setState(e.target.value)} {...described(fid("state"), stepErrors.state)}>
            {optionList(TRADE_IN_STATES)}
          </select>
        </Field>
        {submit("Find My Car")}
      </form>
    );
  } else if (view === "vehicle-selection") {
    body = (
      <form onSubmit={submitSelection} noValidate className={styles.form}>
        <Choices id={fid("chosen")} legend="Choose your car" name="desc" options={descriptions} value={chosen} onChange={setChosen} error={stepErrors.chosen} stacked />
        {submit("Continue")}
      </form>
    );
  } else if (view === "upload-images") {
    body = (
      <form onSubmit={submitImages} noValidate className={styles.form}>
        <Field id={fid("images")} label={`Photos of your ${terms.noun}`} error={imageError ?? undefined} required={false}>
          <input className="fc-input" type="file" name="file" multiple accept={TRADE_IN_IMAGE_ACCEPT} onChange={addPictures} {...described(fid("images"), imageError ?? undefined, false)} />
        </Field>
        {pictures.length ? (
          <ul className={styles.pictures}>
            {pictures.map((pic, i) => (
              <li key={`${pic.file.name}-${i}`} className={styles.picture}>
                {pic.url ? <img src={pic.url} alt={pic.file.name} className={styles.preview} /> : <span className={styles.fileName}>{pic.file.name}</span>}
                {pic.uploaded ? (
                  <span>Uploaded</span>
                ) : (
                  <button type="button" className="fc-link-button" onClick={() => removePicture(i)}>
                    Remove<span className="fc-visually-hidden"> {pic.file.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {submit("Continue")}
      </form>
    );
  } else if (view === "your-details") {
    body = (
      <form onSubmit={submitDetails} noValidate className={styles.form}>
        {evaluation ? (
          <div className={`fc-panel ${styles.summary}`} data-testid="found-car">
            <p className={styles.car}>{carName(evaluation)}</p>
            {evaluation.Registration ? <p>Registration: {evaluation.Registration}</p> : null}
          </div>
        ) : null}
        <div className={styles.grid}>
          {input("first_name", "First Name", "text", true, { autoComplete: "given-name" })}
          {input("last_name", "Last Name", "text", false, { autoComplete: "family-name" })}
          {input("email", "Email Address", "email", true, { autoComplete: "email" })}
          {input("phone", "Phone Number", "tel", true, { autoComplete: "tel" })}
          {input("postcode", "Postcode", "text", true, { inputMode: "numeric", autoComplete: "postal-code" })}
          {terms.hasOdometer ? input("odometer", "Odometer (km)", "text", true, { inputMode: "numeric" }) : null}
          {select("service_history", "Service History", SERVICE_HISTORY_OPTIONS)}
          {terms.hasKeys ? select("number_of_keys", "Number of Keys", NUMBER_OF_KEYS_OPTIONS) : null}
          {select("car_condition", "Condition", CAR_CONDITION_OPTIONS)}
        </div>
        <Field id={fid("comments")} label="Comments" error={detailErrors.comments}>
          <textarea className="fc-input" name="comments" rows={4} value={details.comments ?? ""} onChange={set("comments")} {...described(fid("comments"), detailErrors.comments)} />
        </Field>
        <Choices id={fid("preferred_contact_method")} legend="Preferred Contact Method" name="preferred_contact_method" options={PREFERRED_CONTACT_METHODS} value={details.preferred_contact_method ?? ""} onChange={(v) => setDetails((d) => ({ ...d, preferred_contact_method: v }))} error={detailErrors.preferred_contact_method} />
        <Choices id={fid("finance")} legend={`Do you have finance on this ${terms.noun}?`} name="finance" options={YES_NO} value={details.finance ?? ""} onChange={(v) => setDetails((d) => ({ ...d, finance: v }))} error={detailErrors.finance} />
        {submit("Get My Offer")}
      </form>
    );
  } else if (view === "not-found") {
    body = (
      <div className={styles.form}>
        <p>{NOT_FOUND_MESSAGE}</p>
        <div className={styles.actions}>
          {p.phone ? (
            <a className="fc-button" href={p.phone.href}>
              Call {p.phone.display}
            </a>
          ) : null}
          <a className="fc-button fc-button--ghost" href={p.contactHref}>
            Contact
          </a>
          <button type="button" className="fc-button fc-button--ghost" onClick={back}>
            Back
          </button>
        </div>
      </div>
    );
  } else if (outcome) {
    const money = numberFormat(p.locale, { style: "currency", currency: p.currency, maximumFractionDigits: 0 });
    const offer = outcome.offer;
    const until = offer.price !== null ? (offer.validUntil ?? offerValidUntil(outcome.madeAt)) : null;
    body = (
      <div className={styles.form}>
        {evaluation ? <p className={styles.car}>{carName(evaluation)}</p> : null}
        {offer.price !== null ? (
          <>
            <p className={styles.price} data-testid="offer">
              {money.format(offer.price)}
            </p>
            <p>Valid for {OFFER_VALID_DAYS} days, until {dateTimeFormat(p.locale, { day: "numeric", month: "long", year: "numeric" }).format(until!)}.</p>
            {accepted ? (
              <p role="status">Thank you. Our buying team will contact you to arrange the sale.</p>
            ) : (
              <button type="button" className={`fc-button ${styles.button}`} onClick={accept} disabled={busy}>
                Accept Offer
              </button>
            )}
          </>
        ) : (
          <>
            <p>{offer.reason ?? noOnlineEstimateReason(p.maxAgeYears, terms)}</p>
            <p role="status">Thank you. We have your details.</p>
          </>
        )}
      </div>
    );
  }

  return (
    <div className={styles.wizard}>
      <h3 ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {title}
      </h3>
      {body}
      {searching ? (
        <p role="status" className={styles.searching}>
          <span className="fc-spinner" aria-hidden="true" /> {searchMessage(tick)}
        </p>
      ) : null}
      {callError ? (
        <p role="alert" className={styles.callError} tabIndex={-1} ref={focusWhenShown}>
          {callError}
        </p>
      ) : null}
    </div>
  );
}
