import { writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { adminUrl, expectAccessible, hydrated, viewports } from "./helpers";
import { DEALER, signInAs, signInStaff } from "./sign-in";

// Forms that fit on a screen (issue 33): Harbourline's dealer edits the menu and a location, every
// section of the editor at most 6,000 px tall with its lists closed (the menu was 69,970 px, the
// locations 181,899 px), the menu, the locations and the forms at a phone's width too; a checklist
// problem's button opens the list items it names and focuses the field; and a new feed key shows
// where staff clicked, not off-screen. The draft edits are put back as they were.

const MAX_HEIGHT = 6_000;

const status = (page: Page) => page.locator("[data-status]");
const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const draftOf = async (page: Page) => (await (await page.request.get(adminUrl("/api/admin/tenants/harbourline/draft"))).json()).document;

test("a dealer edits Harbourline's menu and locations; no section is taller than 6,000 px with its lists closed", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, DEALER);
  const before = await draftOf(page);
  await page.goto(adminUrl("/admin/tenants/harbourline"));
  await hydrated(page);
  await page.getByRole("checkbox", { name: "Autosave" }).uncheck();
  const sections = page.getByRole("navigation", { name: "Sections" });
  const names = (await sections.getByRole("button").allTextContents()).map((n) => n.replace(/\s*\d+ errors?$/, "").trim());
  expect(names).toEqual(expect.arrayContaining(["Navigation", "Locations"]));

  const heights: Record<string, { desktop: number; phone: number }> = {};
  for (const name of names) {
    await sections.getByRole("button", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await page.setViewportSize(viewports.desktop);
    const desktop = await height(page);
    await page.setViewportSize(viewports.phone);
    heights[name] = { desktop, phone: await height(page) };
  }
  await page.setViewportSize(viewports.desktop);
  writeFileSync("test-results/admin-fit-heights.json", JSON.stringify(heights, null, 2));
  for (const [name, h] of Object.entries(heights)) expect(h.desktop, `${name} at desktop width`).toBeLessThanOrEqual(MAX_HEIGHT);
  // At phone width (390 px) the menu, the locations and the forms fit too (Forms was 7,630 px there, then
  // 6,210 with its field rules under Advanced; one rule per nested level and one line per single value
  // made it about 5,500).
  for (const name of ["Navigation", "Locations", "Forms", "Pages"]) expect(heights[name].phone, `${name} at phone width`).toBeLessThanOrEqual(MAX_HEIGHT);
  // Nested lists draw one rule per level: an item's own group draws none (its item's box holds it), nor
  // does a list (its items' boxes are its box).
  await sections.getByRole("button", { name: "Forms", exact: true }).click();
  const ruled = (css: string) => page.locator(css).evaluateAll((els) => els.map((el) => getComputedStyle(el).borderLeftStyle + " " + getComputedStyle(el).borderLeftWidth));
  expect(await ruled("[class*=blockBody] > .form-group > fieldset")).toEqual(expect.arrayContaining(["none 0px"]));
  expect(new Set(await ruled("[class*=blockBody] > .form-group > fieldset, fieldset.rjsf-field-array"))).toEqual(new Set(["none 0px"]));
  expect(await ruled("#fc-forms_forms_enquiry")).toEqual(["solid 2px"]);

  // The menu: one line per item; the second opened with the keyboard, its label changed.
  await sections.getByRole("button", { name: "Navigation", exact: true }).click();
  const range = page.getByRole("button", { name: "2. Range — /models", exact: true });
  await expect(range).toHaveAttribute("aria-expanded", "false");
  await page.screenshot({ path: "/tmp/fit-navigation-closed.png", fullPage: true });
  await range.focus();
  await page.keyboard.press("Enter");
  await expect(range).toHaveAttribute("aria-expanded", "true");
  const item = page.locator(`#${await range.getAttribute("aria-controls")}`);
  // Its logo only when asked for; its 26 sub-menu links one line each.
  await expect(item.getByLabel("Image address")).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Add logo" }).first()).toBeVisible();
  await expect(item.getByRole("button", { name: /^\d+\. .+/, expanded: false })).toHaveCount(26);
  await item.getByRole("textbox", { name: /^Label/ }).first().fill("Our range");
  await expect(page.getByRole("button", { name: "2. Our range — /models", exact: true })).toBeVisible();
  await page.screenshot({ path: "/tmp/fit-navigation-open.png", fullPage: true });
  await expectAccessible(page, "navigation form, an item open");
  await page.setViewportSize(viewports.phone);
  await page.screenshot({ path: "/tmp/fit-navigation-phone.png", fullPage: true });
  await page.setViewportSize(viewports.desktop);

  // A location: opened by a click, its licence number changed.
  await sections.getByRole("button", { name: "Locations", exact: true }).click();
  const cleveland = page.getByRole("button", { name: "1. Harbourline Toyota Cleveland Sales — Cleveland", exact: true });
  await expect(cleveland).toHaveAttribute("aria-expanded", "false");
  await cleveland.click();
  await expect(cleveland).toHaveAttribute("aria-expanded", "true");
  const location = page.locator(`#${await cleveland.getAttribute("aria-controls")}`);
  await location.getByLabel("Dealer licence number").fill("QLD 99999");
  await page.screenshot({ path: "/tmp/fit-locations.png", fullPage: true });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(status(page)).toContainText("Draft saved at");
  const saved = await draftOf(page);
  expect(saved.navigation.items[1].label).toBe("Our range");
  expect(saved.locations[0].dealer_license_number).toBe("QLD 99999");
  // Nothing else of the menu or the locations changed.
  expect({ ...saved.navigation, items: saved.navigation.items.map((it: { label: string }, i: number) => (i === 1 ? { ...it, label: "Range" } : it)) }).toEqual(before.navigation);

  // Put back as it was.
  await location.getByLabel("Dealer licence number").fill(before.locations[0].dealer_license_number ?? "");
  await sections.getByRole("button", { name: "Navigation", exact: true }).click();
  await page.getByRole("button", { name: "2. Our range — /models", exact: true }).click();
  await page.locator(`#${await page.getByRole("button", { name: "2. Our range — /models", exact: true }).getAttribute("aria-controls")}`).getByRole("textbox", { name: /^Label/ }).first().fill("Range");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(status(page)).toContainText("Draft saved at");
  const after = await draftOf(page);
  expect(after.navigation).toEqual(before.navigation);
  expect(after.locations).toEqual(before.locations);

  // A checklist problem's button opens the list items it names, however deep, and focuses the field:
  // a dead link in Range's third sub-menu link, and Cleveland's licence number gone.
  const { revision } = await (await page.request.get(adminUrl("/api/admin/tenants/harbourline/draft"))).json();
  const broken = structuredClone(after);
  broken.navigation.items[1].children[2].href = "/fit-nowhere";
  delete broken.locations[0].dealer_license_number;
  const post = (document: unknown, rev: number) =>
    page.request.post(adminUrl("/api/admin/tenants/harbourline/draft"), { headers: { origin: adminUrl("").replace(/\/$/, "") }, data: { document, revision: rev } });
  const saved2 = await post(broken, revision);
  expect(saved2.ok(), await saved2.text()).toBe(true);
  await page.reload();
  await hydrated(page);
  const checklist = page.locator("[data-checklist]");
  await expect(checklist).toHaveAttribute("data-checklist", "fail");
  await checklist.locator("[data-check=links]").getByRole("button", { name: /Range › Hyundai Tucson/ }).click();
  await expect(page.getByRole("heading", { name: "Navigation", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "2. Range — /models", exact: true })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { name: "3. Hyundai Tucson — /fit-nowhere", exact: true })).toHaveAttribute("aria-expanded", "true");
  // Only the items on its way opened.
  await expect(page.getByRole("button", { name: "2. Mazda CX-5 — /search/mazda/cx-5", exact: true })).toHaveAttribute("aria-expanded", "false");
  const link = page.locator("#fc-navigation_navigation_items_1_children_2_href");
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport();
  await checklist.locator("[data-check=listing-rules]").getByRole("button", { name: /Harbourline Toyota Cleveland Sales/ }).click();
  await expect(page.getByRole("heading", { name: "Locations", level: 2 })).toBeVisible();
  await expect(cleveland).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Dealer licence number")).toBeFocused();
  await expect(page.getByLabel("Dealer licence number")).toBeInViewport();
  await page.screenshot({ path: "/tmp/fit-checklist-opened.png" });

  // Put back as it was.
  const now = await (await page.request.get(adminUrl("/api/admin/tenants/harbourline/draft"))).json();
  expect((await post(after, now.revision)).ok()).toBe(true);
  const restored = await draftOf(page);
  expect(restored.navigation).toEqual(before.navigation);
  expect(restored.locations).toEqual(before.locations);
});

