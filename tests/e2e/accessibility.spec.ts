import { expect, test } from "@playwright/test";
import { gatedKind, SIGN_IN_TYPE } from "../../domain/gated-routes";
import { CONSENT_COOKIE, serializeConsent } from "../../domain/consent";
import { documentTitle } from "../../domain/page-title";
import { axeProblems, demoTenants, reactHydrated, siteUrl, viewports } from "./helpers";

// Every page of every demo site at phone width: it answers 200 with its own title (the site's name
// once) and its heading — or, kept for signed-in visitors, sends this anonymous one to sign-in — and
// does not scroll sideways (WCAG 1.4.10; a page's own words can cause it). At desktop width the home
// and search pages, where the layout changes (header menus, footer, filters beside the results).
// axe (WCAG 2.x A/AA), the spec's largest cost (35–66 s a site when it ran on all of every page):
// - at phone width only on the pages that bring a kind of block (type, and variant or layout) the
//   site's earlier pages did not: a block's markup, names and colours come from its kind and the
//   site's theme, so the privacy policy after the about page (rich text again) finds nothing new;
// - after the home page, only inside <main>: the header and footer (and the layout's popups and
//   bars) are the same on every page of a site and are checked on its home page at both widths.
// About two thirds of the pages, each 2.2 s rather than 2.7 s (load 20). The trade-in pages are
// checked with axe in trade-in.spec.ts, in the wizard's states, on each site once.

/** A kind of block, as far as axe can tell kinds apart: its type, and the variant or layout it is drawn in. */
const blockKind = (b: { type: string; props?: unknown }) => {
  const props = (b.props ?? {}) as { variant?: string; layout?: string };
  return [b.type, props.variant ?? props.layout ?? ""].join(":");
};

type Shown = { path?: string | null; blocks: { type: string; props?: unknown }[] };

/**
 * The paths of the pages axe runs on at phone width: each that brings a kind of block the earlier
 * ones axe ran on did not, in the document's order (the home page first). `axeable`: whether axe
 * runs on a page at all (not on one kept for signed-in visitors, nor on the trade-in wizard's).
 */
function pagesWithNewBlocks(pages: Shown[], axeable: (p: Shown) => boolean): Set<string> {
  const seen = new Set<string>();
  const chosen = new Set<string>();
  for (const p of pages) {
    const kinds = p.blocks.map(blockKind);
    if (!p.path || !axeable(p) || kinds.every((k) => seen.has(k))) continue;
    kinds.forEach((k) => seen.add(k));
    chosen.add(p.path);
  }
  return chosen;
}

