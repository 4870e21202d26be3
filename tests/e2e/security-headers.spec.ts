import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { adminUrl, reactHydrated, siteGet, siteUrl } from "./helpers";
import { signInStaff, STAFF } from "./sign-in";

// Security headers (issue 12 item 11) on every kind of answer, and a Content-Security-Policy that
// breaks nothing: no violation on a site's home, search and vehicle pages nor in the admin editor
// with its preview; the admin cannot be framed, the preview can (by the admin).

const SITE = "harbourline";

function expectCommon(headers: Record<string, string>, what: string) {
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  // Over plain http: no HSTS.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}
function expectUnframable(headers: Record<string, string>, what: string) {
  expectCommon(headers, what);
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

/** Collects the page's Content-Security-Policy violations (as Chromium reports them on the console). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(`${page.url()}: ${m.text()}`);
  });
  return seen;
}

test("a site page, a cached vehicle page, an API answer, an asset and the admin carry the security headers", async ({ page }) => {
  const home = await page.goto(siteUrl(SITE));
  expectUnframable(home!.headers(), "site home");
  const csp = home!.headers()["content-security-policy"];
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp).toContain(directive);
  // No eval on a dealer site (its lead forms interpret their schemas); the admin's editor needs it.
  // Google's and Meta's tags only, which load only with a site's ids and the visitor's consent.
  expect(csp).toContain("script-src 'self' 'unsafe-inline' https://www.googletagmanager.com https://connect.facebook.net;");
  expect(csp).not.toContain("unsafe-eval");

  // A vehicle page, rendered then served from the cache: the same headers both times.
  await page.goto(siteUrl(SITE, "/search"));
  const href = (await page.getByRole("link", { name: /^Explore Vehicle/ }).first().getAttribute("href"))!;
  const first = await page.goto(siteUrl(SITE, href));
  const second = await page.goto(siteUrl(SITE, href));
  expect(second!.headers()["x-forecourt-cache"]).toBe("HIT");
  expectUnframable(second!.headers(), "cached VDP");
  for (const name of ["content-security-policy", "x-frame-options", "referrer-policy", "x-content-type-options"]) {
    expect(second!.headers()[name], name).toBe(first!.headers()[name]);
  }

  // An API answer and one of Next's assets, on the site's origin (the browser resolves *.localhost).
  const fromSite = await page.evaluate(async () => {
    const headersOf = async (url: string) => Object.fromEntries((await fetch(url)).headers.entries());
    // One of Next's scripts: its tag, or its preload until the page has painted (serving/late-scripts.ts).
    const script = document.querySelector("script[src^='/_next/'], link[as=script][href^='/_next/']")!;
    return { api: await headersOf("/api/health"), asset: await headersOf(script.getAttribute("src") ?? script.getAttribute("href")!) };
  });
  expectUnframable(fromSite.api, "API");
  expectUnframable(fromSite.asset, "asset");

  // The admin: never framable, the sign-in API too.
  const admin = await page.request.get(adminUrl("/admin/sign-in"));
  expectUnframable(admin.headers(), "admin");
  expect(admin.headers()["content-security-policy"]).toContain("frame-src 'self' http://*.localhost:*");
  expect(admin.headers()["content-security-policy"]).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval';");
  const api = await page.request.post(adminUrl("/api/admin/sign-in"), { headers: { origin: adminUrl("").replace(/\/$/, "") }, data: {} });
  expect(api.status()).toBe(401);
  expectUnframable(api.headers(), "admin API");

  // Answers made before Next: the 400 for a malformed path, and Next's trailing-slash 308.
  const malformed = await siteGet(page.request, SITE, "/cars/%ZZ");
  expect(malformed.status()).toBe(400);
  expectUnframable(malformed.headers(), "malformed path");
  const slash = await siteGet(page.request, SITE, "/search/");
  expect(slash.status()).toBe(308);
  expectUnframable(slash.headers(), "trailing-slash 308");
});

test("X-Forwarded-Host cannot make another origin's post look like the admin's own", async ({ page }) => {
  const res = await page.request.post(adminUrl("/api/admin/sign-in"), {
    headers: { origin: "http://evil.test", "x-forwarded-host": "evil.test" },
    data: { email: STAFF.email, password: STAFF.password },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ message: "This request came from another site and was refused." });
});

test("the admin refuses to be framed by another site", async ({ page }) => {
  const refused = page.waitForEvent("console", (m) => /frame-ancestors 'none'|X-Frame-Options/.test(m.text()));
  // A page of another origin (a blank one, with no policy of its own) framing the admin.
  await page.setContent(`<iframe src="http://localhost:${E2E_PORT}/admin/sign-in" title="framed admin"></iframe>`);
  await refused;
  await expect(page.frameLocator("iframe").getByLabel("Email")).toHaveCount(0);
});

test("no Content-Security-Policy violation on a site's home, search and vehicle pages", async ({ page }) => {
  const violations = cspViolations(page);
  const scripts: Promise<string>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.text().catch(() => ""));
  });
  await page.goto(siteUrl(SITE));
  await page.waitForLoadState("networkidle");
  await page.goto(siteUrl(SITE, "/search"));
  await page.waitForLoadState("networkidle");
  // The search runs in the browser: a query answers.
  await page.getByRole("searchbox").fill("toyota");
  await page.getByRole("searchbox").press("Enter");
  await expect(page.locator("article h3").first()).toBeVisible();
  const href = (await page.getByRole("link", { name: /^Explore Vehicle/ }).first().getAttribute("href"))!;
  await page.goto(siteUrl(SITE, href));
  await page.waitForLoadState("networkidle");
  // The gallery and the calculators are live (hydrated scripts ran).
  await expect(page.locator("[data-ready=false]")).toHaveCount(0);
  // A lead form validates in the browser, without eval: it interprets its schema (domain/json-schema-lite.ts).
  await page.goto(siteUrl(SITE, "/contact-us"));
  const form = page.locator('form[data-form="enquiry"]');
  await reactHydrated(form);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await expect(form.getByText("Please fix the following errors:")).toBeVisible();
  await expect(form.getByText("Email Address is required.").first()).toBeVisible();
  expect(violations).toEqual([]);
  // None of the site's scripts, the form validator's included, is ajv (whose option names and messages survive minification).
  const code = (await Promise.all(scripts)).join("\n");
  expect(code).toContain("json-schema-lite");
  for (const ajv of ["strictNumbers", "must have required property", "unicodeRegExp"]) expect(code, ajv).not.toContain(ajv);
});

test("the admin editor and its preview of the draft work under the policy", async ({ page }) => {
  test.setTimeout(120_000);
  const violations = cspViolations(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInStaff(page);
  const editor = await page.goto(adminUrl(`/admin/tenants/${SITE}`));
  expectUnframable(editor!.headers(), "admin editor");
  await expect(page.locator("[data-ready=false]")).toHaveCount(0);
  await expect(page.locator("[data-ready=true]").first()).toBeAttached();
  // The RJSF forms validate (the validator compiles schemas) and the preview loads in its frame.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Identity" }).click();
  await expect(page.getByRole("heading", { name: "Identity", level: 2 })).toBeVisible();
  // A change is validated as it is typed (the validator compiles the schema to functions), then put back.
  const field = page.locator("main form input[type=text]").first();
  const before = await field.inputValue();
  await field.fill(`${before} x`);
  await field.fill(before);
  const preview = page.frameLocator("iframe[title^='Preview of the draft']");
  await expect(preview.getByText("Preview of the draft (revision")).toBeVisible({ timeout: 20_000 });
  const src = (await page.locator("iframe[title^='Preview of the draft']").getAttribute("src"))!;
  expect(src).toMatch(new RegExp(`^http://${SITE}\\.localhost:${E2E_PORT}/preview/`));
  const previewPage = await page.context().newPage();
  const previewAnswer = await previewPage.goto(src);
  const previewHeaders = previewAnswer!.headers();
  expectCommon(previewHeaders, "preview");
  expect(previewHeaders["x-frame-options"]).toBeUndefined();
  expect(previewHeaders["content-security-policy"]).toContain(`frame-ancestors 'self' http://localhost:*`);
  // The preview's trailing-slash redirect (Next's own 308) carries the preview's headers too.
  const slash = await siteGet(page.request, SITE, `${new URL(src).pathname.replace(/\/$/, "")}/search/`);
  expect(slash.status()).toBe(308);
  expectCommon(slash.headers(), "preview's 308");
  expect(slash.headers()["x-frame-options"]).toBeUndefined();
  expect(slash.headers()["content-security-policy"]).toContain(`frame-ancestors 'self' http://localhost:*`);
  await previewPage.close();
  expect(violations).toEqual([]);
});