test("a new feed key shows where staff clicked, not off-screen", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await signInStaff(page);
  await page.goto(adminUrl("/admin/dealerships"));
  await hydrated(page);
  const last = page.locator("tr[data-id]").last();
  const name = (await last.locator("th").innerText()).split("\n")[0].trim();
  const button = last.getByRole("button", { name: `New feed key for ${name}` });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const panel = page.getByRole("region", { name: new RegExp(`^New feed key for ${name}`) });
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport();
  await page.screenshot({ path: "/tmp/fit-feed-key.png" });
  // On a phone the table scrolls sideways; the key stays on the screen. The narrower page reflows
  // (rows grow taller), so the page is scrolled down to the panel — the page only, never the table,
  // which must not hide it to one side.
  await page.setViewportSize(viewports.phone);
  await panel.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 16));
  await expect(panel).toBeInViewport();
  await page.screenshot({ path: "/tmp/fit-feed-key-phone.png" });
  await page.setViewportSize(viewports.desktop);
  // Revoke it again: the demo dealership keeps only its own keys.
  const prefix = (await panel.locator("[data-secret]").innerText()).slice(0, 8);
  await panel.getByRole("button", { name: "Done, hide it" }).click();
  await expect(button).toBeFocused();
  const keys = last.getByRole("button", { name: /^Revoke key / });
  await keys.last().click();
  await last.getByRole("button", { name: /^Yes, revoke/ }).click();
  await expect(last.getByText(/feeds sending it are refused from now on/)).toBeVisible();
  expect(prefix).not.toBe("");
});
