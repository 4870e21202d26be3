"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import type { TenantError } from "../../domain/tenant-validation";
import { editorFields as fields, editorTemplates, editorWidgets as widgets } from "./widgets.client";
import { ErrorList } from "../error-list";
import { ConflictPanel, PublishRefused } from "./alerts";
import { PreviewPane, previewPages, previewPath } from "./preview-pane";
import { PagePicker, SectionNav } from "./section-nav";
import { LiveLine, Toolbar } from "./toolbar";
import { useDraft, type Doc } from "./use-draft";
import { usePreview, usePreviewClicks } from "./use-preview";
import { useUndo } from "./use-undo";
import { RemoveItemButton, UndoToast, type ToastMessage } from "./toast.client";
import { blockAt, blockPointer } from "./find-block";
import { sectionOf } from "./sections";
import { usePublish, type LiveVersion } from "./use-publish";
import { jsonEqual } from "../../domain/json-diff";
import { useSchedule } from "./use-schedule";
import { PublishChecklist, SchedulePublish } from "./publish-panel";
import { useSectionForm } from "./use-section-form";
import { DomainStatus } from "../domain-status.client";
import styles from "../admin.module.css";

const domainsOf = (doc: Doc) => {
  const list = (doc.identity as { domains?: unknown } | undefined)?.domains;
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === "string") : [];
};

// A list item's Remove says it went, so the editor offers Undo.
const templates = { ...editorTemplates, ButtonTemplates: { ...editorTemplates.ButtonTemplates, RemoveButton: RemoveItemButton } };

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
  /** The live version when the page was drawn, whether the draft differed from it, and the live site's address. */
  live?: LiveVersion | null;
  unpublishedChanges?: boolean;
  liveUrl?: string;
  /** Shown between the live line and the save bar (staff's Archive). */
  children?: ReactNode;
}

/**
 * The draft editor: one RJSF form per section (side navigation), inline errors at their path,
 * save with the version check (autosave after a pause), publish, undo and redo of the session's
 * changes (a deletion offers Undo in a toast), and the preview beside it, which follows the page
 * being edited and opens a block clicked in it.
 */
