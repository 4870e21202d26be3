import { usePagination } from "react-instantsearch";
import styles from "./search.module.css";

const SECOND_PAGE = /([?&])page=2(?=[&#]|$)/;

/**
 * Each page's link from two of InstantSearch's: the first page's, and the second's with its page
 * number changed (the number is a parameter of its own, routing.ts; values in the query are
 * encoded, so "page=2" is never inside one). Each createURL works out every widget's state, about
 * 1 ms apiece on this machine for the search page's 35 widgets, four times that on Lighthouse's
 * phone, and a page of links asked for up to nine while hydrating.
 */
export function pageLinks(createURL: (page: number) => string): (page: number) => string {
  const first = createURL(0);
  const second = createURL(1);
  return (page) => (page === 0 ? first : page === 1 ? second : SECOND_PAGE.test(second) ? second.replace(SECOND_PAGE, `$1page=${page + 1}`) : createURL(page));
}

/** InstantSearch page links (‹ 1 2 3 ›) for the search blocks; `onPage` runs after a page is chosen. */
export function Pagination({ onPage }: { onPage: () => void }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const href = pageLinks(createURL);
  const link = (page: number, text: string, label?: string, current = false) => (
    <a
      className={styles.pageLink}
      href={href(page)}
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
