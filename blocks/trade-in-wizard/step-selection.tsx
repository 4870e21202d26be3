import type { FormEvent } from "react";
import { Choices, Submit } from "./wizard-fields";
import styles from "./trade-in-wizard.module.css";

/** Step Two: one of the cars the registration matches. */
export function SelectionStep(p: { id: string; descriptions: string[]; chosen: string; error?: string; busy: boolean; onChoose: (value: string) => void; onSubmit: (e: FormEvent) => void }) {
  return (
    <form onSubmit={p.onSubmit} noValidate className={styles.form}>
      <Choices id={p.id} legend="Choose your car" name="desc" options={p.descriptions} value={p.chosen} onChange={p.onChoose} error={p.error} stacked />
      <Submit label="Continue" busy={p.busy} />
    </form>
  );
}
