import type { TenantError } from "../domain/tenant-validation";
import styles from "./admin.module.css";

/** Problems by path (`pointer: message`). With `onGo`, each path is a button that opens its field. */
export function ErrorList({ errors, onGo }: { errors: Pick<TenantError, "pointer" | "message">[]; onGo?: (pointer: string) => void }) {
  return (
    <ul className={styles.errorList}>
      {errors.map((e, i) => (
        <li key={i}>
          {onGo ? (
            <button type="button" onClick={() => onGo(e.pointer)}>
              <code>{e.pointer || "/"}</code>
            </button>
          ) : (
            <code>{e.pointer}</code>
          )}
          : {e.message}
        </li>
      ))}
    </ul>
  );
}
