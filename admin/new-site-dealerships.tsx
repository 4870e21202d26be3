import type { ReactNode } from "react";
import { NEW_DEALERSHIP } from "../domain/new-site";
import styles from "./admin.module.css";

export interface WizardDealership {
  id: number;
  name: string;
  /** Vehicles in stock, as the dealership directory's "In stock" counts them; `vehicles` with sold and coming ones too. */
  stock: number;
  vehicles: number;
}

/** A dealership's stock in the directory's words: "27 in stock (30 with sold and coming)". */
export const stockWords = (d: WizardDealership) =>
  `${d.stock.toLocaleString("en-AU")} in stock${d.vehicles !== d.stock ? ` (${d.vehicles.toLocaleString("en-AU")} with sold and coming)` : ""}`;

/** The wizard's "Dealerships whose stock the site shows": the unassigned ones with their stock, and a new one. */
export function DealershipChoice(props: { dealerships: WizardDealership[]; picked: string[]; onToggle: (value: string) => void; describedBy?: string; error: ReactNode }) {
  const { picked, onToggle } = props;
  return (
    <fieldset id="dealerships" aria-describedby={props.describedBy}>
      <legend>Dealerships whose stock the site shows</legend>
      <p className={styles.hint} id="dealerships-hint">
        Dealerships not yet on any site. Publishing the site gives them to it.
      </p>
      <ul className={styles.checkList}>
        {props.dealerships.map((d) => (
          <li key={d.id}>
            <input type="checkbox" id={`dealership-${d.id}`} checked={picked.includes(String(d.id))} onChange={() => onToggle(String(d.id))} />
            <label htmlFor={`dealership-${d.id}`}>
              {d.name || `Dealership ${d.id}`}: {stockWords(d)}
            </label>
          </li>
        ))}
        <li>
          <input type="checkbox" id="dealership-new" checked={picked.includes(NEW_DEALERSHIP)} onChange={() => onToggle(NEW_DEALERSHIP)} />
          <label htmlFor="dealership-new">A new dealership (its stock shows once its feed starts)</label>
        </li>
      </ul>
      {props.error}
    </fieldset>
  );
}
