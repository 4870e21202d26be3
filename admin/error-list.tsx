import type { TenantError } from "../domain/tenant-validation";
import { fieldPlace } from "../domain/field-wording";
import styles from "./error-list.module.css";

/**
 * Problems by field: where the field is in words ("Theme › Colours › Primary") and what is wrong.
 * With `onGo`, each place is a button that opens its field; `doc` names pages and blocks by their titles.
 */
export function ErrorList({ errors, onGo, doc }: { errors: Pick<TenantError, "pointer" | "message">[]; onGo?: (pointer: string) => void; doc?: unknown }) {
  return (
    <ul className={styles.errorList}>
      {errors.map((e, i) => {
        const place = fieldPlace(e.pointer, doc);
        return (
          <li key={i}>
            {onGo ? (
              <button type="button" onClick={() => onGo(e.pointer)}>
                {place}
              </button>
            ) : (
              <strong>{place}</strong>
            )}
            : {e.message}
          </li>
        );
      })}
    </ul>
  );
}
