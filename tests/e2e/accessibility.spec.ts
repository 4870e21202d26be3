import { expect, test } from "@playwright/test";
import { gatedKind, SIGN_IN_TYPE } from "../../domain/gated-routes";
import { documentTitle } from "../../domain/page-title";
import { axeProblems, demoTenants, reactHydrated, siteUrl, viewports } from "./helpers";

// Every page of every demo site, as a visitor opens it: it answers 200 with its own title (the site's
// name once) and its heading — or, kept for signed-in visitors, sends this anonymous one to sign-in —
// and passes axe-core's WCAG 2.x A/AA rules at phone width. At desktop width the home page and the
// search page, where the layout changes (the header's menus, the footer, the search filters beside
// the results); the blocks of other pages are the same markup at both widths. Each page must also fit
// its width (no sideways scrolling). The trade-in pages are checked with axe in trade-in.spec.ts, in
// the wizard's states, on each site once.
for (const tenant of demoTenants) {
  const { slug, name } = tenant.identity;
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`${slug}: every page answers with its title and passes axe WCAG A/AA at ${label} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const pages = [...tenant.pages.filter((p) => p.path), { path: "/search", title: null, blocks: [] }];
      const shown = label === "phone" ? pages : pages.filter((p) => p.path === "/" || p.path === "/search");
      test.setTimeout(10_000 * shown.length);
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
        const problems = await axeProblems(page, path);
        // At desktop width the main menu keeps to one row (Wattle Creek's once wrapped "Contact" under the rest).
        if (label === "desktop" && path === "/") {
          const rows = new Set(await page.locator('nav[aria-label="Main"] > ul > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top))));
          if (rows.size > 1) problems.push(`${path}: the main menu wraps onto ${rows.size} rows`);
        }
        // WCAG 1.4.10 reflow: nothing makes the page scroll sideways.
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (sideways > 0) problems.push(`${path}: the page is ${sideways} px wider than the ${label} viewport`);
        expect(problems).toEqual([]);
      }
    });
  }
}

test("popup: opens on load, closes with Escape, and stays closed for this dealer after a reload", async ({ page }) => {
  const tenant = demoTenants.find((t) => [...t.layout.top, ...t.layout.bottom].some((b) => b.type === "popup"))!;
  const popup = [...tenant.layout.top, ...tenant.layout.bottom].find((b) => b.type === "popup")!;
  const title = (popup.props as { title: string }).title;
  await page.goto(siteUrl(tenant.identity.slug));
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Remembered on the dialog's close event, which the browser dispatches as a task after it hides the dialog.
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `forecourt:popup-dismissed:${tenant.identity.slug}`)).not.toBeNull();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog", { name: title })).toBeHidden();
});

test("popup: open with the page before its scripts run; its Close button works and is remembered then too", async ({ page }) => {
  const tenant = demoTenants.find((t) => [...t.layout.top, ...t.layout.bottom].some((b) => b.type === "popup"))!;
  const popup = [...tenant.layout.top, ...tenant.layout.bottom].find((b) => b.type === "popup")!;
  const title = (popup.props as { title: string }).title;
  // The page's scripts never arrive: only the inline ones in the HTML run.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto(siteUrl(tenant.identity.slug));
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d: HTMLDialogElement) => d.matches(":modal"))).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `forecourt:popup-dismissed:${tenant.identity.slug}`)).not.toBeNull();
  await page.reload();
  await expect(page.getByRole("heading", { name: title })).toBeHidden();
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
