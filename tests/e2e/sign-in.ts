import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { adminUrl, hydrated, reactHydrated } from "./helpers";

// Sign-in codes as the embedded SMS provider writes them when the server runs with
// FORECOURT_TEST_SMS_DIR (playwright.config.ts sets it): for specs that open a site's gated pages.

export const SMS_DIR = process.env.FORECOURT_TEST_SMS_DIR;

/** Every message the embedded provider wrote, oldest first. */
export function smsSent(): { to: string; body: string }[] {
  if (!SMS_DIR) return [];
  let files: string[];
  try {
    files = readdirSync(SMS_DIR).filter((f) => f.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(SMS_DIR, f), "utf8")));
}

/** The newest code sent to `e164` after `before` messages to it had been sent. */
export async function newestCode(e164: string, before: number): Promise<string> {
  await expect.poll(() => smsSent().filter((m) => m.to === e164).length, { timeout: 10_000 }).toBeGreaterThan(before);
  return /^(\d{6}) /.exec(smsSent().filter((m) => m.to === e164).at(-1)!.body)![1];
}

/**
 * Signs the page's browser in on the site it shows (the session cookie is the site's), through the
 * sign-in API: request a code, read it, verify it. `client`: the address the requests come from
 * (X-Forwarded-For; the e2e server trusts one proxy), so specs do not share the per-client code limit.
 * Use a mobile number of the spec's own (at most 3 codes per number in 10 minutes).
 */
export async function signInThroughApi(page: Page, mobile: string, e164: string, client: string): Promise<void> {
  const before = smsSent().filter((m) => m.to === e164).length;
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ([p, b, ip]) => {
        const res = await fetch(p, { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: JSON.stringify(b) });
        return { status: res.status, body: await res.text() };
      },
      [path, body, client] as const,
    );
  expect(await post("/api/auth/request-code", { phone: mobile })).toMatchObject({ status: 200 });
  const code = await newestCode(e164, before);
  expect(await post("/api/auth/verify-code", { phone: e164, code })).toMatchObject({ status: 200 });
}

/** Signs in on the sign-in page the browser shows, through its form, with a number of the spec's own. */
export async function signInWithForm(page: Page, who: { mobile: string; e164: string; masked: string }) {
  await page.waitForLoadState("networkidle");
  const before = smsSent().filter((m) => m.to === who.e164).length;
  await reactHydrated(page.getByRole("button", { name: "Send code" }));
  await page.getByLabel("Mobile number").fill(who.mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  const codeField = page.getByLabel(`Enter the 6-digit code we sent to ${who.masked}`);
  await expect(codeField).toBeFocused();
  await codeField.fill(await newestCode(who.e164, before));
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The demo staff account and Harbourline's dealer (server/demo/seed.ts, seedDemoAccounts). */
export const STAFF = { email: "staff@forecourt.test", password: "forecourt-staff-demo" };
export const DEALER = { email: "dealer@harbourline.test", password: "harbourline-dealer-demo" };

/** Signs `who` in on the admin's sign-in page, as a person does, and waits for the admin's home. */
export async function signInAs(page: Page, who: { email: string; password: string }, admin = adminUrl("")): Promise<void> {
  await page.goto(`${admin}/admin/sign-in`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${admin}/admin`);
}

/**
 * Signs the demo staff account in (signInAs); with `slug`, then opens that site's editor and waits
 * until it has hydrated (a click before that is lost). `admin`: the admin's origin, when it is not
 * the e2e server's (the cluster's Caddy).
 */
export async function signInStaff(page: Page, slug?: string, admin = adminUrl("")): Promise<void> {
  await signInAs(page, STAFF, admin);
  if (!slug) return;
  await page.goto(`${admin}/admin/tenants/${slug}`);
  await hydrated(page);
}
