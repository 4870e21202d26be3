"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import { getDefaultFormState, type RJSFSchema } from "@rjsf/utils";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import { validateTenant, type TenantError } from "../../domain/tenant-validation";
import { valueAt } from "../../domain/schema-errors";
import { DiffTable } from "../diff-table";
import { formatWhen } from "../format";
import { jsonEqual } from "../../domain/json-diff";
import { BlockListField } from "./block-list.client";
import { buttonTemplates, ColourWidget } from "./widgets.client";
import { ImageField } from "./image-field.client";
import { OpeningHoursField } from "./opening-hours.client";
import {
  errorSchemaFor, locate, pageErrors, pageFormSchema, pageUiSchema, pruneUntouchedDefaults, SECTIONS, sectionOf, sectionSchema, sectionUiSchema,
} from "./sections";
import styles from "../admin.module.css";

type Doc = Record<string, unknown>;
const root = tenantSchema as unknown as Parameters<typeof sectionSchema>[0];
const fields = { blockList: BlockListField, image: ImageField, openingHours: OpeningHoursField };
const widgets = { colour: ColourWidget };
const templates = { ButtonTemplates: buttonTemplates };
const PAGE_FORM = { id: "page", title: "Page", keys: ["page"] };
const AUTOSAVE_MS = 2500;
const DEVICES = { phone: { width: 390, height: 780, label: "Phone" }, desktop: { width: 1280, height: 800, label: "Desktop" } } as const;

export interface EditorProps {
  slug: string;
  name: string;
  role: "staff" | "dealer";
  document: Doc;
  revision: number;
  errors: TenantError[];
  preview: { origin: string; token: string };
  /** A car of the site's stock, for previewing the vehicle page. */
  sampleCar?: string | null;
}

const pick = (doc: Doc, keys: string[]) => Object.fromEntries(keys.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));
const time = (d: Date) => d.toLocaleTimeString("en-AU", { hour: "numeric", minute: "2-digit" });

type Status = { kind: "saved" | "dirty" | "saving" | "conflict" | "error"; text: string };

const errorKey = (e: TenantError) => `${e.pointer}\u0000${e.message}`;
type ServerErrors = { doc: unknown; errors: TenantError[] };
/**
 * Of the errors the server answered for `doc`, those the form cannot work out itself as it is typed
 * in (which dealerships belong to the site). Each stays shown while its value is unchanged.
 */
function serverOnlyErrors(doc: unknown, errors: TenantError[] | undefined): ServerErrors {
  const v = validateTenant(doc);
  const local = new Set((v.ok ? [] : v.errors).map(errorKey));
  return { doc, errors: (errors ?? []).filter((e) => !local.has(errorKey(e))) };
}
const sameAt = (a: unknown, b: unknown, pointer: string) => JSON.stringify(valueAt(a, pointer)) === JSON.stringify(valueAt(b, pointer));
type Conflict = { message: string; theirs: Doc; revision: number; updatedBy: string };

/**
 * The draft editor: one RJSF form per section (side navigation), inline errors at their path,
 * save with the version check (autosave after a pause), publish, and the preview beside it.
 */
