import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { reactHydrated, siteUrl, viewports } from "./helpers";

// Sign-in by mobile number and the watchlist, end to end on the demo site that has both on
// (harbourline: features.watchlist and features.auth.enabled). The code is read from the files the
// embedded SMS provider writes when the server runs with FORECOURT_TEST_SMS_DIR.

const SMS_DIR = process.env.FORECOURT_TEST_SMS_DIR;
const SLUG = "harbourline";
const MOBILE = "0412 345 678";
const E164 = "+61412345678";

function codesSent(): { to: string; body: string; file: string }[] {
  if (!SMS_DIR) return [];
  let files: string[];
  try {
    files = readdirSync(SMS_DIR).filter((f) => f.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return files.map((f) => ({ ...JSON.parse(readFileSync(join(SMS_DIR, f), "utf8")), file: f }));
}

async function newestCode(before: number): Promise<string> {
  await expect.poll(() => codesSent().filter((m) => m.to === E164).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const body = codesSent().filter((m) => m.to === E164).at(-1)!.body;
  return /^(\d{6}) /.exec(body)![1];
}

/** The form's error (Next's route announcer is an alert too). */
const fieldError = (page: Page) => page.locator('form [role="alert"]');

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

test.describe("sign-in and watchlist", () => {
  test.skip(!SMS_DIR, "set FORECOURT_TEST_SMS_DIR (for the server and this test) to read sign-in codes");

  test("an anonymous save goes through sign-in; save, view, remove", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await open(page, siteUrl(SLUG, "/search"));
    const save = page.getByRole("button", { name: /^Save .+ to watchlist$/ }).first();
    await expect(save).toBeVisible();
    const label = (await save.textContent()) ?? "";
    const title = /^Save (.+) to watchlist$/.exec(label.trim())![1];
    const searchUrl = new URL(page.url());
    const from = `${searchUrl.pathname}${searchUrl.search}`;

    // Anonymous: to sign-in, with redirect and back to the search page.
    await reactHydrated(save);
    await save.click();
    await page.waitForURL(/\/sign-in\?/);
    const signIn = new URL(page.url());
    expect(signIn.searchParams.get("type")).toBe("watchlist");
    expect(signIn.searchParams.get("redirect")).toBe(from);
    expect(signIn.searchParams.get("back")).toBe(from);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Sign in to save cars to your watchlist" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", from);

    for (const size of Object.values(viewports)) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/screenshots/sign-in-${SLUG}-${size.width}.jpg`, fullPage: true });
    }
    await page.setViewportSize(viewports.desktop);

    // A number that is not a mobile.
    const phone = page.getByLabel("Mobile number");
    await expect(phone).toHaveAttribute("autocomplete", "tel");
    await expect(phone).toHaveAttribute("inputmode", "tel");
    await reactHydrated(page.getByRole("button", { name: "Send code" }));
    await phone.fill("07 3000 1234");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(fieldError(page)).toHaveText("Enter a mobile number, e.g. 0412 345 678");
    await expect(phone).toHaveAttribute("aria-invalid", "true");

    const before = codesSent().filter((m) => m.to === E164).length;
    await phone.fill(MOBILE);
    await page.getByRole("button", { name: "Send code" }).click();
    const codeField = page.getByLabel("Enter the 6-digit code we sent to 04xx xxx 678");
    await expect(codeField).toBeVisible();
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    const code = await newestCode(before);

    // A wrong code first.
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(fieldError(page)).toHaveText("That code is not right. 4 tries left.");
    await page.screenshot({ path: `test-results/screenshots/sign-in-code-${SLUG}-${viewports.desktop.width}.jpg`, fullPage: true });

    await codeField.fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === from);
    await page.waitForLoadState("networkidle");

    // Signed in: save, with the toast linking to the list.
    const saveAgain = page.getByRole("button", { name: `Save ${title} to watchlist` });
    await expect(saveAgain).toHaveAttribute("aria-pressed", "false");
    await reactHydrated(saveAgain);
    await saveAgain.click();
    const removeButton = page.getByRole("button", { name: `Remove ${title} from watchlist` });
    await expect(removeButton).toHaveAttribute("aria-pressed", "true");
    const toast = page.getByRole("status").filter({ hasText: "Saved to your watchlist." });
    await expect(toast).toBeVisible();
    await expect(removeButton).toHaveAttribute("aria-busy", "false");

    // Still saved after a reload (the server has it).
    await open(page, page.url());
    await expect(page.getByRole("button", { name: `Remove ${title} from watchlist` })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: `Remove ${title} from watchlist` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed from your watchlist." })).toBeVisible();
    await page.getByRole("button", { name: `Save ${title} to watchlist` }).click();
    await page.getByRole("status").filter({ hasText: "Saved to your watchlist." }).getByRole("link", { name: "View List" }).click();

    // The watchlist page lists it.
    await page.waitForURL(/\/watchlist$/);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Your watchlist", exact: true })).toBeVisible();
    await expect(page.getByText("Signed in as 04xx xxx 678")).toBeVisible();
    const listed = page.getByRole("list", { name: "Saved cars" }).locator("article");
    await expect(listed).toHaveCount(1);
    await expect(listed.locator("h3")).toContainText(title.split(" ").slice(0, 3).join(" "));
    for (const size of Object.values(viewports)) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `test-results/screenshots/watchlist-${SLUG}-${size.width}.jpg`, fullPage: true });
    }

    // Remove it there: it goes at once, and for good.
    await page.getByRole("button", { name: `Remove ${title} from watchlist` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed from your watchlist." })).toBeVisible();
    await expect(listed).toHaveCount(0);
    await open(page, page.url());
    await expect(page.getByText("You have not saved any cars yet.")).toBeVisible();

    // Sign out: the watchlist asks to sign in again.
    await reactHydrated(page.getByRole("button", { name: "Sign out" }));
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("an anonymous visitor's watchlist page links to sign-in", async ({ page }) => {
    await open(page, siteUrl(SLUG, "/watchlist"));
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in?type=watchlist&redirect=%2Fwatchlist&back=%2Fwatchlist");
    // From the page itself (Node here does not resolve *.localhost).
    const answers = await page.evaluate(async (mobile) => {
      const post = async (path: string, body: string) => {
        const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body });
        return { status: res.status, body: await res.json() };
      };
      return [
        await post("/api/watchlist/save-car", JSON.stringify({ phone_number: mobile, car_id: "x" })),
        await post("/api/auth/request-code", "nonsense"),
      ];
    }, MOBILE);
    expect(answers).toEqual([
      { status: 401, body: { success: false, message: "Sign in to use your watchlist." } },
      { status: 400, body: { message: "The request body is not valid JSON." } },
    ]);
  });
});
