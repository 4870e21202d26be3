import { expect, test, type Page } from "@playwright/test";
import { siteUrl } from "./helpers";

// Every site page is one Next route, which ships every client component it could render; the big
// libraries are split off so that a page downloads them only when one of its blocks needs them.
// "InstantSearch" and "AlgoliaError" survive minification in react-instantsearch and algoliasearch.

async function scriptText(page: Page, url: string): Promise<string> {
  const bodies: Promise<string>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") bodies.push(r.text().catch(() => ""));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  return (await Promise.all(bodies)).join("\n");
}

test("a home page loads neither InstantSearch nor the search client until a search is made", async ({ page }) => {
  const scripts = await scriptText(page, siteUrl("harbourline"));
  expect(scripts).toContain("SearchHeroClient");
  expect(scripts).not.toContain("InstantSearch");
  expect(scripts).not.toContain("AlgoliaError");
});

// "shouldUnregister" is an option react-hook-form reads; "data-form" marks the lead form's <form>.
test("the lead form and react-hook-form load only on a page that shows a form", async ({ page }) => {
  const home = await scriptText(page, siteUrl("kowhai-motors"));
  expect(home).not.toContain("shouldUnregister");
  const contact = await scriptText(page, siteUrl("kowhai-motors", "/contact"));
  expect(contact).toContain("shouldUnregister");
  await expect(page.locator("form[data-form]")).toBeVisible();
});

// "next.mutated.cookies" is in Next's server request store, which react-instantsearch-nextjs's import
// of next/headers brought into the browser's scripts (next.config.ts aliases it there).
test("the search page loads InstantSearch, not Next's server request code, and shows its results", async ({ page }) => {
  const scripts = await scriptText(page, siteUrl("harbourline", "/search"));
  expect(scripts).toContain("InstantSearch");
  expect(scripts).not.toContain("next.mutated.cookies");
  await expect(page.locator("main article").first()).toBeVisible();
});