for (const tenant of demoTenants) {
  const { slug, name } = tenant.identity;
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`${slug}: every page answers with its title and passes axe WCAG A/AA at ${label} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const pages = [...tenant.pages.filter((p) => p.path), { path: "/search", title: null, blocks: [{ type: "search-results" }] }];
      const shown = label === "phone" ? pages : pages.filter((p) => p.path === "/" || p.path === "/search");
      const axeable = (p: Shown) => !gatedKind(tenant, p.path!) && !p.blocks.some((b) => b.type === "trade-in-wizard");
      const axed = label === "phone" ? pagesWithNewBlocks(pages, axeable) : new Set(shown.map((p) => p.path!));
      // 10 s a page, and never less than the default 60 s: two desktop pages once timed out at 20 s at load 15.
      test.setTimeout(Math.max(60_000, 10_000 * shown.length));
      for (const p of shown) {
        const path = p.path!;
        const response = await page.goto(siteUrl(slug, path));
        expect(response?.status(), path).toBe(200);
        const gated = gatedKind(tenant, path);
        if (gated) {
          const at = new URL(page.url());
          expect([at.pathname, at.searchParams.get("type"), at.searchParams.get("redirect")], path).toEqual(["/sign-in", SIGN_IN_TYPE[gated], path]);
          continue;
        }
        if (p.title !== null) {
          await expect(page).toHaveTitle(documentTitle(p.title, name));
          expect((await page.title()).split(name).length - 1, path).toBe(1);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.title);
        }
        if (p.blocks.some((b) => b.type === "trade-in-wizard")) continue;
        const problems = axed.has(path) ? await axeProblems(page, path, label === "phone" && path !== "/" ? ["main"] : []) : [];
        // At desktop width the main menu keeps to one row (Wattle Creek's once wrapped "Contact" under the rest).
        if (label === "desktop" && path === "/") {
          const rows = new Set(await page.locator('nav[aria-label="Main"] > ul > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top))));
          if (rows.size > 1) problems.push(`${path}: the main menu wraps onto ${rows.size} rows`);
        }
        // WCAG 1.4.10 reflow, on every page: nothing makes it scroll sideways.
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (sideways > 0) problems.push(`${path}: the page is ${sideways} px wider than the ${label} viewport`);
        expect(problems).toEqual([]);
      }
    });
  }
}

test("popup: waits for the consent banner's answer, then opens; closes with Escape, and stays closed for this dealer after a reload", async ({ page }) => {
  const tenant = demoTenants.find((t) => [...t.layout.top, ...t.layout.bottom].some((b) => b.type === "popup"))!;
  const popup = [...tenant.layout.top, ...tenant.layout.bottom].find((b) => b.type === "popup")!;
  const title = (popup.props as { title: string }).title;
  await page.goto(siteUrl(tenant.identity.slug));
  await page.waitForLoadState("networkidle");
  const dialog = page.getByRole("dialog", { name: title });
  // The site asks for consent (it has analytics): a modal popup over the banner would leave the banner inert.
  const accept = page.getByRole("button", { name: "Accept all" });
  await expect(accept).toBeVisible();
  await expect(dialog).toBeHidden();
  await accept.click();
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(true);
  expect(await axeProblems(page, "popup", ["dialog[open]"])).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Remembered on the dialog's close event, which the browser dispatches as a task after it hides the dialog.
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `forecourt:popup-dismissed:${tenant.identity.slug}`)).not.toBeNull();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog", { name: title })).toBeHidden();
});

test("popup: opens before the page's scripts run, once the consent banner is answered; its Close button works and is remembered then too", async ({ page }) => {
  const tenant = demoTenants.find((t) => [...t.layout.top, ...t.layout.bottom].some((b) => b.type === "popup"))!;
  const popup = [...tenant.layout.top, ...tenant.layout.bottom].find((b) => b.type === "popup")!;
  const title = (popup.props as { title: string }).title;
  // The page's scripts never arrive: only the inline ones in the HTML run.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto(siteUrl(tenant.identity.slug));
  const dialog = page.getByRole("dialog", { name: title });
  // The banner's inline script takes the answer without the page's scripts, and the popup's opens then.
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Reject all" }).click();
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `forecourt:popup-dismissed:${tenant.identity.slug}`)).not.toBeNull();
  await page.reload();
  await expect(page.getByRole("heading", { name: title })).toBeHidden();
});

test("popup: stays closed on a phone on a car's page, also once the page has hydrated", async ({ page }) => {
  const tenant = demoTenants.find((t) => [...t.layout.top, ...t.layout.bottom].some((b) => b.type === "popup"))!;
  await page.setViewportSize(viewports.phone);
  // A returning visitor who answered the consent banner: nothing else keeps the popup waiting.
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: serializeConsent({ analytics: false, ads: false, at: 1764460000 }), url: siteUrl(tenant.identity.slug) }]);
  await page.goto(siteUrl(tenant.identity.slug, "/search"));
  await expect(page.locator("dialog[id^=fc-popup-]")).toBeVisible();
  const car = (await page.locator("main a[href^='/cars/']").first().getAttribute("href"))!.split(/[?#]/)[0];
  await page.goto(siteUrl(tenant.identity.slug, car));
  await reactHydrated(page.locator('[data-block="vehicle-summary"]'));
  expect(await page.locator("dialog[id^=fc-popup-]").evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
});

test("announcement bar: dismissed once, it stays dismissed without a flash", async ({ page }) => {
  const tenant = demoTenants.find((t) => t.layout.top.some((b) => b.type === "announcement-bar"))!;
  const bar = tenant.layout.top.find((b) => b.type === "announcement-bar")!;
  const message = (bar.props as { message: string }).message;
  // The site may also open a modal popup on load; this visitor dismissed it before.
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${tenant.identity.slug}`);
  await page.goto(siteUrl(tenant.identity.slug));
  await expect(page.getByText(message)).toBeVisible();
  await reactHydrated(page.getByRole("button", { name: "Dismiss announcement" }));
  await page.getByRole("button", { name: "Dismiss announcement" }).click();
  await expect(page.getByText(message)).toBeHidden();
  await page.route("**/_next/static/**", (route) => route.abort()); // no JavaScript bundle: the inline script alone hides it
  await page.reload();
  await expect(page.getByText(message)).toBeHidden();
});

test("hero slides: next and previous move between slides", async ({ page }) => {
  const tenant = demoTenants.find((t) => t.pages.some((p) => p.blocks.some((b) => b.type === "hero-slides" && (b.props as { slides: unknown[] }).slides.length > 1)))!;
  const hero = tenant.pages.flatMap((p) => p.blocks).find((b) => b.type === "hero-slides")!;
  const slides = (hero.props as { slides: { name: string }[] }).slides;
  await page.goto(siteUrl(tenant.identity.slug));
  await expect(page.getByRole("heading", { name: slides[0].name })).toBeVisible();
  await reactHydrated(page.getByRole("button", { name: /next slide/i }));
  await page.getByRole("button", { name: /next slide/i }).click();
  await expect(page.getByRole("heading", { name: slides[1].name })).toBeVisible();
  await expect(page.getByRole("heading", { name: slides[0].name })).toBeHidden();
  await page.getByRole("button", { name: /previous slide/i }).click();
  await expect(page.getByRole("heading", { name: slides[0].name })).toBeVisible();
});

test("header: the mobile menu button opens and closes the navigation", async ({ page }) => {
  const tenant = demoTenants[0];
  await page.setViewportSize(viewports.phone);
  await page.goto(siteUrl(tenant.identity.slug));
  const button = page.getByRole("button", { name: /menu/i });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await reactHydrated(button);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: tenant.navigation.items.find((i) => i.href)!.label, exact: true }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
});
