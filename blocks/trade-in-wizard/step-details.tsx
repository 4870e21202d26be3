import type { FormEvent } from "react";
import { type FieldErrors } from "../../domain/trade-in";
import { CAR_CONDITION_OPTIONS, NUMBER_OF_KEYS_OPTIONS, PREFERRED_CONTACT_METHODS, SERVICE_HISTORY_OPTIONS, YES_NO, type DetailsField } from "../../domain/trade-in-details";
import type { VehicleTerms } from "../../domain/vehicle-terms";
import type { Evaluation } from "./api";
import { carName } from "./car-name";
import { Choices, described, Field, optionList, Submit } from "./wizard-fields";
import styles from "./trade-in-wizard.module.css";

/** Step Four: the found car's summary, the person's details and the questions about the car (none it cannot answer: a caravan has no odometer or keys). */
export function DetailsStep(p: {
  fid: (name: string) => string;
  evaluation: Evaluation | null;
  terms: VehicleTerms;
  details: Record<string, string>;
  errors: FieldErrors<DetailsField>;
  busy: boolean;
  onChange: (name: string, value: string) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const { fid, details, errors, terms } = p;
  const input = (name: DetailsField, label: string, type = "text", required = true, extra: object = {}) => (
    <Field id={fid(name)} label={label} error={errors[name]} required={required}>
      <input className="fc-input" type={type} name={name} value={details[name] ?? ""} onChange={(e) => p.onChange(name, e.target.value)} {...described(fid(name), errors[name], required)} {...extra} />
    </Field>
  );
  const select = (name: DetailsField, label: string, options: readonly string[]) => (
    <Field id={fid(name)} label={label} error={errors[name]}>
      <select className="fc-input" name={name} value={details[name] ?? ""} onChange={(e) => p.onChange(name, e.target.value)} {...described(fid(name), errors[name])}>
        <option value="">Please select</option>
        {optionList(options)}
      </select>
    </Field>
  );
  return (
    <form onSubmit={p.onSubmit} noValidate className={styles.form}>
      {p.evaluation ? (
        <div className={`fc-panel ${styles.summary}`} data-testid="found-car">
          <p className={styles.car}>{carName(p.evaluation)}</p>
          {p.evaluation.Registration ? <p>Registration: {p.evaluation.Registration}</p> : null}
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
      <Field id={fid("comments")} label="Comments" error={errors.comments}>
        <textarea className="fc-input" name="comments" rows={4} value={details.comments ?? ""} onChange={(e) => p.onChange("comments", e.target.value)} {...described(fid("comments"), errors.comments)} />
      </Field>
      <Choices
        id={fid("preferred_contact_method")}
        legend="Preferred Contact Method"
        name="preferred_contact_method"
        options={PREFERRED_CONTACT_METHODS}
        value={details.preferred_contact_method ?? ""}
        onChange={(v) => p.onChange("preferred_contact_method", v)}
        error={errors.preferred_contact_method}
      />
      <Choices id={fid("finance")} legend={`Do you have finance on this ${terms.noun}?`} name="finance" options={YES_NO} value={details.finance ?? ""} onChange={(v) => p.onChange("finance", v)} error={errors.finance} />
      <Submit label="Get My Offer" busy={p.busy} />
    </form>
  );
}
