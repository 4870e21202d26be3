"use client";

import { useEffect, useMemo, useState } from "react";
import Form from "@rjsf/core";
import validator from "@rjsf/validator-ajv8";
import type { TenantError } from "../../domain/tenant-validation";
import { BlockListField } from "./block-list.client";
import { buttonTemplates, ColourWidget } from "./widgets.client";
import { ImageField } from "./image-field.client";
import { OpeningHoursField } from "./opening-hours.client";
import { ErrorList } from "../error-list";
import { ConflictPanel, PublishRefused } from "./alerts";
import { PreviewPane, previewPages } from "./preview-pane";
import { PagePicker, SectionNav } from "./section-nav";
import { Toolbar } from "./toolbar";
import { useDraft, type Doc } from "./use-draft";
import { usePreview } from "./use-preview";
import { usePublish } from "./use-publish";
import { useSchedule } from "./use-schedule";
import { PublishChecklist, SchedulePublish } from "./publish-panel";
import { useSectionForm } from "./use-section-form";
import styles from "../admin.module.css";

const fields = { blockList: BlockListField, image: ImageField, openingHours: OpeningHoursField };
const widgets = { colour: ColourWidget };
const templates = { ButtonTemplates: buttonTemplates };

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

/**
 * The draft editor: one RJSF form per section (side navigation), inline errors at their path,
 * save with the version check (autosave after a pause), publish, and the preview beside it.
 */
export function Editor(props: EditorProps) {
  const { slug, role } = props;
  const preview = usePreview(slug, props.preview);
  const draft = useDraft(slug, props, preview.refresh);
  const { doc, errors, status, conflict } = draft;
  const publishing = usePublish(slug, draft);
  const scheduling = useSchedule(slug, draft, publishing.override);
  const form = useSectionForm(doc, draft.setDoc, errors, role);
  const { section } = form;
  const formContext = useMemo(() => ({ slug }), [slug]);
  // Set once hydrated: until then the buttons do nothing (browser tests wait for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const takeTheirs = () => {
    if (draft.takeTheirs()) form.remount();
  };
  const pagePaths = previewPages(form.pages, props.sampleCar ?? null, (doc.locations as { slug?: string }[] | undefined)?.[0]?.slug);

  return (
    <div data-ready={ready}>
      <Toolbar
        status={status}
        revision={draft.revision}
        autosave={draft.autosave}
        onAutosave={draft.setAutosave}
        canSave={draft.dirty && status.kind !== "saving"}
        onSave={() => void draft.save()}
        publishing={publishing.busy}
        onPublish={() => void publishing.publish()}
      />

      <PublishChecklist publishing={publishing} role={role} onGo={form.goTo} />
      <SchedulePublish scheduling={scheduling} revision={draft.revision} />

      {publishing.published ? (
        <p className={styles.success} role="status">
          {publishing.published}
        </p>
      ) : null}

      {publishing.publishErrors ? <PublishRefused errors={publishing.publishErrors} onGo={form.goTo} ref={publishing.publishPanel} /> : null}

      {conflict ? (
        <ConflictPanel conflict={conflict} mine={doc} onKeepMine={() => void draft.save(conflict.revision)} onTakeTheirs={takeTheirs} ref={draft.conflictPanel} />
      ) : null}

      <div className={styles.editor}>
        <SectionNav current={section.id} errors={errors} onChoose={form.setSectionId} />

        <section className={styles.formPane} aria-labelledby="section-title">
          <h2 id="section-title">{section.title}</h2>
          {errors.length ? (
            <details className={styles.notice}>
              <summary>
                {errors.length} {errors.length === 1 ? "problem" : "problems"} to fix before publishing
              </summary>
              <ErrorList errors={errors} onGo={form.goTo} />
            </details>
          ) : null}
          {section.id === "pages" ? <PagePicker form={form} /> : null}
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
        </section>

        <PreviewPane preview={preview} pagePaths={pagePaths} />
      </div>
    </div>
  );
}
