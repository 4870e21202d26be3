import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { adminUrl, demoTenants, siteGet, siteUrl, viewports } from "./helpers";
import { E2E_PORT } from "../../playwright.config";
import { documentTitle } from "../../domain/page-title";
import { COMPILE_HINT } from "../../serving/compile-hints";

/** The home page's <title>: its title field (with the site's name unless it names it). */
const homeTitle = (tenant: (typeof demoTenants)[number]) => documentTitle(tenant.pages.find((p) => p.path === "/")!.title, tenant.identity.name);

for (const tenant of demoTenants) {
  const { slug, name, locale } = tenant.identity;
  for (const [label, viewport] of Object.entries(viewports)) {
    test(`${slug}: home page renders on its host at ${label} width`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const response = await page.goto(siteUrl(slug));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(homeTitle(tenant));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("body")).toHaveAttribute("data-template", tenant.template);
      await expect(page.locator("main#main")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(name);
      await expect(page.locator(`img[alt="${tenant.theme.logo.alt}"]`).first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/${slug}-${label}.jpg`, fullPage: true });
      expect(errors).toEqual([]);
    });
  }
}

test("a custom domain from the document serves its site", async ({ page }) => {
  const tenant = demoTenants.find((t) => t.identity.domains.length)!;
  const response = await page.goto(`http://${tenant.identity.domains[0]}:${E2E_PORT}/`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(homeTitle(tenant));
});

test("an unknown host gets a plain 404 page", async ({ page }) => {
  for (const url of [siteUrl("no-such-dealer"), `http://www.unknown-dealer.test:${E2E_PORT}/`]) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Page not found");
  }
});

test("an unknown path or car on a tenant host gets the site's 404, with its header and footer", async ({ page }) => {
  const { slug, name } = demoTenants[0].identity;
  // The path header is proxy.ts's own: one sent by the visitor does not hide the site's 404.
  await page.setExtraHTTPHeaders({ "x-forecourt-path": "/" });
  for (const path of ["/no-such-page", "/cars/no-such-car", "/cars/no-such-car/checkout"]) {
    const response = await page.goto(siteUrl(slug, path));
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("h1")).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(name);
  }
});

test("a HEAD of a missing page is a 404 too, and of a page a 200, with no body", async ({ request }) => {
  const { slug } = demoTenants[0].identity;
  const head = (path: string) => request.head(`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: new URL(siteUrl(slug)).host }, maxRedirects: 0, failOnStatusCode: false });
  const missing = await head("/no-such-page");
  expect(missing.status()).toBe(404);
  expect((await missing.body()).length).toBe(0);
  expect((await head("/")).status()).toBe(200);
});

test("a page's HTML carries the site's header and footer once in its React payload, not again for the 404 fallback", async ({ request }) => {
  const { slug } = demoTenants[0].identity;
  for (const path of ["/", "/search"]) {
    const html = await (await siteGet(request, slug, path)).text();
    // Once as markup, once in the payload React hydrates from.
    expect(html.split("Skip to content").length - 1, path).toBe(2);
    expect(html.split('"type\\":\\"site-footer\\"').length - 1, path).toBe(1);
  }
});

test("every demo site's search page is under issue 18's 150 KB of HTML, with its header menu and footer drawn", async ({ request }) => {
  for (const { identity, navigation } of demoTenants) {
    const html = await (await siteGet(request, identity.slug, "/search")).text();
    expect(html.length, identity.slug).toBeLessThan(150_000);
    // The menu and footer are client components drawn from short props: their markup is still in the HTML.
    expect(html, identity.slug).toContain('aria-label="Main"');
    expect(html, identity.slug).toContain("<footer");
    for (const item of navigation.items.filter((i) => !i.onlyWhenOffers)) expect(html, `${identity.slug}: ${item.label}`).toContain(`>${item.label.replace(/&/g, "&amp;")}<`);
  }
});

test("a page's stylesheets are its own linked files: a block whose client part loads lazily adds none of its own", async ({ request }) => {
  for (const { identity } of demoTenants) {
    const search = await (await siteGet(request, identity.slug, "/search")).text();
    const car = /href="(\/cars\/[a-z0-9-]+)"/.exec(search)![1];
    for (const path of ["/", "/search", car]) {
      const html = await (await siteGet(request, identity.slug, path)).text();
      const sheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      expect(sheets.length, `${identity.slug}${path}`).toBeGreaterThan(0);
      // next/dynamic would add a chunk's own stylesheet, one more file to wait for before the first paint.
      expect(sheets.filter((l) => l.includes('data-precedence="dynamic"')), `${identity.slug}${path}`).toEqual([]);
    }
  }
});

test("a site page's stylesheets hold none of the admin's own rules", async ({ request }) => {
  // Classes only admin.module.css defines, as Turbopack names them (`{hash}_{class}`). The admin's
  // stylesheet had joined the CSS chunk the preview route shares with the sites: 15 KB of every page.
  const classes = (file: string) => new Set([...readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/\.([a-zA-Z_][\w-]*)/g)].map((m) => m[1]));
  const elsewhere = new Set(
    ["blocks", "renderer", "app"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".module.css"))
        .flatMap((f) => [...classes(`${dir}/${f}`)]),
    ),
  );
  const adminOnly = [...classes("admin/admin.module.css")].filter((c) => !elsewhere.has(c));
  expect(adminOnly).toEqual(expect.arrayContaining(["wizardHours", "previewFrameBox", "richToolbar"]));
  const html = await (await siteGet(request, demoTenants[0].identity.slug, "/")).text();
  const sheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(sheets.length).toBeGreaterThan(0);
  for (const href of sheets) {
    const css = await (await siteGet(request, demoTenants[0].identity.slug, href)).text();
    expect(css.length, href).toBeGreaterThan(0);
    expect(adminOnly.filter((c) => new RegExp(`[\\w-]_${c}(?![\\w-])`).test(css)), href).toEqual([]);
  }
});

test("a site page's scripts start with V8's compile hint, so they compile off the main thread", async ({ request }) => {
  const html = await (await siteGet(request, demoTenants[0].identity.slug, "/")).text();
  const scripts = [...html.matchAll(/<link rel="x-fc-late" as="script" href="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(3);
  for (const src of scripts) expect((await (await siteGet(request, demoTenants[0].identity.slug, src)).text()).startsWith(COMPILE_HINT), src).toBe(true);
});

test("/admin is never served on a tenant host, and /s/ never on the admin host", async ({ page }) => {
  const slug = demoTenants[0].identity.slug;
  expect((await page.goto(siteUrl(slug, "/admin")))?.status()).toBe(404);
  expect((await page.goto(siteUrl(slug, "/admin/tenants")))?.status()).toBe(404);
  expect((await page.goto(adminUrl(`/s/${slug}.localhost/`)))?.status()).toBe(404);
});

test("health names the database, search and payment back-ends", async ({ request }) => {
  const res = await request.get(adminUrl("/api/health"));
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", database: "pglite", search: "embedded", media: "local folder", rateLimits: process.env.REDIS_URL ? "redis" : "memory", payments: "test gateway" });
});

test("the admin host lists every demo site with its address", async ({ page }) => {
  await page.goto(adminUrl());
  await expect(page.getByTestId("payments-status")).toHaveText("Online payments (reserve online): test gateway — test card numbers only, no money moves.");
  for (const t of demoTenants) {
    await expect(page.getByRole("link", { name: siteUrl(t.identity.slug) })).toBeVisible();
  }
});

test("keyboard users can skip to the content", async ({ page }) => {
  await page.goto(siteUrl(demoTenants[0].identity.slug));
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
});
