import { expect, test } from "@playwright/test";
import { adminUrl, expectAccessible, hydrated } from "./helpers";
import { signInStaff } from "./sign-in";

// The media library (issue 17): a picture uploaded to a site's library, described there, then chosen
// from the library in the editor's image field with the keyboard, its alt text proposed. Nothing is
// saved to the site's draft (autosave off), so other specs see the demo site unchanged.

const SITE = "wattle-creek";


test("a picture uploaded to the library, given alt text there, is chosen from the library in the editor with its alt text", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInStaff(page);
  await page.goto(adminUrl(`/admin/tenants/${SITE}/media`));
  await expect(page.getByRole("heading", { name: /^Picture library of / })).toBeVisible();
  await hydrated(page);

  // A 640 × 160 PNG drawn by the browser.
  const png = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 640, height: 160 });
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#2f6b3a";
    ctx.fillRect(0, 0, 640, 160);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/png"));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  await page.getByLabel(/^Add a picture/).setInputFiles({ name: "yard.png", mimeType: "image/png", buffer: Buffer.from(png) });
  await expect(page.getByText("Added yard.png (640 × 160 px). Describe it below.")).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "640 × 160 px" });
  await expect(item.getByText("Not used on the site.")).toBeVisible();
  await item.getByLabel("Alternative text").fill("The Wattle Creek yard at sunrise");
  await item.getByRole("button", { name: /^Save alternative text/ }).click();
  await expect(item.getByText("Alternative text saved.")).toBeVisible();
  await expect(item.getByRole("img", { name: "The Wattle Creek yard at sunrise" })).toHaveJSProperty("naturalWidth", 640);
  const src = await item.getByRole("img").getAttribute("src");
  expect(src).toMatch(new RegExp(`^/media/uploads/${SITE}/[a-f0-9]{32}\\.webp$`));
  await expectAccessible(page, "media library");

  // The editor: Theme → Logo → Choose from library, with the keyboard only.
  await page.getByRole("navigation", { name: "Site admin" }).getByRole("link", { name: "Editor" }).click();
  await hydrated(page);
  await page.getByRole("checkbox", { name: "Autosave" }).uncheck();
  await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Theme" }).click();
  const logo = page.locator("fieldset").filter({ has: page.locator("legend", { hasText: /^Logo/ }) });
  await logo.getByRole("button", { name: /^Choose from library/ }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose a picture from the library" });
  await expect(dialog).toBeVisible();
  const choice = dialog.getByRole("button", { name: "The Wattle Creek yard at sunrise, 640 × 160 px" });
  await expect(choice).toBeVisible();
  await expectAccessible(page, "library dialog");
  // Focus starts on Close; the pictures follow.
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(choice).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(logo.getByLabel("Image address")).toHaveValue(src!);
  await expect(logo.getByLabel("Alternative text")).toHaveValue("The Wattle Creek yard at sunrise");
  await expect(logo.getByLabel("Width (px)")).toHaveValue("640");
  await expect(logo.getByLabel("Height (px)")).toHaveValue("160");
  await expect(logo.getByText("Chose a picture from the library (640 × 160 px). Its alternative text is proposed below; check it fits here.")).toBeVisible();
});
