import { expect, test } from "@playwright/test";
import { adminUrl, siteUrl, expectAccessible, reactHydrated } from "./helpers";
import { signInStaff } from "./sign-in";

// Issue 17, publishing: the pre-publish checklist in the editor (a dead menu link is a failing item
// in plain words that opens its field), staff publish anyway with a reason (kept in the history), and
// publishing later in the site's time zone, then cancelled. Redgate's draft gets the dead link
// through the draft API and is put back at the end, published again (which the checklist lets through).

const SLUG = "redgate";

test("a dead menu link fails the checklist; staff publish anyway with a reason; a publish is scheduled and cancelled", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInStaff(page);

  const api = (path: string, data?: unknown) =>
    data === undefined
      ? page.request.get(adminUrl(`/api/admin/tenants/${SLUG}/${path}`))
      : page.request.post(adminUrl(`/api/admin/tenants/${SLUG}/${path}`), { headers: { origin: adminUrl("").replace(/\/$/, "") }, data });
  const original = await (await api("draft")).json();
  const broken = structuredClone(original.document);
  broken.navigation.items.push({ label: "Old offers", href: "/old-offers" });
  const saved = await api("draft", { document: broken, revision: original.revision });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(adminUrl(`/admin/tenants/${SLUG}`));
  await expect(page.locator("[data-ready=true]").first()).toBeAttached();
  const checklist = page.locator("[data-checklist]");
  await expect(checklist).toHaveAttribute("data-checklist", "fail");
  await expect(checklist.locator("summary")).toHaveText("Before you publish: 1 check fails");
  const links = checklist.locator('[data-check="links"]');
  await expect(links).toContainText("Fails: 1 link leads to no page.");
  await expect(links).toContainText("Navigation › Old offers › Goes to: “/old-offers” leads to no page of this site.");
  await expect(checklist.locator('[data-check="lead-email"]')).toContainText("Passed: Every dealership has a lead e-mail address.");
  await expect(checklist.locator('[data-check="stock"]')).toContainText(/Passed: \d+ cars in stock\./);
  await expectAccessible(page);
  // The problem opens its section.
  await links.getByRole("button", { name: "Navigation › Old offers › Goes to" }).click();
  await expect(page.getByRole("heading", { name: "Navigation", level: 2 })).toBeVisible();

  // Staff publish anyway, with the reason.
  await page.getByRole("checkbox", { name: /^Publish anyway/ }).check();
  await page.getByRole("button", { name: "Publish anyway", exact: true }).click();
  await expect(checklist.getByRole("alert")).toHaveText("Say why you publish although checks fail.");
  await page.getByLabel("Why publish although checks fail?").fill("The offers page goes up tonight");
  await page.getByRole("button", { name: "Publish anyway", exact: true }).click();
  await expect(page.getByText(/^Published version \d+ at .+\. The site shows it now\.$/)).toBeVisible();
  const site = await page.context().newPage();
  await site.goto(siteUrl(SLUG));
  await expect(site.locator("header").getByRole("link", { name: "Old offers" }).first()).toBeAttached();
  await site.close();

  // Publish later: tomorrow at 9 am in Toowoomba (the site's zone), then cancelled.
  const later = page.locator("[data-schedule]");
  await later.locator("summary").click();
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("en-CA", { timeZone: "Australia/Brisbane" });
  await later.getByLabel("Date and time (Brisbane time, the site's time zone)").fill(`${tomorrow}T09:00`);
  await later.getByRole("button", { name: "Schedule publish" }).click();
  await expect(later.getByRole("status")).toHaveText(/^Scheduled: revision \d+ will be published on .+, 9:00 am Brisbane time\.$/);
  await page.reload();
  await expect(later).toHaveAttribute("data-schedule", "pending");
  await expect(later.locator("summary")).toHaveText(/^Publish later: scheduled for .+, 9:00 am Brisbane time$/);
  await reactHydrated(later.getByRole("button", { name: "Cancel the scheduled publish" }));
  await later.getByRole("button", { name: "Cancel the scheduled publish" }).click();
  await expect(later.getByRole("status")).toHaveText("The scheduled publish is cancelled.");
  await expect(later).toHaveAttribute("data-schedule", "none");

  // The history keeps the reason and the schedule.
  await page.goto(adminUrl(`/admin/tenants/${SLUG}/history`));
  await expect(page.getByRole("cell", { name: /^published version \d+, although checks failed: “The offers page goes up tonight”$/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "cancelled the scheduled publish" })).toBeVisible();

  // Put Redgate back as it was: it passes the checklist, so it publishes without an override.
  const now = await (await api("draft")).json();
  expect((await api("draft", { document: original.document, revision: now.revision })).status()).toBe(200);
  const back = await api("publish", { revision: now.revision + 1 });
  expect(back.status(), await back.text()).toBe(200);
});
