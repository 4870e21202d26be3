import { expect, test, type Locator, type Page } from "@playwright/test";
import { demoTenants, expectAccessible, reactHydrated, siteUrl, viewports } from "./helpers";

// The search page of every demo site, end to end: type, refine, sort, page, reload, clear, SEO paths.

const countHeading = (page: Page) => page.locator('h2[id$="-count"]');
const cardTitles = (page: Page) => page.locator("article h3");
const searchBox = (page: Page) => page.getByRole("searchbox");
const decodedUrl = (page: Page) => decodeURIComponent(page.url());
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function count(page: Page): Promise<number> {
  const text = (await countHeading(page).textContent()) ?? "";
  const m = /^([\d,]+) /.exec(text.trim());
  expect(m, `count heading "${text}"`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
}

/** The filter section whose summary starts with `label`, opened. */
async function openFilter(scope: Page | Locator, label: string): Promise<Locator> {
  const page = "page" in scope ? scope.page() : scope;
  const section = scope.locator("details").filter({ has: page.locator("summary", { hasText: new RegExp(`^${escapeRe(label)}`) }) }).first();
  if ((await section.getAttribute("open")) === null) await section.locator("summary").click();
  return section;
}

/** Opens a page and waits until its scripts have loaded, so the search is live (hydrated) before it is used. */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.waitForLoadState("networkidle");
  return response;
}

async function waitForUrl(page: Page, test: (url: string) => boolean) {
  await expect.poll(() => test(decodedUrl(page)), { timeout: 5000 }).toBe(true);
}

