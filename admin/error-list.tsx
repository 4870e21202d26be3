import type { TenantError } from "../domain/tenant-validation";
import { fieldPlace, problemWords } from "../domain/field-place";
import { revealField } from "./editor/reveal";
import styles from "./error-list.module.css";

/**
 * Problems by field, each one sentence naming page, block and field by their labels ("About Us ›
 * Rich text › Text is required.", "Theme › Colours › Primary (buttons, links) must look like #1A2B3C.").
 * With `onGo`, each place is a button that opens its field (and the list items on its way, reveal.ts); `doc` names pages and blocks by their titles
 * (an error the server already placed, such as a checklist refusal's, brings its own `where`).
 */
export function ErrorList({ errors, onGo, doc }: { errors: (Pick<TenantError, "pointer" | "message"> & { where?: string })[]; onGo?: (pointer: string) => void; doc?: unknown }) {
  return (
    <ul className={styles.errorList}>
      {errors.map((e, i) => {
        const { place, rest } = problemWords(e.where ?? fieldPlace(e.pointer, doc), e.message);
        return (
          <li key={i}>
            {onGo ? (
              <button
                type="button"
                onClick={() => {
                  revealField(e.pointer);
                  onGo(e.pointer);
                }}
              >
                {place}
              </button>
            ) : (
              <strong>{place}</strong>
            )}
            {rest}
          </li>
        );
      })}
    </ul>
  );
}
