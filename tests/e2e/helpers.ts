import { readdirSync, readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import type { TenantDocument } from "../../schemas/generated/tenant";

export const demoTenants: TenantDocument[] = readdirSync("tenants")
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(`tenants/${f}`, "utf8")));

export const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${E2E_PORT}${path}`;
export const adminUrl = (path = "/") => `http://localhost:${E2E_PORT}${path}`;

/**
 * GET a path of a site as served, without the browser. Node does not resolve *.localhost here
 * (DESIGN.md), so the request goes to the loopback address with the site's Host header.
 */
export function siteGet(request: APIRequestContext, slug: string, path: string) {
  return request.get(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: new URL(siteUrl(slug)).host }, maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 });
}

/** Text or an attribute from the server's HTML (React escapes &, <, >, " and '). */
export const decodeHtml = (html: string) => html.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");

/** Waits until the admin page's interactive parts have hydrated (they mark themselves data-ready). */
export const hydrated = (page: Page) => expect(page.locator("[data-ready=false]")).toHaveCount(0).then(() => expect(page.locator("[data-ready=true]").first()).toBeAttached());

/**
 * Waits until React has hydrated the element and finished that work: the node carries React's fiber
 * (set while hydrating, before React commits), then the page's main thread has had an idle moment
 * after a frame.
 * On a site page a click before that is held and handled once the content has hydrated
 * (renderer/early-taps.ts); waiting keeps a test's timing its own.
 */
export const reactHydrated = (target: Locator) =>
  expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber"))), { timeout: 20_000 })
    .toBe(true)
    // From a frame: headless Chromium can hold an idle callback until something asks for a frame (seen
    // after a click or a key press: requestIdleCallback alone then waited out the test's 60 s).
    // At most 5 s: a page that is never idle still gets its click.
    .then(() => target.page().evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestIdleCallback(() => done(), { timeout: 5_000 })))));

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** axe-core's rule tags the pages must pass: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's WCAG A/AA violations on the page as it is now (or only inside `include`), one line each:
 * "where: rule — help (elements)". Legacy mode runs axe.run in the page and its same-origin frames
 * instead of opening a blank page per check to combine the frames' results, and only violations are
 * collected: 3–4× faster (0.5–1.2 s a page rather than 1.1–4.4 s). No site page has a cross-origin
 * frame of its own; the admin's preview (another host) is checked on the site itself.
 */
export async function axeProblems(page: Page, where = "", include: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${where ? `${where}: ` : ""}${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Fails with axeProblems' lines when the page (or `include`) breaks a WCAG A/AA rule. */
export async function expectAccessible(page: Page, where = "", include: string[] = []) {
  expect(await axeProblems(page, where, include)).toEqual([]);
}

/**
 * A fact per demo site, from a table the spec writes out (read from the tenant documents): a site the
 * table does not name is an error, so a new demo site is added to each table rather than skipped.
 */
export function perSite<T>(table: Record<string, T>, slug: string): T {
  if (!(slug in table)) throw new Error(`${slug}: this spec's per-site table does not say what this site has; add it`);
  return table[slug];
}

