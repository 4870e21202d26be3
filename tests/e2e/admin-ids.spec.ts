import { expect, test, type Page } from "@playwright/test";
import { viewports } from "./helpers";
import { signInStaff } from "./sign-in";

// Issue 33, words a dealer understands: no select in the editor has a blank choice without words
// (every section of Harbourline, every page and block), and a location is placed on the map by its
// address, with the coordinates only under Advanced. Nothing here is saved (autosave off).

const SITE = "harbourline";
const SECTIONS = ["Identity", "Theme", "Features", "Search", "Finance", "Forms", "Navigation", "Locations", "Model range", "Copy, reviews, offers", "Pages"];

async function openEditor(page: Page) {
  await signInStaff(page, SITE);
  await page.getByLabel("Autosave").uncheck();
}

/** The selects on the screen now: how many, and each option without words (and each select without a label) as "where: what". */
const selectProblems = (page: Page, where: string) =>
  page.evaluate((where) => {
    const selects = [...document.querySelectorAll("select")];
    const name = (s: HTMLSelectElement) => `${where} › ${s.labels?.[0]?.textContent?.trim() || s.getAttribute("aria-label") || "(no label)"} [${s.id}]`;
    const problems = selects.flatMap((s) => [
      ...[...s.options].filter((o) => o.text.trim() === "").map(() => `${name(s)}: a blank option`),
      ...(s.labels?.length || s.getAttribute("aria-label") || s.getAttribute("aria-labelledby") ? [] : [`${name(s)}: no label`]),
    ]);
    return { count: selects.length, problems };
  }, where);

test("no select in Harbourline's editor has a blank option without words", async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize(viewports.desktop);
  await openEditor(page);
  const nav = page.getByRole("navigation", { name: "Sections" });
  const problems: string[] = [];
  let walked = 0;
  const look = async (where: string) => {
    const seen = await selectProblems(page, where);
    walked += seen.count;
    problems.push(...seen.problems);
  };
  for (const section of SECTIONS) {
    await nav.getByRole("button", { name: section, exact: true }).click();
    await expect(nav.getByRole("button", { name: section, exact: true })).toHaveAttribute("aria-current", /.+/);
    if (section !== "Pages") {
      await look(section);
      continue;
    }
    const picker = page.getByLabel("Page to edit");
    const pages = await picker.locator("option").evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? ""]));
    for (const [value, title] of pages) {
      await picker.selectOption(value);
      const toggles = page.locator("li[data-block-type] button[aria-expanded]");
      const blocks = await toggles.count();
      await look(`Pages › ${title}`);
      for (let i = 0; i < blocks; i++) {
        const toggle = toggles.nth(i);
        // Opened again if a re-render (the checklist arriving, the preview following) swallowed the click.
        await expect(async () => {
          if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
          await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
        await look(`Pages › ${title} › ${(await toggle.textContent())?.trim()}`);
      }
    }
  }
  expect(problems).toEqual([]);
  // The walk saw the forms' selects, not an empty screen (Harbourline has hundreds).
  expect(walked).toBeGreaterThan(300);
});

test("a location is placed on the map by its address; the coordinates are under Advanced; an address that cannot be placed says why", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(viewports.desktop);
  await openEditor(page);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Locations", exact: true }).click();
  // List items start as one line each (array-item.client.tsx): open the first location.
  await page.getByRole("button", { name: "1. Harbourline Toyota Cleveland Sales — Cleveland", exact: true }).click();
  const at = (field: string) => page.locator(`[id$='locations_0_${field}']`).first();
  // The dealership is chosen by its name (its number is stored).
  await expect(at("dealership_id")).toHaveValue("101");
  await expect(at("dealership_id").locator("option:checked")).toHaveText("Harbourline Toyota");
  const lat = at("address_lat");
  await expect(lat).toBeHidden();
  await expect(lat.locator("xpath=ancestor::details[1]/summary")).toHaveText("Advanced");
  const status = page.locator("[id$='locations_0_address__map']");
  await expect(status).toHaveText("On the map (its coordinates are under Advanced).");

  await at("address_postcode").fill("4215");
  await expect(status).toHaveText("Placed on the map at the centre of postcode 4215 (Southport, QLD).");
  await lat.locator("xpath=ancestor::details[1]/summary").click();
  await expect(lat).toBeVisible();
  expect(Number(await lat.inputValue())).toBeCloseTo(-27.97, 1);
  expect(Number(await at("address_long").inputValue())).toBeCloseTo(153.41, 1);

  await at("address_state").selectOption("NSW");
  await expect(status).toHaveText("Postcode 4215 is in QLD (Southport), not NSW. Check the state or the postcode.");
  await at("address_postcode").fill("0999");
  await at("address_state").selectOption("NT");
  await expect(status).toHaveText("No place in Australia has the postcode 0999. Check the postcode, or type the coordinates under Advanced.");
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/e2e/admin-ids-address-desktop.png" });
  await page.setViewportSize(viewports.phone);
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/e2e/admin-ids-address-phone.png" });

  // Finance: dealerships and makes without finance are ticked by name, not typed as numbers.
  await page.setViewportSize(viewports.desktop);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Finance", exact: true }).click();
  const excluded = page.locator("fieldset[id$='finance_excludedDealershipIds']");
  await excluded.locator("xpath=ancestor::details[1]/summary").click();
  await expect(excluded.getByLabel("Harbourline Motorcycles")).toBeChecked();
  await expect(excluded.getByLabel("Harbourline Toyota")).not.toBeChecked();
  await excluded.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/e2e/admin-ids-finance-desktop.png" });
  await page.setViewportSize(viewports.phone);
  await excluded.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/e2e/admin-ids-finance-phone.png" });
});
