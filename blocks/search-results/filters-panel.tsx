import { useCallback, useEffect, useRef, useState } from "react";
import { useInstantSearch } from "react-instantsearch";
import type { IndexUiState } from "../_shared/search/routing";
import { Filter } from "./filters";
import { LINKED_ATTRIBUTES } from "./linked";
import { ShowResultsLabel } from "./result-count";
import type { SearchSettings } from "./settings";
import styles from "./search-results.module.css";

/**
 * How many filters are on: each refined value, and each range as one, of the attributes the page
 * has widgets for. Counted from the UI state rather than useCurrentRefinements, whose items depend
 * on which widgets have registered yet — fewer in the browser's first render than on the server,
 * which broke hydration (React #418) on pages whose SEO path refines a filter further down.
 */
export function refinedCount(state: IndexUiState, attributes: readonly string[]): number {
  const values = Object.entries(state.refinementList ?? {}).reduce((n, [attr, list]) => n + (attributes.includes(attr) ? list.length : 0), 0);
  const ranges = Object.entries(state.range ?? {}).filter(([attr, value]) => attributes.includes(attr) && value !== "" && value !== ":").length;
  return values + ranges;
}

function RefinedCount({ attributes }: { attributes: readonly string[] }) {
  const { indexUiState } = useInstantSearch();
  const n = refinedCount(indexUiState, attributes);
  return n ? <> ({n})</> : null;
}

/** The filters: a column on a wide screen, a dialog opened by the Filters button on a narrow one. */
export function FiltersPanel({ settings }: { settings: SearchSettings }) {
  const [open, setOpen] = useState(false);
  const panelId = `${settings.blockId}-filters`;
  const headingId = `${panelId}-heading`;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("h2")?.focus();
    const wide = window.matchMedia("(min-width: 960px)");
    const onWide = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onWide);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      wide.removeEventListener("change", onWide);
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className={`fc-button fc-button--ghost ${styles.filtersButton}`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(true)}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
          <path d="M3 5h18M6 12h12M10 19h4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        Filters
        <RefinedCount attributes={[...LINKED_ATTRIBUTES, ...settings.filters.map((f) => f.attribute)]} />
      </button>
      <section
        ref={panel}
        id={panelId}
        className={styles.panel}
        data-open={open}
        aria-labelledby={headingId}
        {...(open ? { role: "dialog", "aria-modal": true } : {})}
        onKeyDown={(e) => {
          if (!open) return;
          if (e.key === "Escape") close();
          // A modal keeps the focus inside: Tab from the last control goes to the first, and back.
          if (e.key === "Tab" && panel.current) {
            const focusable = [...panel.current.querySelectorAll<HTMLElement>("button, summary, input, select, a[href]")].filter((el) => el.offsetParent !== null);
            const first = focusable[0];
            const last = focusable[focusable.length - 1];
            const atStart = document.activeElement === first || document.activeElement === panel.current.querySelector("h2");
            if (e.shiftKey && atStart) {
              e.preventDefault();
              last?.focus();
            } else if (!e.shiftKey && document.activeElement === last) {
              e.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <div className={styles.panelHeader}>
          <h2 id={headingId} className={styles.panelHeading} tabIndex={-1}>
            Filters
          </h2>
          <button type="button" className={styles.panelClose} onClick={close}>
            <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 12 12">
              <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="1.6" />
            </svg>
            <span className="fc-visually-hidden">Close filters</span>
          </button>
        </div>
        {settings.filters.map((f) => (
          <Filter key={f.attribute} setting={f} joinNewAndDemo={settings.joinNewAndDemo} money={settings.card} />
        ))}
        <div className={styles.panelFooter}>
          <button type="button" className="fc-button" onClick={close}>
            <ShowResultsLabel settings={settings} />
          </button>
        </div>
      </section>
    </>
  );
}

