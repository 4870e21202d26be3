import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { validateTenant, type TenantError } from "../../domain/tenant-validation";
import { valueAt } from "../../domain/schema-errors";
import { jsonEqual } from "../../domain/json-diff";
import { formatWhen } from "../format";

export type Doc = Record<string, unknown>;
export type Status = { kind: "saved" | "dirty" | "saving" | "conflict" | "error"; text: string };
export type Conflict = { message: string; theirs: Doc; revision: number; updatedBy: string };
type ServerErrors = { doc: unknown; errors: TenantError[] };

const AUTOSAVE_MS = 2500;
export const time = (d: Date) => d.toLocaleTimeString("en-AU", { hour: "numeric", minute: "2-digit" });
const errorKey = (e: TenantError) => `${e.pointer}\u0000${e.message}`;
const sameAt = (a: unknown, b: unknown, pointer: string) => JSON.stringify(valueAt(a, pointer)) === JSON.stringify(valueAt(b, pointer));

/**
 * Of the errors the server answered for `doc`, those the form cannot work out itself as it is typed
 * in (which dealerships belong to the site). Each stays shown while its value is unchanged.
 */
function serverOnlyErrors(doc: unknown, errors: TenantError[] | undefined): ServerErrors {
  const v = validateTenant(doc);
  const local = new Set((v.ok ? [] : v.errors).map(errorKey));
  return { doc, errors: (errors ?? []).filter((e) => !local.has(errorKey(e))) };
}

export interface DraftState {
  doc: Doc;
  setDoc: Dispatch<SetStateAction<Doc>>;
  revision: number;
  /** The draft as last saved (JSON). */
  savedJson: string;
  dirty: boolean;
  /** The form's own errors (as typed) and the server's that still apply. */
  errors: TenantError[];
  status: Status;
  setStatus: (s: Status) => void;
  conflict: Conflict | null;
  conflictPanel: React.RefObject<HTMLDivElement | null>;
  autosave: boolean;
  setAutosave: (on: boolean) => void;
  save: (baseRevision?: number) => Promise<number | null>;
  /** Shows a failed answer's message (or the status code) in the status line; answers its body. */
  failed: (res: Response) => Promise<{ message?: string }>;
  /** Loads the other person's draft over one's own edits; false when there is no conflict. */
  takeTheirs: () => boolean;
}

/**
 * The draft being edited: inline checks as it is typed in, save with the version check (409 shows
 * the conflict, 422 the server's errors), autosave after a pause, Ctrl+S, and a warning on leaving
 * with unsaved changes. `onSaved` runs after each save (the preview reloads).
 */
