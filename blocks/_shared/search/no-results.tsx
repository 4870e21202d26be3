import styles from "./search.module.css";

export const NO_RESULTS_TEXT = "No results found for your search at this time. Please try adjusting the filters for more results.";

/**
 * The no-results card (spec §8) of the search blocks. Its button (Clear Filters on the search page)
 * returns to the default search: no refinements, no query; without `onClear` there is none.
 */
export function NoResults({ onClear, text = NO_RESULTS_TEXT, clearLabel = "Clear Filters" }: { onClear?: () => void; text?: string; clearLabel?: string }) {
  return (
    <div className={styles.noResults}>
      <h3 className={styles.noResultsTitle}>No Results Available</h3>
      <p>{text}</p>
      {onClear ? (
        <button type="button" className="fc-button" onClick={onClear}>
          {clearLabel}
        </button>
      ) : null}
    </div>
  );
}