export function Editor(props: EditorProps) {
  const { slug, role } = props;
  const [doc, setDoc] = useState<Doc>(props.document);
  const [revision, setRevision] = useState(props.revision);
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(props.document));
  const [formErrors, setFormErrors] = useState<TenantError[]>(props.errors);
  const [serverErrors, setServerErrors] = useState<ServerErrors>(() => serverOnlyErrors(props.document, props.errors));
  const errors = useMemo(() => {
    const shown = new Set(formErrors.map(errorKey));
    return [...formErrors, ...serverErrors.errors.filter((e) => !shown.has(errorKey(e)) && sameAt(doc, serverErrors.doc, e.pointer))];
  }, [formErrors, serverErrors, doc]);
  // The document the server last refused to save: not sent again by autosave until it changes.
  const refusedJson = useRef<string | null>(null);
  const [sectionId, setSectionId] = useState(SECTIONS[0].id);
  const [mountKey, setMountKey] = useState(0);
  // In the Pages section one page (or the layout) is edited at a time.
  const [pageIndex, setPageIndex] = useState<number | "layout">(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "saved", text: "All changes saved." });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [publishErrors, setPublishErrors] = useState<TenantError[] | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  const [autosave, setAutosave] = useState(true);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(props.preview);
  const [previewPath, setPreviewPath] = useState("/");
  const [previewStamp, setPreviewStamp] = useState(0);
  const [device, setDevice] = useState<keyof typeof DEVICES>("desktop");
  const [paneWidth, setPaneWidth] = useState(560);
  const [windowHeight, setWindowHeight] = useState(900);
  const pane = useRef<HTMLDivElement>(null);
  const publishPanel = useRef<HTMLDivElement>(null);
  const conflictPanel = useRef<HTMLDivElement>(null);
  const saving = useRef(false);
  // Set once hydrated: until then the buttons do nothing (browser tests wait for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // Changed in content, not merely in key order (a form writes an object's keys in the schema's order).
  const dirty = useMemo(() => JSON.stringify(doc) !== savedJson && !jsonEqual(doc, JSON.parse(savedJson)), [doc, savedJson]);
  const formContext = useMemo(() => ({ slug }), [slug]);
  const section = SECTIONS.find((s) => s.id === sectionId)!;

  // Inline errors follow the form as it is typed in: the same rules the server applies.
  useEffect(() => {
    const t = setTimeout(() => {
      const v = validateTenant(doc);
      setFormErrors(v.ok ? [] : v.errors);
    }, 250);
    return () => clearTimeout(t);
  }, [doc]);

  const pages = (Array.isArray(doc.pages) ? doc.pages : []) as Doc[];
  const onPage = section.id === "pages" && pageIndex !== "layout" && pageIndex < pages.length;
  const formKeys = section.id === "pages" ? (onPage ? ["page"] : ["layout"]) : section.keys;

  // The form starts from the draft as it was when the section (or page) was opened.
  const base = useMemo(
    () => (onPage ? { page: pages[pageIndex as number] } : pick(doc, formKeys)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sectionId, pageIndex, mountKey],
  );
  const schema = useMemo(
    () => (onPage ? pageFormSchema(root) : sectionSchema(root, section.id === "pages" ? { ...section, keys: ["layout"] } : section)),
    [section, onPage],
  );
  const uiSchema = useMemo(
    () => (onPage ? pageUiSchema(root) : sectionUiSchema(root, section.id === "pages" ? { ...section, keys: ["layout"] } : section, role)),
    [section, onPage, role],
  );
  const filled = useMemo(() => getDefaultFormState(validator, schema, base, schema as RJSFSchema), [schema, base]);
  const extraErrors = useMemo(
    () => (onPage ? errorSchemaFor(pageErrors(errors, pageIndex as number), PAGE_FORM) : errorSchemaFor(errors, { ...section, keys: formKeys })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [errors, section, onPage, pageIndex, formKeys.join()],
  );

  // The form is controlled with exactly what it last reported (defaults filled in), so a re-render
  // for other reasons (new inline errors, a save) never resets it to the data it was opened with.
  const formKey = `${sectionId}-${pageIndex}-${mountKey}`;
  const [formState, setFormState] = useState<{ key: string; value: unknown } | null>(null);
  const formData = formState?.key === formKey ? formState.value : base;

  const onFormChange = useCallback(
    (formData: unknown) => {
      setFormState({ key: formKey, value: formData });
      const pruned = (pruneUntouchedDefaults(formData, base, filled) ?? {}) as Doc;
      setDoc((prev) => {
        const next = { ...prev };
        if (onPage) {
          const list = [...((prev.pages as Doc[]) ?? [])];
          list[pageIndex as number] = (pruned.page ?? {}) as Doc;
          next.pages = list;
          return next;
        }
        for (const k of formKeys) {
          if (pruned[k] === undefined) delete next[k];
          else next[k] = pruned[k];
        }
        return next;
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [base, filled, onPage, pageIndex, formKeys.join(), formKey],
  );

  const choosePage = (value: number | "layout") => {
    setPageIndex(value);
    setConfirmDelete(false);
    setMountKey((n) => n + 1);
  };
  const addPage = () => {
    const id = `page-${Math.random().toString(36).slice(2, 6)}`;
    setDoc((prev) => ({ ...prev, pages: [...((prev.pages as Doc[]) ?? []), { id, path: `/${id}`, title: "New page", blocks: [] }] }));
    choosePage(pages.length);
  };
  const deletePage = () => {
    if (!onPage) return;
    setDoc((prev) => ({ ...prev, pages: ((prev.pages as Doc[]) ?? []).filter((_, i) => i !== pageIndex) }));
    choosePage(Math.max(0, (pageIndex as number) - 1));
  };

  const refreshPreview = useCallback(async () => {
    const res = await fetch(`/api/admin/tenants/${slug}/preview`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    if (res.ok) {
      const { url } = await res.json();
      const m = /^(https?:\/\/[^/]+)\/preview\/([\w-]+)\//.exec(url);
      if (m) setPreview({ origin: m[1], token: m[2] });
    }
    setPreviewStamp((n) => n + 1);
  }, [slug]);

  const failed = useCallback(async (res: Response) => {
    const body = await res.json().catch(() => ({}));
    setStatus({ kind: "error", text: body.message ?? `The server answered ${res.status}. Your edits are still here; try again.` });
    return body;
  }, []);

  /** Saves the draft; `baseRevision` overrides the version check (keeping one's own edits over another's). Answers the new revision. */
  const save = useCallback(
    async (baseRevision = revision): Promise<number | null> => {
      if (saving.current) return null;
      saving.current = true;
      const sent = doc;
      setStatus({ kind: "saving", text: "Saving…" });
      try {
        const res = await fetch(`/api/admin/tenants/${slug}/draft`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ document: sent, revision: baseRevision }),
        });
        if (res.ok) {
          const body = await res.json();
          setRevision(body.revision);
          setSavedJson(JSON.stringify(sent));
          setServerErrors(serverOnlyErrors(sent, body.errors));
          refusedJson.current = null;
          setConflict(null);
          setStatus({ kind: "saved", text: `Draft saved at ${time(new Date())}.` });
          void refreshPreview();
          return body.revision;
        }
        if (res.status === 409) {
          const current = await fetch(`/api/admin/tenants/${slug}/draft`).then((r) => r.json());
          const when = formatWhen(current.updatedAt, Intl.DateTimeFormat().resolvedOptions().timeZone);
          const message = `The draft was changed by ${current.updatedBy} on ${when}, after you opened it.`;
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
      } finally {
        saving.current = false;
      }
    },
    [doc, revision, slug, refreshPreview, failed],
  );

  // Autosave once typing pauses; never over someone else's changes.
  useEffect(() => {
    if (!dirty) return;
    if (status.kind === "saved") setStatus({ kind: "dirty", text: autosave ? "Unsaved changes (saving shortly)." : "Unsaved changes." });
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

  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const onResize = () => setWindowHeight(window.innerHeight);
    onResize();
    window.addEventListener("resize", onResize);
    const ro = new ResizeObserver(([entry]) => setPaneWidth(entry.contentRect.width));
    ro.observe(el);
    return () => {
      ro.disconnect();
      window.removeEventListener("resize", onResize);
    };
  }, []);

  async function publishDraft() {
    setBusy(true);
    setPublished(null);
    setPublishErrors(null);
    try {
      let rev: number | null = revision;
      if (dirty) rev = await save();
      if (rev === null) return;
      const res = await fetch(`/api/admin/tenants/${slug}/publish`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ revision: rev }),
      });
      const body = await res.json();
      if (res.ok) {
        setPublished(`Published version ${body.version} at ${time(new Date(body.at))}. The site shows it now.`);
        setStatus({ kind: "saved", text: "All changes saved and published." });
      } else if (res.status === 422) {
        setPublishErrors(body.errors ?? []);
        requestAnimationFrame(() => publishPanel.current?.focus());
      } else if (res.status === 409) {
        await save(); // shows the conflict
      } else {
        await failed(new Response(JSON.stringify(body), { status: res.status }));
      }
    } finally {
      setBusy(false);
    }
  }

  const goTo = (pointer: string) => {
    const where = locate(pointer);
    setSectionId(where.section);
    if (where.page !== undefined) setPageIndex(where.page);
    setMountKey((n) => n + 1);
  };
  const takeTheirs = () => {
    if (!conflict) return;
    setDoc(conflict.theirs);
    setRevision(conflict.revision);
    setSavedJson(JSON.stringify(conflict.theirs));
    setConflict(null);
    setMountKey((n) => n + 1);
    setStatus({ kind: "saved", text: `Loaded the draft as ${conflict.updatedBy} saved it.` });
    void refreshPreview();
  };

  const errorCount = (id: string) => errors.filter((e) => sectionOf(e.pointer).id === id).length;
  const pagePaths = previewPages(pages, props.sampleCar ?? null, (doc.locations as { slug?: string }[] | undefined)?.[0]?.slug);
  const dev = DEVICES[device];
  const scale = Math.min(1, paneWidth / dev.width);
  // The preview fills the window's height beside the form (it stays in view as the form scrolls),
  // so a scaled-down desktop page shows more of itself rather than a short strip.
  const boxHeight = Math.max(dev.height * scale, Math.min(windowHeight - 220, dev.height * 2.5 * scale));
  const previewSrc = `${preview.origin}/preview/${preview.token}${previewPath}?v=${previewStamp}`;

  return (
    <div data-ready={ready}>
      <div className={`${styles.toolbar} ${styles.editorBar}`}>
        <p className={styles.statusLine} role="status" aria-live="polite" data-status={status.kind}>
          {status.text} Revision {revision}.
        </p>
        <label className={styles.statusLine} style={{ display: "inline-flex", gap: "0.35rem", alignItems: "center" }}>
          <input type="checkbox" checked={autosave} onChange={(e) => setAutosave(e.target.checked)} /> Autosave
        </label>
        <button type="button" className={styles.buttonSecondary} onClick={() => void save()} disabled={!dirty || status.kind === "saving"} aria-keyshortcuts="Control+S">
          Save draft
        </button>
        <button type="button" className={styles.button} onClick={() => void publishDraft()} disabled={busy}>
          Publish
        </button>
      </div>

      {published ? (
        <p className={styles.success} role="status">
          {published}
        </p>
      ) : null}

      {publishErrors ? (
        <div className={styles.alert} role="alert" tabIndex={-1} ref={publishPanel}>
          <p style={{ margin: 0 }}>
            <strong>Not published.</strong> Fix {publishErrors.length === 1 ? "this problem" : `these ${publishErrors.length} problems`} first:
          </p>
          <ErrorList errors={publishErrors} onGo={goTo} />
        </div>
      ) : null}

      {conflict ? (
        <div className={styles.alert} role="alert" tabIndex={-1} ref={conflictPanel}>
          <p style={{ marginTop: 0 }}>
            <strong>Someone else changed this draft.</strong> {conflict.message}
          </p>
          <p>Nothing of yours is lost: your edits are still in the form. Where the two versions differ:</p>
          <DiffTable before={conflict.theirs} after={doc} beforeLabel={`Saved by ${conflict.updatedBy}`} afterLabel="Yours (not saved)" />
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={() => void save(conflict.revision)}>
              Keep mine (replace theirs)
            </button>
            <button type="button" className={styles.buttonSecondary} onClick={takeTheirs}>
              Take theirs (discard mine)
            </button>
            <button type="button" className={styles.buttonSecondary} onClick={() => void navigator.clipboard?.writeText(JSON.stringify(doc, null, 2))}>
              Copy mine as JSON
            </button>
          </div>
        </div>
      ) : null}

      <div className={styles.editor}>
        <nav aria-label="Sections" className={styles.sections}>
          {SECTIONS.map((s) => {
            const n = errorCount(s.id);
            return (
              <button key={s.id} type="button" aria-current={s.id === sectionId ? "true" : undefined} onClick={() => setSectionId(s.id)}>
                <span>{s.title}</span>
                {n ? (
                  <span className={styles.errorCount}>
                    {n}
                    <span className="fc-visually-hidden"> {n === 1 ? "error" : "errors"}</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </nav>

        <section className={styles.formPane} aria-labelledby="section-title">
          <h2 id="section-title">{section.title}</h2>
          {errors.length ? (
            <details className={styles.notice}>
              <summary>
                {errors.length} {errors.length === 1 ? "problem" : "problems"} to fix before publishing
              </summary>
              <ErrorList errors={errors} onGo={goTo} />
            </details>
          ) : null}
          {section.id === "pages" ? (
            <div className={styles.pagePicker}>
              <label htmlFor="page-picker">Page to edit</label>
              <select id="page-picker" className={styles.input} value={String(pageIndex)} onChange={(e) => choosePage(e.target.value === "layout" ? "layout" : Number(e.target.value))}>
                {pages.map((p, i) => (
                  <option key={i} value={i}>
                    {String(p.title ?? p.id)} ({String(p.path ?? `${p.template} template`)})
                  </option>
                ))}
                <option value="layout">Layout: top and bottom of every page</option>
              </select>
              <button type="button" className={styles.buttonSecondary} onClick={addPage}>
                Add a page
              </button>
              {onPage && pages[pageIndex as number]?.path !== "/" ? (
                confirmDelete ? (
                  <>
                    <button type="button" className={styles.buttonDanger} onClick={deletePage}>
                      Yes, delete “{String(pages[pageIndex as number]?.title)}”
                    </button>
                    <button type="button" className={styles.buttonSecondary} onClick={() => setConfirmDelete(false)}>
                      Keep it
                    </button>
                  </>
                ) : (
                  <button type="button" className={styles.buttonDanger} onClick={() => setConfirmDelete(true)}>
                    Delete this page
                  </button>
                )
              ) : null}
            </div>
          ) : null}
          <Form
            key={formKey}
            schema={schema}
            uiSchema={uiSchema}
            formData={formData}
            validator={validator}
            noValidate
            showErrorList={false}
            extraErrors={extraErrors}
            fields={fields}
            widgets={widgets}
            templates={templates}
            idPrefix={`fc-${sectionId}`}
            formContext={formContext}
            onChange={(e) => onFormChange(e.formData)}
          >
            <></>
          </Form>
        </section>

        <section className={styles.previewPane} aria-labelledby="preview-title">
          <h2 id="preview-title" style={{ margin: "0 0 0.4rem", fontSize: "1.1rem" }}>
            Preview
          </h2>
          <div className={styles.previewBar}>
            {(Object.keys(DEVICES) as (keyof typeof DEVICES)[]).map((d) => (
              <button key={d} type="button" className={d === device ? styles.button : styles.buttonSecondary} aria-pressed={d === device} onClick={() => setDevice(d)}>
                {DEVICES[d].label}
              </button>
            ))}
            <label htmlFor="preview-page" className="fc-visually-hidden">
              Page to preview
            </label>
            <select id="preview-page" className={styles.input} value={previewPath} onChange={(e) => setPreviewPath(e.target.value)}>
              {pagePaths.map((p) => (
                <option key={p.path} value={p.path}>
                  {p.title ?? p.path} ({p.path})
                </option>
              ))}
            </select>
            <a href={previewSrc} target="_blank" rel="noreferrer">
              Open in a new tab
            </a>
          </div>
          <div ref={pane}>
            <div className={styles.previewFrameBox} style={{ width: dev.width * scale, height: boxHeight }}>
              <iframe
                key={`${device}-${previewStamp}`}
                className={styles.previewFrame}
                title={`Preview of the draft, ${dev.label.toLowerCase()} width`}
                src={previewSrc}
                style={{ width: dev.width, height: boxHeight / scale, transform: `scale(${scale})` }}
              />
            </div>
          </div>
          <p className={styles.hint}>
            The saved draft at {dev.width} px wide{scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ""}. It reloads after each save.
          </p>
        </section>
      </div>
    </div>
  );
}

/** The pages the preview can show: every page with a path, and a page of each template (search, a car, a location). */
function previewPages(pages: Doc[], sampleCar: string | null, firstLocation?: string): { path: string; title: string }[] {
  const list: { path: string; title: string }[] = [];
  for (const p of pages as { path?: string; title?: string; template?: string }[]) {
    const title = p.title ?? "Page";
    if (typeof p.path === "string") list.push({ path: p.path, title });
    else if (p.template === "search") list.push({ path: "/search", title });
    else if (p.template === "vehicle-detail" && sampleCar) list.push({ path: `/cars/${sampleCar}`, title: `${title}: a car` });
    else if (p.template === "location-detail" && firstLocation) list.push({ path: `/locations/${firstLocation}`, title: `${title}: first location` });
  }
  return list.filter((p, i) => list.findIndex((q) => q.path === p.path) === i);
}

function ErrorList({ errors, onGo }: { errors: TenantError[]; onGo: (pointer: string) => void }) {
  return (
    <ul className={styles.errorList}>
      {errors.map((e, i) => (
        <li key={i}>
          <button type="button" onClick={() => onGo(e.pointer)}>
            <code>{e.pointer || "/"}</code>
          </button>
          : {e.message}
        </li>
      ))}
    </ul>
  );
}