export function useDraft(slug: string, initial: { document: Doc; revision: number; errors: TenantError[] }, onSaved: () => void): DraftState {
  const [doc, setDoc] = useState<Doc>(initial.document);
  const [revision, setRevision] = useState(initial.revision);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(initial.document));
  const [formErrors, setFormErrors] = useState<TenantError[]>(initial.errors);
  const [serverErrors, setServerErrors] = useState<ServerErrors>(() => serverOnlyErrors(initial.document, initial.errors));
  const errors = useMemo(() => {
    const shown = new Set(formErrors.map(errorKey));
    return [...formErrors, ...serverErrors.errors.filter((e) => !shown.has(errorKey(e)) && sameAt(doc, serverErrors.doc, e.pointer))];
  }, [formErrors, serverErrors, doc]);
  // The document the server last refused to save: not sent again by autosave until it changes.
  const refusedJson = useRef<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "saved", text: "All changes saved." });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [autosave, setAutosave] = useState(true);
  const conflictPanel = useRef<HTMLDivElement>(null);
  // Saves run one after another, each sending the draft and revision current when it starts: an
  // autosave due while a slow save is in flight waits for it (rather than sending the old revision).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef({ doc, revision, conflict: false });
  useEffect(() => {
    latest.current.doc = doc;
  }, [doc]);

  // Changed in content, not merely in key order (a form writes an object's keys in the schema's order).
  const dirty = useMemo(() => JSON.stringify(doc) !== savedJson && !jsonEqual(doc, JSON.parse(savedJson)), [doc, savedJson]);

  // Inline errors follow the form as it is typed in: the same rules the server applies.
  useEffect(() => {
    const t = setTimeout(() => {
      const v = validateTenant(doc);
      setFormErrors(v.ok ? [] : v.errors);
    }, 250);
    return () => clearTimeout(t);
  }, [doc]);

  const failed = useCallback(async (res: Response) => {
    const body = await res.json().catch(() => ({}));
    setStatus({ kind: "error", text: body.message ?? `The server answered ${res.status}. Your edits are still here; try again.` });
    return body;
  }, []);

  /** Saves the draft; `baseRevision` overrides the version check (keeping one's own edits over another's). Answers the new revision. */
  const send = useCallback(
    async (baseRevision?: number): Promise<number | null> => {
      // A save queued behind one that met a conflict is not sent over the other person's draft.
      if (baseRevision === undefined && latest.current.conflict) return null;
      const sent = latest.current.doc;
      setStatus({ kind: "saving", text: "Saving…" });
      try {
        const res = await fetch(`/api/admin/tenants/${slug}/draft`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ document: sent, revision: baseRevision ?? latest.current.revision }),
        });
        if (res.ok) {
          const body = await res.json();
          latest.current.revision = body.revision;
          latest.current.conflict = false;
          setRevision(body.revision);
          setSavedJson(JSON.stringify(sent));
          setServerErrors(serverOnlyErrors(sent, body.errors));
          refusedJson.current = null;
          setConflict(null);
          setStatus({ kind: "saved", text: `Draft saved at ${time(new Date())}.` });
          onSaved();
          return body.revision;
        }
        if (res.status === 409) {
          const current = await fetch(`/api/admin/tenants/${slug}/draft`).then((r) => r.json());
          const when = formatWhen(current.updatedAt, Intl.DateTimeFormat().resolvedOptions().timeZone);
          const message = `The draft was changed by ${current.updatedBy} on ${when}, after you opened it.`;
          latest.current.conflict = true;
          setConflict({ message, theirs: current.document, revision: current.revision, updatedBy: current.updatedBy });
          setStatus({ kind: "conflict", text: "Not saved: someone else changed this draft. Your edits are kept below." });
          requestAnimationFrame(() => conflictPanel.current?.focus());
          return null;
        }
        if (res.status === 422) {
          // Refused (nothing saved), e.g. a dealership of another site: the errors show at their fields.
          const body = await res.json().catch(() => ({}));
          setServerErrors(serverOnlyErrors(sent, body.errors));
          refusedJson.current = JSON.stringify(sent);
          setStatus({ kind: "error", text: `${body.message ?? "The draft was not saved."} Your edits are still here.` });
          return null;
        }
        await failed(res);
        return null;
      } catch {
        setStatus({ kind: "error", text: "Could not reach the server. Your edits are still here; try again." });
        return null;
      }
    },
    [slug, onSaved, failed],
  );
  const save = useCallback(
    (baseRevision?: number): Promise<number | null> => {
      const next = queue.current.then(() => send(baseRevision));
      queue.current = next;
      return next;
    },
    [send],
  );

  // Autosave once typing pauses; never over someone else's changes.
  useEffect(() => {
    // A refused save's message is about that document: once it is changed (or undone), it no longer applies.
    const refusalGone = status.kind === "error" && refusedJson.current !== null && refusedJson.current !== JSON.stringify(doc);
    if (refusalGone) refusedJson.current = null;
    // Back to what the server holds (e.g. undone): nothing is waiting to be saved.
    if (!dirty) {
      if (status.kind === "dirty" || refusalGone) setStatus({ kind: "saved", text: "All changes saved." });
      return;
    }
    if (status.kind === "saved" || refusalGone) setStatus({ kind: "dirty", text: autosave ? "Unsaved changes (saving shortly)." : "Unsaved changes." });
    if (!autosave || conflict || refusedJson.current === JSON.stringify(doc)) return;
    const t = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [doc, dirty, autosave, conflict, save, status.kind]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "s") {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  const takeTheirs = () => {
    if (!conflict) return false;
    setDoc(conflict.theirs);
    latest.current = { doc: conflict.theirs, revision: conflict.revision, conflict: false };
    setRevision(conflict.revision);
    setSavedJson(JSON.stringify(conflict.theirs));
    setConflict(null);
    setStatus({ kind: "saved", text: `Loaded the draft as ${conflict.updatedBy} saved it.` });
    onSaved();
    return true;
  };

  return { doc, setDoc, revision, savedJson, dirty, errors, status, setStatus, conflict, conflictPanel, autosave, setAutosave, save, failed, takeTheirs };
}
