import { expect, test, type Page } from "@playwright/test";
import { adminUrl, viewports, expectAccessible } from "./helpers";
import { signInStaff } from "./sign-in";

// Editing without fear (issue 17): a deleted block comes back from the toast's Undo, Ctrl+Z undoes a
// field change; the preview opens a clicked block in the form and keeps its token in its links.
// Wattle Creek's draft is edited and left as it was found (saved, content unchanged).
test.describe.configure({ mode: "serial" });

const SLUG = "wattle-creek";
const draftUrl = adminUrl(`/api/admin/tenants/${SLUG}/draft`);

async function openEditor(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await signInStaff(page, SLUG);
}
const sections = (page: Page) => page.getByRole("navigation", { name: "Sections" });

/** A block's open/close button (the rich text's Link button is a toggle too). */
const BLOCK_TOGGLE = "button[aria-keyshortcuts='Alt+ArrowUp Alt+ArrowDown']";

test("a deleted block comes back from the toast's Undo; Ctrl+Z outside a field undoes a field change; the draft follows", async ({ page }) => {
  await openEditor(page);
  const before = (await (await page.request.get(draftUrl)).json()).document;

  await sections(page).getByRole("button", { name: "Pages" }).click();
  const blocks = page.locator("li[data-block-type]");
  await expect(blocks).toHaveCount(5);
  await page.getByRole("button", { name: "Delete Rich text (home-intro)" }).click();
  await expect(blocks).toHaveCount(4);
  const toast = page.getByRole("status").filter({ hasText: "Block deleted" });
  await expect(toast.getByText("Block deleted")).toBeVisible();
  await expectAccessible(page);
  // Keyboard: the toast's Undo is a button in the tab order.
  await toast.getByRole("button", { name: "Undo" }).focus();
  await page.keyboard.press("Enter");
  await expect(blocks).toHaveCount(5);
  await expect(blocks.nth(3).locator(BLOCK_TOGGLE)).toHaveText("4. Rich text");
  await expect(blocks.nth(3).getByRole("button", { name: "Delete Rich text (home-intro)" })).toBeVisible();
  await expect(toast).toHaveCount(0);

  // A field change, then Ctrl+Z with the focus outside the text field; Redo and Undo from the toolbar.
  await sections(page).getByRole("button", { name: "Identity" }).click();
  const name = page.getByRole("textbox", { name: /^Site name/ });
  await expect(name).toHaveValue("Wattle Creek Caravans");
  await name.fill("Wattle Creek Caravans & Campers");
  await page.getByRole("heading", { name: "Identity", level: 2 }).click();
  await page.keyboard.press("Control+z");
  await expect(name).toHaveValue("Wattle Creek Caravans");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(name).toHaveValue("Wattle Creek Caravans & Campers");
  // Autosave keeps the redone name on the server; the Undo below makes the draft differ from it again.
  await expect(page.locator("[data-status]")).toContainText(/Draft saved at|All changes saved/);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(name).toHaveValue("Wattle Creek Caravans");

  // The undone draft is what the server keeps.
  // Ctrl+S saves now (an autosave may have been quicker: the button is then disabled, the shortcut harmless).
  await page.keyboard.press("Control+s");
  await expect(page.locator("[data-status]")).toContainText(/Draft saved at|All changes saved/);
  await expect.poll(async () => (await (await page.request.get(draftUrl)).json()).document).toEqual(before);
});

test("a block clicked in the preview opens in the form; the preview follows the page and keeps its token in its links", async ({ page }) => {
  await openEditor(page);
  const preview = page.frameLocator("iframe[title^='Preview of the draft']");
  // The preview's script handles clicks once it has run (it marks the page then).
  await expect(preview.locator("html[data-preview-links=ready]")).toBeAttached({ timeout: 20_000 });
  // A click on the intro text (not a link) opens the block in Pages, on the home page.
  await preview.locator("[data-fc-block=home-intro] h2").first().click();
  await expect(sections(page).getByRole("button", { name: "Pages" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByLabel("Page to edit")).toHaveValue("0");
  const toggle = page
    .locator("li[data-block-type=rich-text]")
    .filter({ has: page.getByRole("button", { name: "Delete Rich text (home-intro)" }) })
    .locator(BLOCK_TOGGLE);
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(toggle).toBeFocused();

  // Editing the About page: the preview shows it.
  await page.getByLabel("Page to edit").selectOption({ label: "About Us (/about-us)" });
  await expect(page.getByLabel("Page to preview")).toHaveValue("/about-us");

  // Every link of the preview's page to the site stays in the preview, in the HTML as served.
  const href = await page.getByRole("link", { name: "Open in a new tab" }).getAttribute("href");
  const token = /\/preview\/([\w-]+)\//.exec(href!)![1];
  const tab = await page.context().newPage();
  // The page as served, before its scripts run.
  const html = await (await tab.goto(href!))!.text();
  expect(html).toContain(`href="/preview/${token}/search/jayco/journey"`);
  expect([...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]).filter((h) => !h.startsWith(`/preview/${token}/`) && !/^\/(api|media|_next|demo)\//.test(h))).toEqual([]);
  await tab.getByRole("contentinfo").getByRole("link", { name: "Jayco Journey" }).click();
  await expect(tab).toHaveURL(new RegExp(`/preview/${token}/search/jayco/journey$`));
  await tab.close();
});
