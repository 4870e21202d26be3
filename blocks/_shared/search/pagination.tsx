import { usePagination } from "react-instantsearch";
import styles from "./search.module.css";

/** InstantSearch page links (‹ 1 2 3 ›) for the search blocks; `onPage` runs after a page is chosen. */
export function Pagination({ onPage }: { onPage: () => void }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const link = (page: number, text: string, label?: string, current = false) => (
    <a
      className={styles.pageLink}
      href={createURL(page)}
      aria-label={label}
      aria-current={current ? "page" : undefined}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        refine(page);
        onPage();
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <ul>
        {/* Past the last page (an old link), Previous goes to the last page there is. */}
        <li>{isFirstPage ? <span className={styles.pageDisabled} aria-hidden="true">‹</span> : link(Math.min(currentRefinement, nbPages) - 1, "‹", "Previous page")}</li>
        {pages.map((p) => (
          <li key={p}>{link(p, String(p + 1), `Page ${p + 1}`, p === currentRefinement)}</li>
        ))}
        <li>{isLastPage ? <span className={styles.pageDisabled} aria-hidden="true">›</span> : link(currentRefinement + 1, "›", "Next page")}</li>
      </ul>
    </nav>
  );
}