export function Editor(props: EditorProps) {
  const { slug, role } = props;
  const preview = usePreview(slug, props.preview);
  const draft = useDraft(slug, props, preview.refresh);
  const { doc, errors, status, conflict } = draft;
  const publishing = usePublish(slug, draft, props.live ?? null);
  const scheduling = useSchedule(slug, draft, publishing.override, publishing.endAttempt);
  // Whether the saved draft differs from the live version: known exactly once this session published,
  // otherwise as the page was drawn until the next save.
  const firstSaved = useRef(draft.savedJson);
  const liveJson = publishing.live?.json;
  const unpublished = useMemo(
    () => (liveJson !== undefined ? liveJson !== draft.savedJson && !jsonEqual(JSON.parse(liveJson), JSON.parse(draft.savedJson)) : draft.savedJson === firstSaved.current ? !!props.unpublishedChanges : true),
    [liveJson, draft.savedJson, props.unpublishedChanges],
  );
  const form = useSectionForm(doc, draft.setDoc, errors, role);
  const { section } = form;
  const [openBlock, setOpenBlock] = useState<string | null>(null);
  const [revealBlock, setRevealBlock] = useState<string | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [announcement, setAnnouncement] = useState("");

  // Where a change is (after an undo, or a block clicked in the preview): its section, page and block.
  const goTo = form.goTo;
  const show = useCallback(
    (pointer: string, inDoc: typeof doc, reveal: boolean) => {
      const focused = document.activeElement?.id;
      if (pointer) goTo(pointer);
      const block = blockAt(inDoc, pointer);
      if (block) setOpenBlock(block);
      if (reveal && block) setRevealBlock(block);
      // The form is drawn again: focus goes back to the field (or button) it was on.
      else if (focused) requestAnimationFrame(() => document.getElementById(focused)?.focus());
    },
    [goTo],
  );
  // A problem's button (checklist, refusal, error list) opens its field: the section, page and block.
  const openField = (pointer: string) => show(pointer, doc, true);
  // The toast's Undo: the deleted block comes back focused (the toast and its button are gone).
  const undoFromToast = useRef(false);
  const undo = useUndo(doc, draft.setDoc, (pointer, inDoc, which) => {
    show(pointer, inDoc, undoFromToast.current);
    undoFromToast.current = false;
    setAnnouncement(`${which === "undo" ? "Undone" : "Redone"}: a change in ${sectionOf(pointer).title}.`);
  });
  const version = useRef(undo.version);
  useEffect(() => {
    version.current = undo.version;
    // Another change (or an undo) since the deletion: its toast goes (Ctrl+Z still undoes).
    setToast((t) => (t && undo.version > t.version ? null : t));
  }, [undo.version]);
  const { checkpoint } = undo;
  const onDeleted = useCallback(
    (what: string) => {
      checkpoint();
      setToast({ text: `${what} deleted`, version: version.current + 1 });
    },
    [checkpoint],
  );
  const closeToast = useCallback(() => setToast(null), []);
  // The widgets' view of the site: uploads and stock lookups by slug, the draft for the link picker,
  // the page's template for the blocks offered; and the open block and deletions for undo.
  const template = form.onPage ? (form.pages[form.pageIndex as number]?.template as string | undefined) : "layout";
  const pagePath = form.onPage ? (form.pages[form.pageIndex as number]?.path as string | undefined) : undefined;
  const formContext = useMemo(
    () => ({ slug, doc, template, pagePath, openBlock, setOpenBlock, revealBlock, onRevealed: () => setRevealBlock(null), onDeleted }),
    [slug, doc, template, pagePath, openBlock, revealBlock, onDeleted],
  );

  usePreviewClicks(
    preview,
    useCallback(
      (id: string) => {
        const pointer = blockPointer(doc, id);
        if (pointer) show(pointer, doc, true);
      },
      [doc, show],
    ),
  );
  const firstLocation = (doc.locations as { slug?: string }[] | undefined)?.[0]?.slug;
  // The preview follows the page being edited.
  const followed = form.onPage ? previewPath(form.pages[form.pageIndex as number], props.sampleCar ?? null, firstLocation) : null;
  const { setPath } = preview;
  useEffect(() => {
    if (followed) setPath(followed);
  }, [followed, setPath]);
  // Set once hydrated: until then the buttons do nothing (browser tests wait for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const takeTheirs = () => {
    if (draft.takeTheirs()) form.remount();
  };
  const pagePaths = previewPages(form.pages, props.sampleCar ?? null, firstLocation);

  return (
    <div data-ready={ready}>
      <LiveLine live={publishing.live} unpublished={unpublished} liveUrl={props.liveUrl ?? "/"} />
      {props.children}
      <Toolbar
        status={status}
        revision={draft.revision}
        autosave={draft.autosave}
        onAutosave={draft.setAutosave}
        canSave={draft.dirty && status.kind !== "saving"}
        onSave={() => void draft.save()}
        publishing={publishing.busy}
        anyway={publishing.anyway}
        onPublish={() => void publishing.publish()}
        undo={{ ...undo, announcement }}
      />
      <UndoToast
        toast={toast}
        onClose={closeToast}
        onUndo={() => {
          setToast(null);
          undoFromToast.current = true;
          undo.undo();
        }}
      />

      <div className={styles.editor}>
        <SectionNav current={section.id} errors={errors} onChoose={form.setSectionId} />

        {/* What loads or answers later (the checklist, the schedule, a publish's outcome, a conflict)
            sits beside the section buttons, never above them: they do not move under a click. */}
        <div style={{ minWidth: 0 }}>
          <PublishChecklist publishing={publishing} role={role} onGo={openField} problems={errors.length} />
          <SchedulePublish scheduling={scheduling} revision={draft.revision} />

          {publishing.published ? (
            <p className={styles.success} role="status">
              {publishing.published}
            </p>
          ) : null}

          {publishing.publishErrors ? <PublishRefused errors={publishing.publishErrors} onGo={openField} ref={publishing.publishPanel} doc={doc} /> : null}

          {conflict ? (
            <ConflictPanel conflict={conflict} mine={doc} onKeepMine={() => void draft.save(conflict.revision)} onTakeTheirs={takeTheirs} ref={draft.conflictPanel} />
          ) : null}

          <section className={styles.formPane} aria-labelledby="section-title">
            <h2 id="section-title">{section.title}</h2>
            {errors.length ? (
              <details className={styles.notice}>
                <summary>
                  {errors.length} {errors.length === 1 ? "problem" : "problems"} to fix before publishing
                </summary>
                <ErrorList errors={errors} onGo={openField} doc={doc} />
              </details>
            ) : null}
            {section.id === "pages" ? <PagePicker form={form} onDeleted={onDeleted} /> : null}
            <Form
              key={form.form.key}
              schema={form.form.schema}
              uiSchema={form.form.uiSchema}
              formData={form.form.formData}
              validator={validator}
              noValidate
              showErrorList={false}
              extraErrors={form.form.extraErrors}
              fields={fields}
              widgets={widgets}
              templates={templates}
              idPrefix={`fc-${section.id}`}
              formContext={formContext}
              onChange={(e) => form.form.onChange(e.formData)}
            >
              <></>
            </Form>
            {section.id === "identity" ? <DomainStatus slug={slug} domains={domainsOf(doc)} /> : null}
          </section>
        </div>

        <PreviewPane preview={preview} pagePaths={pagePaths} stale={errors.length > 0} />
      </div>
    </div>
  );
}
