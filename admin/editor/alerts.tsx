import type { RefObject } from "react";
import type { TenantError } from "../../domain/tenant-validation";
import { DiffTable } from "../diff-table";
import { ErrorList } from "../error-list";
import styles from "../admin.module.css";
import type { Conflict, Doc } from "./use-draft";

/** Why publishing was refused (focused when it shows). */
export function PublishRefused({ errors, onGo, ref, doc }: { errors: TenantError[]; onGo: (pointer: string) => void; ref: RefObject<HTMLDivElement | null>; doc?: Doc }) {
  return (
    <div className={styles.alert} role="alert" tabIndex={-1} ref={ref}>
      <p style={{ margin: 0 }}>
        <strong>Not published.</strong> Fix {errors.length === 1 ? "this problem" : `these ${errors.length} problems`} first:
      </p>
      <ErrorList errors={errors} onGo={onGo} doc={doc} />
    </div>
  );
}

/** Someone else saved the draft first: the difference, and the choice of whose edits to keep (focused when it shows). */
export function ConflictPanel(props: { conflict: Conflict; mine: Doc; onKeepMine: () => void; onTakeTheirs: () => void; ref: RefObject<HTMLDivElement | null> }) {
  const { conflict, mine } = props;
  return (
    <div className={styles.alert} role="alert" tabIndex={-1} ref={props.ref}>
      <p style={{ marginTop: 0 }}>
        <strong>Someone else changed this draft.</strong> {conflict.message}
      </p>
      <p>Nothing of yours is lost: your edits are still in the form. Where the two versions differ:</p>
      <DiffTable before={conflict.theirs} after={mine} beforeLabel={`Saved by ${conflict.updatedBy}`} afterLabel="Yours (not saved)" />
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={props.onKeepMine}>
          Keep mine (replace theirs)
        </button>
        <button type="button" className={styles.buttonSecondary} onClick={props.onTakeTheirs}>
          Take theirs (discard mine)
        </button>
        <button type="button" className={styles.buttonSecondary} onClick={() => void navigator.clipboard?.writeText(JSON.stringify(mine, null, 2))}>
          Copy mine as JSON
        </button>
      </div>
    </div>
  );
}
