import type { Metadata } from "next";
import { formatCallNumber, telHref } from "../domain/phone";
import { tenantForHost } from "../server/tenants/live";
import type { LiveDocument } from "../server/tenants/store";
import { renderBlocks } from "./render-blocks";
import type { BlockContext, Page } from "./types";
import { searchHost } from "../domain/search-host";
import { documentTitle } from "../domain/page-title";
import { NOT_FOUND_META } from "../domain/hosts";
import { needsCookieSettings } from "../domain/analytics-standards";
import { CookieSettings } from "./cookie-settings.client";
import { siteTerms } from "../domain/vehicle-terms";
import styles from "./not-found-page.module.css";

export const NOT_FOUND_TITLE = "Page not found";

/** The search page a 404's search box submits to, with the keyword as `query` (the search page's URL state). */
export const NOT_FOUND_SEARCH_PATH = "/search";

const NOT_FOUND_PAGE: Page = { id: "not-found", title: NOT_FOUND_TITLE, blocks: [] };

/** A missing page's title ("Page not found | {site}") and no indexing. */
export async function notFoundMetadata(host: string | null): Promise<Metadata> {
  const live = await tenantForHost(host).catch(() => null);
  return { title: documentTitle(NOT_FOUND_TITLE, live?.document.identity.name ?? ""), robots: { index: false, follow: true } };
}

/**
 * What a route returns for a missing page, instead of calling notFound(): the site's 404 drawn on
 * the server (header, search box, footer), marked for the 404 status (domain/hosts.ts
 * NOT_FOUND_MARK, set by serving/late-scripts.ts). A notFound() thrown by a page is drawn in
 * the browser only (vercel/next.js#62228: an empty error shell, blank for seconds, and for good
 * without JavaScript); one inside Suspense leaves the status at 200.
 */
export function NotFoundResponse({ host }: { host: string | null }) {
  return (
    <>
      <meta name={NOT_FOUND_META.name} content={NOT_FOUND_META.content} />
      <NotFoundPage host={host} />
    </>
  );
}

/**
 * A site's 404: its header (menu, phone) and footer around a short note, a search box and links to
 * the home and search pages. A host no site answers gets the plain note. The status is set by
 * notFound() (app/s/[host]/not-found.tsx) or by NotFoundResponse's mark; this only draws the page.
 */
export async function NotFoundPage({ host }: { host: string | null }) {
  const live = await tenantForHost(host).catch(() => null);
  return live ? <SiteNotFound live={live} /> : <PlainNotFound />;
}

export function PlainNotFound() {
  return (
    <main id="main" className="fc-narrow fc-section">
      <h1>{NOT_FOUND_TITLE}</h1>
      <p>Sorry, there is no page at this address.</p>
    </main>
  );
}

export async function SiteNotFound({ live }: { live: Pick<LiveDocument, "document"> }) {
  const doc = live.document;
  const ctx: BlockContext = { tenant: doc, page: NOT_FOUND_PAGE, path: "/404", vehicle: null, searchHost: searchHost(doc.identity, null) };
  const [top, bottom] = await Promise.all([renderBlocks(doc.layout.top, ctx), renderBlocks(doc.layout.bottom, ctx)]);
  const phone = doc.identity.phone;
  // What the site sells: a caravan dealer's 404 speaks of caravans (domain/vehicle-terms.ts).
  const terms = siteTerms(doc.identity);
  return (
    <>
      <a href="#main" className="fc-skip-link">
        Skip to content
      </a>
      {top}
      <main id="main" tabIndex={-1} className={`fc-narrow fc-section ${styles.main}`}>
        <h1 className={styles.title}>{NOT_FOUND_TITLE}</h1>
        <p>Sorry, there is no page at this address. It may have moved, or the {terms.noun} may have sold. Try a search:</p>
        <form className={styles.search} action={NOT_FOUND_SEARCH_PATH} method="get" role="search" aria-label={`Search ${terms.plural}`}>
          <label htmlFor="not-found-query" className="fc-visually-hidden">
            Search by make, model or keyword
          </label>
          <input id="not-found-query" className={`fc-input ${styles.input}`} type="search" name="query" maxLength={200} placeholder="Make, model or keyword" autoComplete="off" />
          <button type="submit" className="fc-button">
            Search
          </button>
        </form>
        <ul className={styles.links}>
          <li>
            <a href="/">Go to the home page</a>
          </li>
          <li>
            <a href={NOT_FOUND_SEARCH_PATH}>Browse all {terms.plural}</a>
          </li>
          {phone ? (
            <li>
              Or call us on <a href={telHref(phone)}>{formatCallNumber(phone, doc.identity.locale)}</a>
            </li>
          ) : null}
        </ul>
      </main>
      {bottom}
      {needsCookieSettings(doc, []) ? <CookieSettings /> : null}
    </>
  );
}
