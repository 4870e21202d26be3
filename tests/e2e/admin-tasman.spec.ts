import { expect, test, type Page } from "@playwright/test";
import { siteUrl, viewports, expectAccessible, hydrated } from "./helpers";
import { signInStaff } from "./sign-in";

// Issue 17, "Done when": a person following only on-screen words creates the Tasman Ute Centre from
// a starter and publishes it with the checklist green, in under 10 minutes, typing no id, path, HTML
// or URL. Everything below goes by labels, buttons and picking; the live site is then checked.

const NAME = "Tasman Ute Centre";
const PRIMARY = "#1d5c3a";
const ACCENT = "#2b2118";

// Issue 33, "Done when": no admin screen is taller than 6,000 px (desktop width, lists collapsed).
const MAX_SCREEN_PX = 6000;
async function expectScreenFits(page: Page, screen: string) {
  const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  expect(height, `${screen} is ${height} px tall`).toBeLessThanOrEqual(MAX_SCREEN_PX);
}

const colourBox = (page: Page, label: string) =>
  page.getByRole("textbox", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) }).and(page.locator("input[type=text]"));

// Save is clicked right after the typing: the rich text's change is in the draft before the click is
// handled (issue 33: it was not, admin/editor/rich-text-save.test.tsx), and the live site shows every word.
test("the Tasman Ute Centre, from a starter to a published site, by on-screen words only, in under 10 minutes", async ({ page }) => {
  test.setTimeout(600_000);
  const started = Date.now();
  await page.setViewportSize(viewports.desktop);
  await signInStaff(page);
  await expect(page.getByRole("heading", { name: "Dealer sites" })).toBeVisible();

  // The wizard.
  await page.getByRole("link", { name: "New dealer site" }).click();
  await hydrated(page);
  await page.getByLabel("Site name").fill(NAME);
  await page.getByLabel("New-car dealer").check();
  for (const make of ["Ford", "Toyota", "Isuzu UTE"]) await page.getByRole("checkbox", { name: make, exact: true }).check();
  await page.getByLabel("Lead e-mail").fill("sales@tasmanute.com.au");
  await page.getByLabel("Main phone").fill("03 6231 4400");
  await page.getByLabel("Location name").fill("Tasman Ute Centre Hobart");
  await page.getByLabel("Street address").fill("88 Argyle Street");
  await page.getByLabel("Town or suburb").fill("Hobart");
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Tasmania" });
  await page.getByLabel("Postcode").fill("7000");
  await page.getByLabel("Dealer licence number").fill("TAS 12874");
  await page.getByLabel("Saturday opens").fill("08:00");
  await page.getByLabel("Saturday closes").fill("12:30");
  // The workshop is at the same address: asked, it starts unticked.
  const workshop = page.getByLabel("The service department (workshop) is here too");
  await expect(workshop).not.toBeChecked();
  await workshop.check();
  // Dealership 701, the demo's one unassigned dealership, is the admin spec's: this site gets a new one.
  await page.getByLabel("A new dealership").check();
  await colourBox(page, "Main colour (buttons, links)").fill(PRIMARY);
  await colourBox(page, "Second colour").fill(ACCENT);
  const png = await page.evaluate(async (colour) => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 360, height: 90 });
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 360, 90);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/png"));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, PRIMARY);
  await page.getByLabel(/^Logo/).setInputFiles({ name: "tasman-ute-centre.png", mimeType: "image/png", buffer: Buffer.from(png) });
  await page.getByRole("button", { name: "Create the site" }).click();
  await expect(page.getByText(`The draft of ${NAME} is ready. Nothing is public until it is published.`)).toBeVisible();
  await page.getByRole("link", { name: "Open the editor" }).click();
  await expect(page.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Autosave").uncheck();
  await expect(page.locator("#section-title")).toHaveText("Identity");
  await expectScreenFits(page, "Identity");

  // The checklist names what is left; each problem's button opens its page.
  const checklist = page.locator("[data-checklist]");
  await expect(checklist).toHaveAttribute("data-checklist", "fail");
  const placeholders = checklist.locator('[data-check="placeholders"]');
  await expect(placeholders).toContainText("Fails: 2 placeholders left to replace.");
  await expect(checklist.locator('[data-check="listing-rules"]')).toContainText("Passed:");
  const toolbar = page.getByRole("toolbar", { name: "Text: formatting" });
  const text = page.getByRole("textbox", { name: "Text", exact: true });
  async function rewrite(where: RegExp, heading: string | null, words: string[]) {
    // The problem's button opens its page and block.
    await placeholders.getByRole("button", { name: where }).click();
    await expect(page.getByRole("button", { name: "1. Rich text", exact: true })).toHaveAttribute("aria-expanded", "true");
    await text.click();
    await expectScreenFits(page, `Pages › ${where.source.replace(/[$^]/g, "")}`);
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    if (heading) {
      await toolbar.getByRole("button", { name: "Subheading" }).click();
      await page.keyboard.type(heading);
      await page.keyboard.press("Enter");
    }
    await page.keyboard.type(words[0]);
    for (const w of words.slice(1)) {
      await page.keyboard.press("Enter");
      await page.keyboard.type(w);
    }
  }
  await rewrite(/^About Us › Rich text › Text$/, null, ["Tasman Ute Centre has sold and serviced utes in Hobart since 1994. Ask for Jill or Sam."]);
  await rewrite(/^Privacy Policy › Rich text › Text$/, "What we collect", [
    "We keep the details you send through this website only to answer you, and never sell them.",
    "To see or correct yours, call us or write to privacy@tasmanute.com.au.",
  ]);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("[data-status]")).toContainText("Draft saved at", { timeout: 30_000 });

  // Green: every check passes (the stock check warns only: the new dealership's feed has not started).
  await expect(checklist).toHaveAttribute("data-checklist", "pass");
  await expect(checklist.locator("[data-result=fail]")).toHaveCount(0);
  await expect(checklist.locator("[data-result=pass]")).toHaveCount(6);
  await checklist.locator("summary").click();
  await expectAccessible(page, "checklist", ["[data-checklist]"]);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText(/^Published version 1 at .+\. The site shows it now\.$/)).toBeVisible({ timeout: 30_000 });
  const took = Date.now() - started;

  // The live site: its name, pages reachable from the menu, hours, colours and logo.
  const slug = "tasman-ute-centre";
  const site = await page.context().newPage();
  expect((await site.goto(siteUrl(slug)))?.status()).toBe(200);
  await expect(site).toHaveTitle(/^Tasman Ute Centre/);
  await expect(site.getByRole("heading", { name: `Welcome to ${NAME}` })).toBeVisible();
  await expect(site.getByRole("img", { name: `${NAME} logo` }).first()).toHaveAttribute("src", /^\/media\/uploads\/tasman-ute-centre\/[a-f0-9]{32}\.webp$/);
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  const header = site.locator("header").first();
  // A new-car dealer's design keeps a light header bar (the wizard says so); the second colour is the site's accent.
  expect(await site.evaluate(() => getComputedStyle(document.body).getPropertyValue("--fc-accent").trim())).toBe(ACCENT);
  for (const [label, heading] of [["Trade-in", "Value My Trade-in"], ["Service", "Book a Service"], ["Contact", "Make an Enquiry"]] as const) {
    await header.getByRole("link", { name: label, exact: true }).first().click();
    await expect(site.getByRole("heading", { name: heading }).first()).toBeVisible();
    // The service page shows the workshop's week: Saturday as given in the wizard.
    if (label === "Service") await expect(site.getByRole("row", { name: "Sat 8am to 12.30pm" }).first()).toBeVisible();
  }
  const button = site.locator("main form").getByRole("button").last();
  expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(rgb(PRIMARY));
  await site.goto(siteUrl(slug, "/about-us"));
  await expect(site.getByText("Tasman Ute Centre has sold and serviced utes in Hobart since 1994. Ask for Jill or Sam.")).toBeVisible();
  await expect(site.getByText("[Placeholder]")).toHaveCount(0);
  await site.goto(siteUrl(slug, "/privacy-policy"));
  await expect(site.getByRole("heading", { name: "What we collect" })).toBeVisible();
  await expect(site.getByText("To see or correct yours, call us or write to privacy@tasmanute.com.au.")).toBeVisible();
  await site.close();
  expect(took).toBeLessThan(10 * 60_000);
});
