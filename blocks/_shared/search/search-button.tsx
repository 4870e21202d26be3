import styles from "./search.module.css";

/** The magnifier button that submits a search block's box ("Search" to screen readers). */
export function SearchButton() {
  return (
    <button type="submit" className={styles.searchButton}>
      <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="fc-visually-hidden">Search</span>
    </button>
  );
}
