import { expect, test } from "@playwright/test";
import { adminUrl, siteUrl, expectAccessible } from "./helpers";

// The leads inbox as the demo dealer uses it (issue 17): a lead sent on Harbourline is found with
// the filters, opened, and sent again; the new attempt shows on its page.
const DEALER = { email: "dealer@harbourline.test", password: "harbourline-dealer-demo" };

test("a dealer finds a lead in the inbox with the filters, opens it and resends it", async ({ page }) => {
  const last = `Inbox${Date.now().toString(36)}`;
  // A lead through the public API, from the site's own host (its own client address: the lead limits are per client).
  await page.goto(siteUrl("harbourline", "/robots.txt"));
  const sent = await page.evaluate(async (lastName) => {
    const res = await fetch("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `admin-leads-${lastName}`, "x-forwarded-for": "198.51.100.171" },
      body: JSON.stringify({
        url: `${location.origin}/contact-us`,
        car_dealership_id: 101,
        form: "vehicle-enquiry",
        category: "Vehicle Enquiry",
        fields: { first_name: "Marguerite", last_name: lastName, email: "marguerite@example.com", phone: "0400 123 456", message: "Is the white one still there?" },
      }),
    });
    return { status: res.status, body: await res.json() };
  }, last);
  expect(sent.status).toBe(200);
  const leadId: string = sent.body.lead_id;

  await page.goto(adminUrl("/admin/sign-in?next=%2Fadmin%2Ftenants%2Fharbourline%2Fleads"));
  await page.getByLabel("Email").fill(DEALER.email);
  await page.getByLabel("Password").fill(DEALER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(adminUrl("/admin/tenants/harbourline/leads"));
  await expect(page.getByRole("heading", { name: "Leads of Harbourline Motor Group" })).toBeVisible();

  await page.getByLabel("Form", { exact: true }).selectOption({ label: "Car enquiry" });
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page).toHaveURL(/\/admin\/tenants\/harbourline\/leads\?form=vehicle-enquiry&status=&from=&to=$/);
  const row = page.locator(`tr[data-lead="${leadId}"]`);
  await expect(row.getByRole("cell")).toHaveText([/.+/, `Marguerite ${last}`, "marguerite@example.com0400 123 456", "Car enquiry", "", /^(Waiting to be sent|Failing, next try .+|Not sent: e-mail kept in the outbox)$/]);
  await expect(page.getByRole("link", { name: "Download these leads as a spreadsheet (CSV)" })).toHaveAttribute("href", "/api/admin/tenants/harbourline/leads.csv?form=vehicle-enquiry");
  await expectAccessible(page);

  await row.getByRole("link", { name: `Marguerite ${last}` }).click();
  await expect(page).toHaveURL(adminUrl(`/admin/tenants/harbourline/leads/${leadId}`));
  await expect(page.getByRole("heading", { name: `Lead from Marguerite ${last}` })).toBeVisible();
  await expect(page.locator("dt:text-is('Message') + dd")).toHaveText("Is the white one still there?");
  await expect(page.locator("tr[data-round='0']")).toHaveCount(2);
  // The badge says what the delivery rows say (one render: the worst state of the newest round).
  // No mail server here: the e-mail is kept (0 attempts) once the outbox has run; the demo CRM does not exist, so its ADF waits or fails.
  const rows = await page.locator("tr[data-round='0']").evaluateAll((trs) => trs.map((tr) => ({ status: tr.getAttribute("data-status"), failed: tr.hasAttribute("data-failed") })));
  const expected = rows.some((r) => r.status === "dead") ? "dead" : rows.some((r) => r.status === "pending" && r.failed) ? "failing" : rows.some((r) => r.status === "pending") ? "pending" : rows.some((r) => r.status === "kept") ? "kept" : "sent";
  const badge = page.locator("[data-delivery]");
  await expect(badge).toHaveAttribute("data-delivery", expected);
  await expect(badge).toHaveText(
    { failing: /^Failing, next try \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m$/, pending: "Waiting to be sent", kept: "Not sent: e-mail kept in the outbox", dead: "Not delivered: gave up", sent: "Sent" }[expected]!,
  );
  await expect(page.locator("[data-ready=true]")).toBeAttached();

  await page.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent again" })).toHaveText(
    "Sent again: the ADF to https://crm.harbourlinemotors.com.au/adf/harbourline-toyota and the e-mail to leads+harbourline-toyota@harbourlinemotors.com.au are queued (resend 1)." +
      // The first sending was still being retried (the demo CRM does not exist): it is stopped.
      " The earlier sending that had not gone through yet was stopped, so the lead goes out once.",
  );
  await expect(page.locator("tr[data-round='1'] td:first-child")).toHaveText(["Resend 1", "Resend 1"]);
  await expect(page.locator("tr[data-round='1'][data-channel=email]")).toContainText("leads+harbourline-toyota@harbourlinemotors.com.au");
});
