import { expect, test } from "@playwright/test";
import { adminUrl, siteUrl, viewports, expectAccessible } from "./helpers";
import { signInStaff } from "./sign-in";

// Editing without code (issue 17): staff format the About page's text with the rich-text editor
// (bold, and a link picked from the site's pages) and points a menu item at a search built with the
// link picker; published, the site shows both. Bluegum (no other spec counts its versions) is put
// back afterwards (restore + publish).

const SITE = "bluegum";

test("staff format text and picks links without HTML or URLs, publishes, and the site shows them", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(viewports.desktop);
  await signInStaff(page, SITE);
  const sections = page.getByRole("navigation", { name: "Sections" });
  // Saved by hand: an autosave timer that ends just as a slow save returns can send the old revision.
  await page.getByLabel("Autosave").uncheck();

  // About Us: the first text block, with the rich-text editor.
  await sections.getByRole("button", { name: "Pages" }).click();
  await page.getByLabel("Page to edit").selectOption({ label: "About Us (/about-us)" });
  await page.locator("li[data-block-type=rich-text] button[aria-keyshortcuts='Alt+ArrowUp Alt+ArrowDown']").first().click();
  const text = page.getByRole("textbox", { name: "Text", exact: true });
  const toolbar = page.getByRole("toolbar", { name: "Text: formatting" });
  await text.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Ask our ");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("finance team");
  for (let i = 0; i < "finance team".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await toolbar.getByRole("button", { name: "Link" }).click();
  await page.getByLabel("Page", { exact: true }).selectOption("/finance");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(text.locator('a[href="/finance"] strong, strong a[href="/finance"]')).toHaveText("finance team");
  await expectAccessible(page, "rich-text editor");

  // Navigation: the fourth menu item goes to a search of one make, chosen from the stock.
  await sections.getByRole("button", { name: "Navigation" }).click();
  // The menu's items are one line each until opened.
  await page.locator("#fc-navigation_navigation_items [data-list-item='3'] button[aria-expanded=false]").first().click();
  const item = page.locator("[id$='navigation_items_3_href']").first();
  await item.selectOption("search");
  const make = page.locator("[id$='navigation_items_3_href-search-make']");
  await expect(make.locator("option")).not.toHaveCount(1);
  const chosen = (await make.locator("option").nth(1).getAttribute("value"))!;
  const search = `/search/${chosen.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  await make.selectOption(chosen);
  await expect(page.getByText(`Goes to ${search}`, { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("[data-status]")).toContainText("Draft saved at", { timeout: 30_000 });
  await page.getByRole("button", { name: "Publish" }).click();
  const published = page.getByText(/^Published version (\d+) at .+\. The site shows it now\.$/);
  await expect(published).toBeVisible({ timeout: 30_000 });
  const version = Number(/version (\d+)/.exec((await published.textContent()) ?? "")![1]);

  const site = await page.context().newPage();
  await site.goto(siteUrl(SITE, "/about-us"));
  await expect(site.locator('main strong a[href="/finance"], main a[href="/finance"] strong').filter({ hasText: "finance team" })).toBeVisible();
  await expect(site.locator(`header a[href="${search}"]`).first()).toBeAttached();
  await site.close();

  // Put the site back as it was: the version before, restored and published.
  const headers = { origin: adminUrl("").replace(/\/$/, "") };
  const draft = await (await page.request.get(adminUrl(`/api/admin/tenants/${SITE}/draft`))).json();
  const restored = await page.request.post(adminUrl(`/api/admin/tenants/${SITE}/restore`), { headers, data: { version: version - 1, revision: draft.revision } });
  expect(restored.status()).toBe(200);
  const again = await page.request.post(adminUrl(`/api/admin/tenants/${SITE}/publish`), { headers, data: { revision: (await restored.json()).revision } });
  expect(again.status()).toBe(200);
});


// Issue 33: a dealership is chosen by name from the stock feed's dealerships (never typed), its
// franchises and a location's makes are ticked from the site's makes, and a make not listed is
// added from the keyboard. Nothing is saved (autosave off).
test("a dealership is chosen from the stock feed; franchises and a location's makes are ticked, a make not listed added", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(viewports.desktop);
  await signInStaff(page, "harbourline");
  await page.getByLabel("Autosave").uncheck();
  await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Locations", exact: true }).click();

  await page.locator("#fc-locations_dealerships [data-list-item='1'] button[aria-expanded=false]").first().click();
  const feed = page.locator("#fc-locations_dealerships_1_id");
  await expect(feed).toBeVisible();
  await expect(feed.locator("option:checked")).toHaveText(/^Harbourline Mazda: [\d,]+ in stock/);
  // Not another site's (Bluegum's 301), nor one another entry already is (Harbourline Toyota, 101).
  await expect(feed.locator("option[value='301'], option[value='101']")).toHaveCount(0);
  await expect(page.locator("#fc-locations_dealerships_1_id__feed")).toHaveText(/^This site's dealerships in the stock feed and those on no site yet\./);

  const franchises = page.locator("fieldset[id$='dealerships_1_makes']");
  // The ticked ones are listed, the site's other makes offered in a select.
  await expect(franchises.getByRole("checkbox")).toHaveCount(1);
  await expect(franchises.getByLabel("Mazda", { exact: true })).toBeChecked();
  await expect(franchises.getByLabel("Add a make").locator("option", { hasText: "Toyota" })).toHaveCount(1);
  const other = franchises.getByLabel("A make not in the list");
  await other.fill("Zeta Motors");
  await other.press("Enter");
  await expect(franchises.getByLabel("Zeta Motors", { exact: true })).toBeChecked();
  await expect(other).toHaveValue("");

  // A location's makes (stored as slugs, "mazda") are ticked by the make's name.
  await page.locator("#fc-locations_locations [data-list-item='2'] button[aria-expanded=false]").first().click();
  const makes = page.locator("fieldset[id$='locations_2_manufacturers']");
  await expect(makes.getByLabel("Mazda", { exact: true })).toBeChecked();
  const add = makes.getByLabel("Add a make");
  await add.focus();
  await add.selectOption({ label: "Kia" });
  await expect(makes.getByLabel("Kia", { exact: true })).toBeChecked();
  await expect(add).toHaveValue("");
  // Unticked from the keyboard, it goes back to the select.
  await makes.getByLabel("Kia", { exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(makes.getByLabel("Kia", { exact: true })).toHaveCount(0);
  await expect(add.locator("option", { hasText: "Kia" })).toHaveCount(1);
  await makes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/e2e/admin-widgets-makes-desktop.png" });
  await expectAccessible(page, "makes pickers");
  const draft = await (await page.request.get(adminUrl("/api/admin/tenants/harbourline/draft"))).json();
  expect(draft.document.dealerships[1].makes).toEqual(["Mazda"]);
});
