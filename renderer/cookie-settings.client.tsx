"use client";

import { openConsentBanner } from "./standard-analytics";
import styles from "./consent-banner.module.css";

/**
 * "Cookie settings" at the end of a page without the site footer (which has its own): a site with
 * analytics ids always lets the visitor reopen the consent banner and change the choice (issue 35).
 * renderer/tenant-page.tsx adds it where domain/analytics-standards.ts needsCookieSettings says so.
 */
export function CookieSettings() {
  return (
    <footer className={styles.reopen}>
      <button type="button" className={styles.reopenButton} onClick={openConsentBanner}>
        Cookie settings
      </button>
    </footer>
  );
}
