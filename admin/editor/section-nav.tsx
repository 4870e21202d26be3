import type { TenantError } from "../../domain/tenant-validation";
import styles from "../admin.module.css";
import { SECTIONS, sectionOf } from "./sections";
import type { useSectionForm } from "./use-section-form";

/** The side navigation: one button per section, with the count of its errors. */
export function SectionNav({ current, errors, onChoose }: { current: string; errors: TenantError[]; onChoose: (id: string) => void }) {
  return (
    <nav aria-label="Sections" className={styles.sections}>
      {SECTIONS.map((s) => {
        const n = errors.filter((e) => sectionOf(e.pointer).id === s.id).length;
        return (
          <button key={s.id} type="button" aria-current={s.id === current ? "true" : undefined} onClick={() => onChoose(s.id)}>
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
  );
}

/**
 * In the Pages section: which page (or the layout) the form edits; add a page, delete one (never
 * the home page; at once, with an Undo toast rather than "Are you sure?").
 */
export function PagePicker({ form, onDeleted }: { form: ReturnType<typeof useSectionForm>; onDeleted: (what: string) => void }) {
  const { pages, pageIndex, onPage } = form;
  const page = onPage ? pages[pageIndex as number] : undefined;
  return (
    <div className={styles.pagePicker}>
      <label htmlFor="page-picker">Page to edit</label>
      <select id="page-picker" className={styles.input} value={String(pageIndex)} onChange={(e) => form.choosePage(e.target.value === "layout" ? "layout" : Number(e.target.value))}>
        {pages.map((p, i) => (
          <option key={i} value={i}>
            {String(p.title ?? p.id)} ({String(p.path ?? `${p.template} template`)})
          </option>
        ))}
        <option value="layout">Layout: top and bottom of every page</option>
      </select>
      <button type="button" className={styles.buttonSecondary} onClick={form.addPage}>
        Add a page
      </button>
      {onPage && page?.path !== "/" ? (
        <button
          type="button"
          className={styles.buttonDanger}
          onClick={() => {
            form.deletePage();
            onDeleted("Page");
          }}
        >
          Delete this page
        </button>
      ) : null}
    </div>
  );
}