for (const tenant of demoTenants) {
  const { slug } = tenant.identity;
  const makeLabel = tenant.search?.filters?.find((f) => f.attribute === "make")?.label ?? "Make";
  const hasMakeFilter = !tenant.search?.filters || tenant.search.filters.some((f) => f.attribute === "make");

  // A site may open a modal popup on load; these visitors dismissed it before.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  });

  test(`${slug}: search — type, refine a make, sort, page, reload, clear`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const response = await open(page, siteUrl(slug, "/search"));
    expect(response?.status()).toBe(200);
    // One search page view event (49) for the site's tag manager, pushed once the page has hydrated.
    await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toEqual([{ event: "forecourt", id: 49, site: slug, path: "/search" }]);
    const all = await count(page);
    expect(all, "the demo inventory lists vehicles on this site").toBeGreaterThan(0);
    await expect(cardTitles(page).first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/search-${slug}-${viewports.desktop.width}.jpg`, fullPage: true });

    // The most common make: typed as a query, then refined.
    test.skip(!hasMakeFilter, "this site has no make filter");
    const makes = await openFilter(page, makeLabel);
    const firstMake = makes.locator("label").first();
    const make = ((await firstMake.locator("span").first().textContent()) ?? "").trim();
    expect(make).not.toBe("");

    await searchBox(page).pressSequentially(make.toLowerCase(), { delay: 40 });
    await waitForUrl(page, (u) => u.includes(`query=${make.toLowerCase()}`));
    await expect.poll(() => count(page)).toBeGreaterThan(0);

    await (await openFilter(page, makeLabel)).getByRole("checkbox", { name: new RegExp(`^${escapeRe(make)}\\b`) }).check();
    await waitForUrl(page, (u) => u.includes(`refinementList[make][0]=${make}`));
    await expect(page.getByRole("list", { name: "Selected filters" })).toContainText(make);
    await expect.poll(async () => (await cardTitles(page).allTextContents()).every((t) => t.includes(make))).toBe(true);

    // Another sort, through its replica.
    const sort = page.getByLabel("Sort by");
    const options = await sort.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const sortBy = options.find((v) => v.includes("created_at")) ?? options[1];
    if (sortBy) {
      await sort.selectOption(sortBy);
      await waitForUrl(page, (u) => u.includes(`sortBy=${sortBy}`));
    }

    // Page 2 exactly when the refined results are more than the site's page size (search.hitsPerPage).
    const refined = await count(page);
    const page2 = page.getByRole("link", { name: "Page 2" });
    const paged = refined > tenant.search.hitsPerPage;
    await expect(page2).toHaveCount(paged ? 1 : 0);
    if (paged) {
      const before = await cardTitles(page).first().textContent();
      await page2.click();
      await waitForUrl(page, (u) => u.includes("page=2"));
      await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await expect.poll(() => cardTitles(page).first().textContent()).not.toBe(before);
    }

    // A reload keeps everything: the state is in the URL.
    const url = page.url();
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(page.url()).toBe(url);
    await expect(searchBox(page)).toHaveValue(make.toLowerCase());
    await expect((await openFilter(page, makeLabel)).getByRole("checkbox", { name: new RegExp(`^${escapeRe(make)}\\b`) })).toBeChecked();
    if (sortBy) await expect(sort).toHaveValue(sortBy);
    if (paged) await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(await count(page)).toBe(refined);

    // Clear all removes the filters; emptying the box the query.
    await reactHydrated(page.getByRole("button", { name: "Clear all" }));
    await page.getByRole("button", { name: "Clear all" }).click();
    await waitForUrl(page, (u) => !u.includes("refinementList"));
    await searchBox(page).fill("");
    await waitForUrl(page, (u) => !u.includes("query="));
    await expect.poll(() => count(page)).toBe(all);

    expect(errors).toEqual([]);
  });

  test(`${slug}: search — no results, then Clear Filters returns to the default search`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await open(page, siteUrl(slug, "/search/used-cars?query=zzqxjv"));
    await expect(page.getByRole("heading", { name: "No Results Available" })).toBeVisible();
    await expect(page.getByText("No results found for your search at this time. Please try adjusting the filters for more results.")).toBeVisible();
    await reactHydrated(page.getByRole("button", { name: "Clear Filters" }));
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await waitForUrl(page, (u) => u === siteUrl(slug, "/search"));
    await expect(searchBox(page)).toHaveValue("");
    await expect.poll(() => count(page)).toBeGreaterThan(0);
  });

  test(`${slug}: search — /search/used-cars pre-refines used stock`, async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await open(page, siteUrl(slug, "/search"));
    const all = await count(page);
    await open(page, siteUrl(slug, "/search/used-cars"));
    const used = await count(page);
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(all);
    expect(page.url()).toBe(siteUrl(slug, "/search/used-cars"));
    // The page is titled by what the path shows.
    const usedTitle = `Used ${tenant.identity.vehicleNoun?.plural ?? "Cars"} for Sale`;
    await expect(page).toHaveTitle(`${usedTitle} | ${tenant.identity.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(usedTitle);
    await expect(page.getByRole("list", { name: "Selected filters" })).toContainText("Used");
    if (tenant.features.cardDetails !== false) {
      for (const details of await page.locator("article").getByRole("list", { name: "Details" }).allTextContents()) expect(details).toMatch(/^Used/);
    }
    const usedButton = page.getByRole("button", { name: "Used", exact: true });
    if (await usedButton.count()) await expect(usedButton).toHaveAttribute("aria-pressed", "true");
  });

  test(`${slug}: search on a phone — filters in a panel`, async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await open(page, siteUrl(slug, "/search"));
    expect(await count(page)).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/screenshots/search-${slug}-${viewports.phone.width}.jpg`, fullPage: true });

    const filters = page.getByRole("button", { name: /^Filters/ });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await reactHydrated(filters);
    await filters.click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    if (hasMakeFilter) {
      const makes = await openFilter(dialog, makeLabel);
      await makes.getByRole("checkbox").first().check();
      await waitForUrl(page, (u) => u.includes("refinementList[make][0]="));
    }
    await page.screenshot({ path: `test-results/screenshots/search-${slug}-${viewports.phone.width}-filters.jpg` });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(filters).toBeFocused();
  });
}

// Known bug (found by the VDP breadcrumbs test): on the used-only site, an SEO path with a make
// (/search/used-cars/isuzu-ute) counts 2 refinements on the server and 1 in the browser, so React
// reports a hydration mismatch in the Filters button. To be fixed; kept visible here until then.
test("bluegum: /search/used-cars/{make} hydrates without a mismatch", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(siteUrl("bluegum", "/search/used-cars/isuzu-ute"));
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});


// Issue 29, on one site (the rules are the same on every one): a range in the URL reads by the sliders'
// rules, the search box follows Back and Forward while focused, a page past the last says so and links
// to the last, and a failed search says so and can be tried again.
test("bluegum: search state — ranges from the URL, Back and Forward, past the last page, a failed search", async ({ page }) => {
  const slug = "bluegum";
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  await page.setViewportSize(viewports.desktop);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const chips = page.getByRole("list", { name: "Selected filters" });

  // An inverted, unrounded range reads as the range it means (it found nothing and read "$50,000 – $20,000"),
  // the same on the server as in the browser (no hydration mismatch).
  await open(page, siteUrl(slug, "/search?range[price]=50000:20000&range[km]=1234:56789"));
  await expect(chips).toContainText("$20,000 – $50,000");
  await expect(chips).toContainText("1,000 – 57,000 km");
  expect(await count(page)).toBeGreaterThan(0);
  await expect((await openFilter(page, "Price range")).locator("p").first()).toHaveText("$20,000 – $50,000");

  // The box shows the query of the URL it is on, focused or not.
  await open(page, siteUrl(slug, "/search"));
  const all = await count(page);
  const box = searchBox(page);
  await reactHydrated(box);
  await box.pressSequentially("toyota", { delay: 30 });
  await waitForUrl(page, (u) => u.includes("query=toyota"));
  await box.fill("mazda");
  await waitForUrl(page, (u) => u.includes("query=mazda"));
  await expect(box).toBeFocused();
  await page.goBack();
  await waitForUrl(page, (u) => u.includes("query=toyota"));
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("toyota");
  await page.goForward();
  await waitForUrl(page, (u) => u.includes("query=mazda"));
  await expect(box).toHaveValue("mazda");
  // A search made at once after Forward, and one after Back from an anchor (Skip to content), reach the URL.
  await box.fill("");
  await waitForUrl(page, (u) => !u.includes("query="));
  await page.evaluate(() => (location.hash = "main"));
  await page.goBack();
  await box.fill("kia");
  await waitForUrl(page, (u) => u.includes("query=kia"));

  // A failed search keeps the results and says so; Try again runs it again, and the word goes.
  await open(page, siteUrl(slug, "/search"));
  await reactHydrated(box);
  let fail = true;
  await page.route("**/api/search/**", (route) => (fail ? route.fulfill({ status: 502, body: "Bad Gateway" }) : route.fallback()));
  await box.fill("holden");
  const alert = page.getByRole("alert").filter({ hasText: "The search could not be updated just now." });
  await expect(alert).toHaveText("The search could not be updated just now. The results below may be out of date.");
  expect(await count(page)).toBe(all);
  await expect(box).toHaveValue("holden");
  await expectAccessible(page, "a failed search", ["main"]);
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(alert).toHaveCount(0);
  await waitForUrl(page, (u) => u.includes("query=holden"));
  await expect.poll(() => count(page)).not.toBe(all);
  await page.unroute("**/api/search/**");

  // Past the last page: no blank list, but a link to the last page with the rest of the search kept.
  await open(page, siteUrl(slug, "/search?page=99&range[price]=:30000"));
  const pages = Math.ceil((await count(page)) / 21);
  await expect(page.getByRole("heading", { name: "No More Results" })).toBeVisible();
  await expect(page.getByText(`There are no more results: this search has ${pages} pages.`)).toBeVisible();
  await expectAccessible(page, "past the last page", ["main"]);
  const last = page.getByRole("link", { name: `Go to the last page (page ${pages})` });
  expect(decodeURIComponent((await last.getAttribute("href")) ?? "")).toBe(siteUrl(slug, `/search?page=${pages}&range[price]=:30000`));
  await reactHydrated(last);
  await last.click();
  await waitForUrl(page, (u) => u.includes(`page=${pages}`));
  await expect(page.getByRole("link", { name: `Page ${pages}` })).toHaveAttribute("aria-current", "page");
  await expect(cardTitles(page).first()).toBeVisible();

  expect(errors).toEqual([]);
});

// CI (understand.spec, Coralstone): the price chip removed at once after a reload left 1 car up where 16
// matched, with the URL and the chips already wider and no failure said. Hydrating from the server's
// results, InstantSearch sent no search for a state changed between React's hydrating commit and that
// commit's passive effects (blocks/_shared/search/live-from-commit.tsx). Here the chip is clicked just
// then, through the DevTools hook React calls in production too: onCommitFiberRoot at each commit,
// onPostCommitFiberRoot once its passive effects ran. The click runs as soon as the first commit with
// the chip hydrated is done; when React ran that commit's effects at once (a synchronous hydration,
// which leaves no such moment) the page is loaded again.
test("coralstone-mazda: a chip removed in the commit that hydrates the page widens the results", async ({ page }) => {
  const slug = "coralstone-mazda";
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), `forecourt:popup-dismissed:${slug}`);
  await page.setViewportSize(viewports.desktop);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const CHIP = "Remove $27,000 – $33,000";
  type Probe = { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown; chip?: "clicked" | "effects ran" };
  await page.addInitScript((chip) => {
    const w = window as unknown as Probe;
    let effectsPending = false;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {
        effectsPending = false;
      },
      onCommitFiberRoot() {
        effectsPending = true;
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent === chip);
        if (w.chip || !button || !Object.keys(button).some((k) => k.startsWith("__reactProps"))) return;
        queueMicrotask(() => {
          w.chip = effectsPending ? "clicked" : "effects ran";
          if (effectsPending) button.click();
        });
      },
    };
  }, CHIP);
  const wide = "/search?refinementList[make][0]=Mazda&refinementList[model][0]=CX-5";
  const narrow = `${wide}&range[price]=27000:33000`;
  // Each search's count as the server renders it, on a page of its own (without the hook).
  const other = await page.context().newPage();
  const counts = [];
  for (const path of [narrow, wide]) {
    await other.goto(siteUrl(slug, path));
    counts.push(await count(other));
  }
  await other.close();
  const [fewer, more] = counts;
  expect(fewer).toBeLessThan(more);

  let chip: Probe["chip"];
  for (let load = 0; load < 5 && chip !== "clicked"; load++) {
    await page.goto(siteUrl(slug, narrow));
    await expect.poll(async () => (chip = await page.evaluate(() => (window as unknown as Probe).chip))).toBeDefined();
  }
  expect(chip, "the chip was clicked before the hydrating commit's effects ran").toBe("clicked");
  await waitForUrl(page, (u) => u === siteUrl(slug, wide));
  await expect(page.getByRole("list", { name: "Selected filters" }).getByRole("button")).toHaveText(["Remove Mazda", "Remove CX-5"]);
  await expect.poll(() => count(page)).toBe(more);
  expect(errors).toEqual([]);
});
