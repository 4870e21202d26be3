import type { ChangeEvent, FormEvent } from "react";
import { TRADE_IN_IMAGE_ACCEPT } from "../../domain/trade-in-images";
import { described, Field, Submit } from "./wizard-fields";
import type { Picture } from "./wizard-state";
import styles from "./trade-in-wizard.module.css";

/** Step Three: the car's pictures, previewed (a HEIC by its name), each removable until uploaded. */
export function ImagesStep(p: {
  id: string;
  noun: string;
  pictures: Picture[];
  error: string | null;
  busy: boolean;
  onAdd: (e: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (index: number) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const error = p.error ?? undefined;
  return (
    <form onSubmit={p.onSubmit} noValidate className={styles.form}>
      <Field id={p.id} label={`Photos of your ${p.noun}`} error={error} required={false}>
        <input className="fc-input" type="file" name="file" multiple accept={TRADE_IN_IMAGE_ACCEPT} onChange={p.onAdd} {...described(p.id, error, false)} />
      </Field>
      {p.pictures.length ? (
        <ul className={styles.pictures}>
          {p.pictures.map((pic, i) => (
            <li key={`${pic.file.name}-${i}`} className={styles.picture}>
              {pic.url ? <img src={pic.url} alt={pic.file.name} className={styles.preview} /> : <span className={styles.fileName}>{pic.file.name}</span>}
              {pic.uploaded ? (
                <span>Uploaded</span>
              ) : (
                <button type="button" className="fc-link-button" onClick={() => p.onRemove(i)}>
                  Remove<span className="fc-visually-hidden"> {pic.file.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Submit label="Continue" busy={p.busy} />
    </form>
  );
}
