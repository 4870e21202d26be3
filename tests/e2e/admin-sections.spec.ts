import { expect, test, type Page } from "@playwright/test";
import { viewports } from "./helpers";
import { signInStaff } from "./sign-in";

// Issue 33: the section buttons stay where they are while the editor loads (the checklist and the
// schedule arrive after the page, and again after each save): a click aimed at a section opens that
// section, right after the editor opens, on a desktop and on a phone. Harbourline's draft (the
// largest) is only read.

const SLUG = "harbourline";

/** The section buttons' names (without their error counts) and where each one is on the screen. */
const buttons = (page: Page) =>
  page
    .getByRole("navigation", { name: "Sections" })
    .getByRole("button")
    .evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        return { name: el.firstElementChild!.textContent!, x: Math.round(box.x), y: Math.round(box.y), bottom: Math.round(box.bottom) };
      }),
    );

for (const [width, viewport] of [["desktop", viewports.desktop], ["phone", viewports.phone]] as const) {
  test(`each section button opens its own section right after the editor opens (${width})`, async ({ page }) => {
    // Harbourline's Locations and Navigation forms are long to draw on this machine.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await signInStaff(page, SLUG);
    // At once: the checklist and the schedule are still loading. On a phone the buttons are brought
    // on screen first (they are below the save bar).
    const scrolled = await page.evaluate(() => {
      const nav = document.querySelector("nav[aria-label=Sections]")!.getBoundingClientRect();
      if (nav.bottom > innerHeight) scrollTo(0, scrollY + nav.top - 8);
      return scrollY;
    });
    const first = await buttons(page);
    expect(first.map((b) => b.name)).toEqual(["Identity", "Theme", "Features", "Search", "Finance", "Forms", "Navigation", "Locations", "Pages", "Model range", "Copy, reviews, offers"]);
    // Every button is on the screen, and each click aimed where it was drawn lands on it (the page does
    // not scroll: the mouse goes where the person saw the button).
    for (const b of first) expect(b.bottom, b.name).toBeLessThanOrEqual(viewport.height);
    for (const at of [...first.slice(1), first[0]]) {
      await page.mouse.click(at.x + 8, at.y + 8);
      await expect(page.locator("#section-title"), `clicked ${at.name}`).toHaveText(at.name, { timeout: 45_000 });
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    }
    // Loaded: the checklist and the schedule took their places without moving a section button.
    await expect(page.locator("[data-checklist=loading]")).toHaveCount(0);
    await expect(page.locator("[data-schedule=loading]")).toHaveCount(0);
    expect(await buttons(page)).toEqual(first);
  });
}
