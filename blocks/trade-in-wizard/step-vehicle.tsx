import type { FormEvent, RefObject } from "react";
import { TRADE_IN_STATES } from "../../domain/trade-in";
import { described, Field, optionList, Submit } from "./wizard-fields";
import styles from "./trade-in-wizard.module.css";

/** Step One: registration and state. */
export function VehicleStep(p: {
  fid: (name: string) => string;
  formRef: RefObject<HTMLFormElement | null>;
  rego: string;
  state: string;
  errors: Record<string, string | undefined>;
  busy: boolean;
  /** The site's word for what it sells, capitalised: "Car", "Caravan", "Vehicle". */
  noun: string;
  onRego: (value: string) => void;
  onState: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const { fid, errors } = p;
  return (
    <form ref={p.formRef} onSubmit={p.onSubmit} noValidate className={styles.form}>
      <Field id={fid("rego")} label="Registration" error={errors.rego}>
        <input className="fc-input" name="rego" autoComplete="off" autoCapitalize="characters" maxLength={20} value={p.rego} onChange={(e) => p.onRego(e.target.value)} {...described(fid("rego"), errors.rego)} />
      </Field>
      <Field id={fid("state")} label="State" error={errors.state}>
        <select className="fc-input" name="state" value={p.state} onChange={(e) => p.onState(e.target.value)} {...described(fid("state"), errors.state)}>
          {optionList(TRADE_IN_STATES)}
        </select>
      </Field>
      <Submit label={`Find My ${p.noun}`} busy={p.busy} />
    </form>
  );
}
