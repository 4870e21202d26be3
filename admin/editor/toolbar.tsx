import styles from "../admin.module.css";
import type { Status } from "./use-draft";
import type { LiveVersion } from "./use-publish";

/** The line under the site's name: the live version (or none yet) and whether the saved draft differs from it. */
export function LiveLine({ live, unpublished, liveUrl }: { live: LiveVersion | null; unpublished: boolean; liveUrl: string }) {
  return (
    <p className={styles.hint} style={{ marginTop: 0 }} data-live={live ? live.number : "none"}>
      {live ? (
        <>
          Live: version {live.number}, published {live.when} by {live.by}. {unpublished ? "The draft has unpublished changes." : "The draft matches the live site."}{" "}
          <a href={liveUrl}>View the live site</a>
        </>
      ) : (
        "Not published yet."
      )}
    </p>
  );
}

/** The bar above the editor: the save status (announced), Undo and Redo, the autosave switch, Save draft and Publish. */
export function Toolbar(props: {
  status: Status;
  revision: number;
  autosave: boolean;
  onAutosave: (on: boolean) => void;
  canSave: boolean;
  onSave: () => void;
  publishing: boolean;
  /** Staff ticked "Publish anyway": the button says so. */
  anyway?: boolean;
  onPublish: () => void;
  undo: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void; announcement: string };
}) {
  const { undo } = props;
  const { status } = props;
  return (
    <div className={`${styles.toolbar} ${styles.editorBar}`}>
      <p className={styles.statusLine} role="status" aria-live="polite" data-status={status.kind}>
        {status.text} Revision {props.revision}.
      </p>
      <button type="button" className={styles.buttonSecondary} onClick={undo.undo} disabled={!undo.canUndo} aria-keyshortcuts="Control+Z Meta+Z" title="Undo (Ctrl+Z)">
        Undo
      </button>
      <button type="button" className={styles.buttonSecondary} onClick={undo.redo} disabled={!undo.canRedo} aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z" title="Redo (Ctrl+Shift+Z)">
        Redo
      </button>
      <p className="fc-visually-hidden" aria-live="polite">
        {undo.announcement}
      </p>
      <label className={styles.statusLine} style={{ display: "inline-flex", gap: "0.35rem", alignItems: "center" }}>
        <input type="checkbox" checked={props.autosave} onChange={(e) => props.onAutosave(e.target.checked)} /> Autosave
      </label>
      <button type="button" className={styles.buttonSecondary} onClick={props.onSave} disabled={!props.canSave} aria-keyshortcuts="Control+S">
        Save draft
      </button>
      <button type="button" className={styles.button} onClick={props.onPublish} disabled={props.publishing}>
        {props.anyway ? "Publish anyway" : "Publish"}
      </button>
    </div>
  );
}
