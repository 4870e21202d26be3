import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from "react";
import validator from "@rjsf/validator-ajv8";
import { getDefaultFormState, type RJSFSchema } from "@rjsf/utils";
import tenantSchema from "../../schemas/generated/tenant.schema.json";
import type { TenantError } from "../../domain/tenant-validation";
import { errorSchemaFor, locate, pageErrors, pageFormSchema, pageUiSchema, pruneUntouchedDefaults, SECTIONS, sectionSchema, sectionUiSchema } from "./sections";
import { fillGenerated, proposal } from "./generated-values";
import type { Doc } from "./use-draft";

const root = tenantSchema as unknown as Parameters<typeof sectionSchema>[0];
const PAGE_FORM = { id: "page", title: "Page", keys: ["page"] };
const pick = (doc: Doc, keys: string[]) => Object.fromEntries(keys.filter((k) => doc[k] !== undefined).map((k) => [k, doc[k]]));

/**
 * The form shown: one section of the draft (or, in Pages, one page or the layout) with its schema,
 * ui-schema and the errors at its fields; the form's changes are written back into the draft.
 * `remount` starts the form again from the draft (after the draft was replaced).
 */
export function useSectionForm(doc: Doc, setDoc: Dispatch<SetStateAction<Doc>>, errors: TenantError[], role: "staff" | "dealer") {
  const [sectionId, setSectionId] = useState(SECTIONS[0].id);
  const [mountKey, setMountKey] = useState(0);
  // In the Pages section one page (or the layout) is edited at a time.
  const [pageIndex, setPageIndex] = useState<number | "layout">(0);
  const section = SECTIONS.find((s) => s.id === sectionId)!;
  const remount = () => setMountKey((n) => n + 1);

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

  const onChange = useCallback(
    (changed: unknown) => {
      // Ids and slugs the editor makes (hidden) are filled in, and proposals follow their source.
      const formData = fillGenerated(changed, formState?.key === formKey ? formState.value : base, base, uiSchema);
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
    [base, filled, onPage, pageIndex, formKeys.join(), formKey, formState, uiSchema],
  );

  const choosePage = (value: number | "layout") => {
    setPageIndex(value);
    remount();
  };
  const addPage = () => {
    // A placeholder id and path: the path follows the title as it is typed (see GENERATED).
    const id = proposal({ prefix: "page" }, undefined, pages.map((p) => p.id));
    setDoc((prev) => ({ ...prev, pages: [...((prev.pages as Doc[]) ?? []), { id, path: `/${id}`, title: "New page", blocks: [] }] }));
    choosePage(pages.length);
  };
  const deletePage = () => {
    if (!onPage) return;
    setDoc((prev) => ({ ...prev, pages: ((prev.pages as Doc[]) ?? []).filter((_, i) => i !== pageIndex) }));
    choosePage(Math.max(0, (pageIndex as number) - 1));
  };
  /** Opens the section (and page) of an error's field. */
  const goTo = (pointer: string) => {
    const where = locate(pointer);
    setSectionId(where.section);
    if (where.page !== undefined) setPageIndex(where.page);
    remount();
  };

  return {
    section, setSectionId, pages, pageIndex, onPage, choosePage, addPage, deletePage, goTo, remount,
    form: { key: formKey, schema, uiSchema, formData, extraErrors, onChange },
  };
}
