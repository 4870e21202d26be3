import type { FormOption } from "../../domain/lead-forms";
import { FIND_VEHICLE, type ServiceField, type ServiceFieldName, type ServiceStep, type ServiceValues } from "../../domain/service-booking";
import type { Errors } from "./booking-state";
import { Field } from "./service-field";
import styles from "../_shared/lead-form/lead-form.module.css";
import own from "./service-booking.module.css";

/**
 * One step of the booking: its fields, on the vehicle step the registration lookup, and under the
 * location the disclaimers that apply. Every step is rendered; all but the current one hidden.
 */
export function BookingStep(p: {
  step: ServiceStep;
  current: boolean;
  headingId: string;
  fieldId: (name: string) => string;
  byName: Map<ServiceFieldName, ServiceField>;
  values: ServiceValues;
  errors: Errors;
  optionsOf: (f: ServiceField) => FormOption[];
  today: string;
  onChange: (name: ServiceFieldName, value: string | boolean) => void;
  lookup: { busy: boolean; message: string | null } | null;
  onFindVehicle: () => void;
  disclaimers: string[];
}) {
  const s = p.step;
  return (
    <fieldset className={styles.step} hidden={!p.current} aria-labelledby={p.current ? p.headingId : undefined} data-step-key={s.key}>
      <div className={styles.grid}>
        {s.fields.map((name) => {
          const f = p.byName.get(name)!;
          return (
            <Field
              key={name}
              id={p.fieldId(name)}
              field={f}
              value={p.values[name]}
              error={p.errors[name]}
              options={p.optionsOf(f)}
              min={f.control === "date" ? p.today : undefined}
              onChange={(v) => p.onChange(name, v)}
            />
          );
        })}
        {s.key === "vehicle" && p.lookup ? (
          <div className={`${styles.full} ${own.lookup}`}>
            <button type="button" className="fc-button fc-button--ghost" onClick={p.onFindVehicle} disabled={p.lookup.busy} aria-busy={p.lookup.busy || undefined}>
              {FIND_VEHICLE}
            </button>
            <p className={styles.small} role="status" data-testid="lookup-status">
              {p.lookup.message ?? ""}
            </p>
          </div>
        ) : null}
      </div>
      {s.fields.includes("location_id") && p.disclaimers.length ? (
        <div className={own.disclaimers} data-testid="service-disclaimer">
          {p.disclaimers.map((t, k) => (
            <p key={k} className={styles.small}>
              {t}
            </p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
