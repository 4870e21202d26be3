import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoTenants, siteUrl, decodeHtml, siteGet } from "./helpers";

// Issue 16, "every link resolves": each demo site is crawled from its home page and its sitemap.xml
// through the rendered HTML — every <a href> to the same site (menu, footer, in-page links; path and
// query) must answer 200. Car pages and search variants are many and alike, so only a sample of each
// is followed. A failure lists page → link (status). tests/internal-links.test.ts checks the same
// rule on the documents without a server. In-page anchors are followed too (issue 29): a link's
// #fragment, on the same page or another, names an element (id) of that page's server-rendered
// HTML, so it lands without JavaScript as well.


/** At most this many car pages and search variants are fetched per site; the rest are left. */
const CAR_SAMPLE = 6;
const SEARCH_SAMPLE = 8;
const MAX_PAGES = 250;

const CAR_PAGE = /^\/cars\/[a-z0-9-]+$/;
const SEARCH = /^\/(search|used-car)(\/|\?|$)/;
const ANCHOR = /<a\b[^>]*?\shref\s*=\s*("([^"]*)"|'([^']*)')/gi;
const ELEMENT_ID = /<[a-z][a-z0-9-]*\b[^>]*?\sid\s*=\s*("([^"]*)"|'([^']*)')/gi;
/** Pages fetched only to check the fragments links name on them (car pages beyond the sample). */
const FRAGMENT_SAMPLE = 6;

/** The ids of a page's elements (its HTML as the server sends it). */
export function elementIds(html: string): Set<string> {
  return new Set([...html.matchAll(ELEMENT_ID)].map((m) => decodeHtml(m[2] ?? m[3] ?? "")));
}

/** The fragment an href names on `from`'s site: its page (path + query) and the decoded fragment; null for none, "#" or "#top" (the top of the page). */
export function fragmentTarget(href: string, from: URL, hosts: Set<string>): { page: string; fragment: string } | null {
  const raw = decodeHtml(href.trim());
  const hash = raw.indexOf("#");
  if (hash < 0) return null;
  let fragment = raw.slice(hash + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // Left as written: no element is named by a broken escape, and the check says so.
  }
  if (!fragment || fragment.toLowerCase() === "top") return null;
  let url: URL;
  try {
    url = new URL(raw, from);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !hosts.has(url.hostname)) return null;
  return { page: `${url.pathname}${url.search}`, fragment };
}


/** The same-site path + query of an href on `from`, or null for another site, an anchor, tel:, mailto: … */
export function sameSiteTarget(href: string, from: URL, hosts: Set<string>): string | null {
  const raw = decodeHtml(href.trim());
  if (!raw || raw.startsWith("#")) return null;
  let url: URL;
  try {
    url = new URL(raw, from);
  } catch {
    return `INVALID ${raw}`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!hosts.has(url.hostname)) return null;
  return `${url.pathname}${url.search}`;
}

async function fetchPage(request: APIRequestContext, slug: string, path: string) {
  const res = await siteGet(request, slug, path);
  const type = res.headers()["content-type"] ?? "";
  return { status: res.status(), location: res.headers()["location"] ?? null, html: type.includes("text/html") ? await res.text() : "" };
}

for (const tenant of demoTenants) {
  const slug = tenant.identity.slug;
  test(`${slug}: every internal link from the home page and the sitemap answers 200`, async ({ request }) => {
    test.setTimeout(120_000);
    const base = new URL(siteUrl(slug));
    const hosts = new Set([base.hostname, ...tenant.identity.domains]);

    const sitemap = await siteGet(request, slug, "/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const fromSitemap = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => sameSiteTarget(m[1], base, hosts))
      .filter((t): t is string => t !== null);
    expect(fromSitemap.length).toBeGreaterThan(0);

    const seen = new Map<string, string>(); // target → the first page that linked it
    const queue: string[] = [];
    let cars = 0;
    let searches = 0;
    const enqueue = (target: string, from: string) => {
      if (seen.has(target)) return;
      if (CAR_PAGE.test(target.split("?")[0]) && ++cars > CAR_SAMPLE) return;
      if (SEARCH.test(target) && target !== "/search" && ++searches > SEARCH_SAMPLE) return;
      seen.set(target, from);
      queue.push(target);
    };
    enqueue("/", "(start)");
    for (const t of fromSitemap) enqueue(t, "sitemap.xml");

    const dead: string[] = [];
    const ids = new Map<string, Set<string>>(); // page → the ids its HTML has
    const fragments: { page: string; fragment: string; from: string }[] = [];
    let fetched = 0;
    while (queue.length && fetched < MAX_PAGES) {
      const batch = queue.splice(0, 4);
      fetched += batch.length;
      await Promise.all(
        batch.map(async (target) => {
          if (target.startsWith("INVALID ")) {
            dead.push(`${seen.get(target)} → ${target.slice(8)} (not a URL)`);
            return;
          }
          const { status, location, html } = await fetchPage(request, slug, target);
          // A gated route sends an anonymous visitor to sign-in and back (leads §4): that sign-in page must answer.
          const signIn = status === 307 && location ? new URL(location, siteUrl(slug, target)) : null;
          if (signIn?.pathname === "/sign-in" && signIn.searchParams.get("redirect") === target) {
            enqueue(`${signIn.pathname}${signIn.search}`, target);
            return;
          }
          if (status !== 200) {
            dead.push(`${seen.get(target)} → ${target} (${status})`);
            return;
          }
          // API answers (a PDF, JSON) are checked, not read.
          if (target.startsWith("/api/")) return;
          const from = new URL(siteUrl(slug, target));
          ids.set(target, elementIds(html));
          for (const m of html.matchAll(ANCHOR)) {
            const href = m[2] ?? m[3] ?? "";
            const next = sameSiteTarget(href, from, hosts);
            if (next) enqueue(next, target);
            const named = fragmentTarget(href, from, hosts);
            if (named) fragments.push({ ...named, from: target });
          }
        }),
      );
    }
    expect(dead, `${slug}: internal links that do not answer 200 (page → link)`).toEqual([]);

    // Every #fragment names an element of its page; pages left out of the sample are fetched for
    // this, a few of each kind (car pages, search variants, others).
    const extra = new Map<string, number>();
    const broken = new Set<string>();
    for (const { page, fragment, from } of fragments) {
      if (!ids.has(page)) {
        const kind = CAR_PAGE.test(page.split("?")[0]) ? "car" : SEARCH.test(page) ? "search" : "other";
        if ((extra.get(kind) ?? 0) >= FRAGMENT_SAMPLE) continue;
        extra.set(kind, (extra.get(kind) ?? 0) + 1);
        const { status, location, html } = await fetchPage(request, slug, page);
        // A gated page (sign-in first) shows its anchor to a signed-in visitor only: not checked here.
        if (status === 307 && location && new URL(location, siteUrl(slug, page)).pathname === "/sign-in") continue;
        if (status !== 200) {
          broken.add(`${from} → ${page}#${fragment} (${status})`);
          continue;
        }
        ids.set(page, elementIds(html));
      }
      if (!ids.get(page)!.has(fragment)) broken.add(`${from} → ${page}#${fragment}`);
    }
    expect([...broken], `${slug}: in-page anchors with no element of that id on their page (page → link)`).toEqual([]);
    expect(fetched, `${slug}: crawled pages`).toBeGreaterThan(5);
  });
}
