import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { makeTenant } from "../../tests/fixtures/tenant";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { adminUsers, auditLog, leadDeliveries, leads } from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";
import { createTenant } from "../tenants/store";
import { createAdminSession, type AdminUser } from "../admin/accounts";
import { NO_ACCESS } from "../admin/access";
import { adminRoute } from "../admin/http";
import { CROSS_SITE_REFUSED } from "../admin/csrf";
import { OutboxWorker, postAdf, type Senders } from "./outbox";
import { storeLead } from "./store";
import { validateLead } from "./validation";
import { fakeCrm, validLead } from "./test-helpers";
import { listLeads, NO_SUCH_LEAD, NOTHING_TO_RESEND, statusText } from "./inbox";
import { csvCell, CSV_COLUMNS, leadsCsv, siteTime } from "./inbox-csv";
import { describeResend, leadDetail, resendLead } from "./inbox-lead";
import { parseInboxFilter } from "./inbox-filter";
import { handleLeadsCsv, resendHandler } from "./inbox-http";

const ADMIN = "localhost:3000";

describe("parseInboxFilter", () => {
  const parse = (q: Record<string, unknown>) => parseInboxFilter((name) => q[name]);

  it("takes known forms, delivery states, real days and page numbers; empty values are no filter", () => {
    expect(parse({ form: "test-drive", status: "failing", from: "2026-03-01", to: "2026-03-31", page: "3" })).toEqual({
      filter: { form: "test-drive", status: "failing", from: "2026-03-01", to: "2026-03-31", page: 3 },
      notes: [],
    });
    expect(parse({ form: "", status: " ", from: "", page: "" })).toEqual({ filter: { page: 1 }, notes: [] });
    // A repeated parameter (Next gives an array): the first one counts.
    expect(parse({ form: ["finance", "careers"] }).filter.form).toBe("finance");
  });

  it("leaves out hostile or impossible values with a note naming the filter, never throws", () => {
    const { filter, notes } = parse({
      form: "enquiry\u0000<script>",
      status: "x".repeat(100_000),
      from: "2026-02-30",
      to: "99999-01-01",
      page: "1e309",
    });
    expect(filter).toEqual({ page: 1 });
    expect(notes).toEqual([
      "The Form filter was not one of the site's forms, so leads from every form are shown.",
      "The Delivery filter was not understood, so leads of every delivery state are shown.",
      "The From date must be a date such as 2026-05-31 (between 2000 and 2100), so it was left out.",
      "The To date must be a date such as 2026-05-31 (between 2000 and 2100), so it was left out.",
      "The page number was not understood, so the first page is shown.",
    ]);
    for (const page of ["0", "-1", "99999999999999999999", "2.5", "0x10"]) expect(parse({ page }).filter.page, page).toBe(1);
    expect(parse({ form: { toString: () => "enquiry" }, status: ["pending"] }).filter).toEqual({ page: 1, status: "pending" });
  });

  it("drops both dates when From is after To", () => {
    expect(parse({ from: "2026-04-02", to: "2026-04-01" })).toEqual({ filter: { page: 1 }, notes: ["The From date is after the To date, so both dates were left out."] });
  });
});

describe("csvCell", () => {
  it("prefixes formula starts with ', quotes commas, quotes and line breaks, drops control characters", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+61 400 000 000")).toBe("'+61 400 000 000");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=cmd")).toBe(`"'\t'=cmd"`);
    expect(csvCell('=HYPERLINK("http://x.test","y")')).toBe(`"'=HYPERLINK(""http://x.test"",""y"")"`);
    expect(csvCell("Ada, Countess")).toBe('"Ada, Countess"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("nul\u0000 and \u001b[31mred")).toBe("nul and red");
    expect(csvCell("plain")).toBe("plain");
  });

  it("neutralises a formula start after every separator a spreadsheet may split on (, ; tab, line break), and quotes such cells", () => {
    expect(csvCell('x;=HYPERLINK("http://evil.test","Click")')).toBe(`"x;'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(csvCell("x;=1+2")).toBe(`"x;'=1+2"`);
    expect(csvCell("a,+61 400")).toBe(`"a,'+61 400"`);
    expect(csvCell("a; -5")).toBe(`"a; '-5"`);
    expect(csvCell("a\t@SUM(A1)")).toBe(`"a\t'@SUM(A1)"`);
    expect(csvCell("a;\t=cmd")).toBe(`"a;'\t'=cmd"`);
    expect(csvCell("one\n=two")).toBe(`"one\n'=two"`);
    expect(csvCell("one\r\n=two")).toBe(`"one\n'=two"`);
    expect(csvCell("=a;=b,=c")).toBe(`"'=a;'=b,'=c"`);
    // Nothing to neutralise: a formula character inside a word, or after a letter.
    expect(csvCell("x=1 a-b c@d.test")).toBe("x=1 a-b c@d.test");
    expect(csvCell("semi;colon")).toBe('"semi;colon"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });
});

describe.each(backends)("leads inbox on %s", (_name, make) => {
  let h: DbHandle;
  let staff: AdminUser;
  let dealer: AdminUser;
  const cookies = { staff: "", dealer: "" };
  const crm = fakeCrm();
  const ids: Record<string, string> = {};

  /** Stores a lead the way POST /api/leads does, received at `at`. */
  async function lead(site: "alpha" | "beta", key: string, at: string, over: Record<string, unknown> = {}, crmUrl?: string) {
    const v = validateLead(validLead({ car_dealership_id: undefined, ...over }));
    if (!v.ok) throw new Error(JSON.stringify(v.errors));
    const dealership = { id: site === "alpha" ? 1 : 2, name: `${site} Sales`, leadEmail: `leads@${site}.test`, ...(crmUrl ? { crmUrl } : {}) };
    const { leadId } = await storeLead(h.db, { lead: v.lead, site: { slug: site, name: site }, dealership, vehicle: null }, key);
    await h.db.update(leads).set({ createdAt: new Date(at) }).where(eq(leads.id, leadId));
    ids[key] = leadId;
    return leadId;
  }
  const setStatus = (leadId: string, channel: "email" | "adf", set: Partial<typeof leadDeliveries.$inferInsert>) =>
    h.db.update(leadDeliveries).set(set).where(and(eq(leadDeliveries.leadId, leadId), eq(leadDeliveries.channel, channel)));

  afterAll(() => crm.close());
  const db = withTestDatabase(make, async (opened) => {
    h = opened;
    await crm.listen();
    await createTenant(h.db, makeTenant("alpha", "Alpha Motors", 1), "seed");
    await createTenant(h.db, makeTenant("beta", "Beta Cars", 2), "seed");
    // Accounts without a usable password (no scrypt): the tests open sessions directly.
    [staff, dealer] = await h.db
      .insert(adminUsers)
      .values([
        { email: "staff@test.example", passwordHash: "-", role: "staff", tenants: [] },
        { email: "dealer@test.example", passwordHash: "-", role: "dealer", tenants: ["alpha"] },
      ])
      .returning({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role, tenants: adminUsers.tenants });
    cookies.staff = (await createAdminSession(h.db, staff.id)).token;
    cookies.dealer = (await createAdminSession(h.db, dealer.id)).token;
    // Alpha (Brisbane, UTC+10): 23:30 on 1 March and 00:30 on 2 March are different days there.
    const a1 = await lead("alpha", "a1-enquiry", "2026-03-01T13:30:00Z");
    const a2 = await lead("alpha", "a2-testdrive", "2026-03-01T14:30:00Z", { form: "test-drive", category: "Test Drive", fields: { first_name: "Grace", last_name: "Hopper", email: "grace@example.com", phone: "0400 111 222" } });
    await lead("alpha", "a3-finance", "2026-03-05T01:00:00Z", { form: "finance", category: "Finance Enquiry", subcategory: undefined, fields: { first_name: "Alan", phone: "0400 333 444" } });
    await lead("alpha", "a4-enquiry", "2026-03-06T01:00:00Z");
    // An unfinished multi-step form: stored, nothing to deliver.
    await lead("alpha", "a5-unfinished", "2026-03-07T01:00:00Z", { isLastStep: false });
    await lead("beta", "b1-enquiry", "2026-03-02T01:00:00Z", { fields: { first_name: "Beta", last_name: "Visitor", email: "beta@example.com" } });
    // a1 kept (no mail server: 0 attempts); a2 dead (the CRM gave up, though its e-mail went); a3 failing and retrying; a4 waiting.
    await setStatus(a1, "email", { status: "kept" });
    await setStatus(a2, "email", { status: "sent", attempts: 1, sentAt: new Date() });
    await h.db.insert(leadDeliveries).values({ leadId: a2, channel: "adf", target: "https://crm.alpha.test/adf", body: "<adf/>", status: "dead", attempts: 8, lastError: "the CRM answered HTTP 503" });
    await setStatus(ids["a3-finance"], "email", { attempts: 2, lastError: "connection refused", nextAttemptAt: new Date("2026-03-05T03:30:00Z") });
  });

  it("lists a site's leads newest first with their delivery state, filtered by form, days and delivery", async (c) => {
    db.need(c);
    const all = await listLeads(h.db, staff, "alpha", { page: 1 });
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => [r.name, r.form, r.status, r.nextTry])).toEqual([
      ["Ada Lovelace", "vehicle-enquiry", "none", null],
      ["Ada Lovelace", "vehicle-enquiry", "pending", null],
      ["Alan", "finance", "failing", new Date("2026-03-05T03:30:00Z")],
      ["Grace Hopper", "test-drive", "dead", null],
      ["Ada Lovelace", "vehicle-enquiry", "kept", null],
    ]);
    // The badges' words (Brisbane time for a failing lead's next try).
    expect(all.rows.map((r) => statusText(r.status, r.nextTry, "Australia/Brisbane"))).toEqual([
      "Not finished (nothing to send)",
      "Waiting to be sent",
      "Failing, next try 5 Mar 2026, 1:30 pm",
      "Not delivered: gave up",
      "Not sent: e-mail kept in the outbox",
    ]);
    expect(all.rows[4]).toMatchObject({ email: "ada@example.com", phone: "0400 000 000", message: "Is it still available?", dealership: "Alpha Motors Sales", category: "Vehicle Enquiry" });

    const names = async (f: Parameters<typeof listLeads>[3]) => (await listLeads(h.db, staff, "alpha", f)).rows.map((r) => r.id);
    expect(await names({ page: 1, form: "test-drive" })).toEqual([ids["a2-testdrive"]]);
    expect(await names({ page: 1, status: "failing" })).toEqual([ids["a3-finance"]]);
    expect(await names({ page: 1, status: "dead" })).toEqual([ids["a2-testdrive"]]);
    expect(await names({ page: 1, status: "kept" })).toEqual([ids["a1-enquiry"]]);
    expect(await names({ page: 1, status: "pending" })).toEqual([ids["a4-enquiry"]]);
    expect(await names({ page: 1, status: "sent" })).toEqual([]);
    // Days in the site's time zone: 13:30 UTC on 1 March is 23:30 in Brisbane, 14:30 UTC is 00:30 on the 2nd.
    expect(await names({ page: 1, from: "2026-03-01", to: "2026-03-01" })).toEqual([ids["a1-enquiry"]]);
    expect(await names({ page: 1, from: "2026-03-02", to: "2026-03-05" })).toEqual([ids["a3-finance"], ids["a2-testdrive"]]);
    expect(await names({ page: 1, from: "2026-03-06" })).toEqual([ids["a5-unfinished"], ids["a4-enquiry"]]);
    expect(await names({ page: 1, form: "vehicle-enquiry", to: "2026-03-05" })).toEqual([ids["a1-enquiry"]]);
  });

  it("pages the list; a page past the end shows the last page", async (c) => {
    db.need(c);
    const page = (n: number) => listLeads(h.db, staff, "alpha", { page: n }, 2);
    const [p1, p2, p3, p99] = await Promise.all([page(1), page(2), page(3), page(99)]);
    expect([p1.pages, p1.total, p1.rows.length, p2.rows.length, p3.rows.length]).toEqual([3, 5, 2, 2, 1]);
    expect(p3.rows[0].id).toBe(ids["a1-enquiry"]);
    expect(new Set([...p1.rows, ...p2.rows, ...p3.rows].map((r) => r.id)).size).toBe(5);
    expect([p99.page, p99.rows.map((r) => r.id)]).toEqual([3, [ids["a1-enquiry"]]]);
    const none = await listLeads(h.db, staff, "alpha", { page: 1, from: "2030-01-01" });
    expect([none.total, none.pages, none.rows]).toEqual([0, 1, []]);
  });

  it("shows a dealer only their sites' leads: another site is 403, another site's lead 404; staff see all", async (c) => {
    db.need(c);
    await expect(listLeads(h.db, dealer, "beta", { page: 1 })).rejects.toThrow(ForbiddenError);
    await expect(leadDetail(h.db, dealer, "beta", ids["b1-enquiry"])).rejects.toThrow(NO_ACCESS);
    await expect(leadDetail(h.db, dealer, "alpha", ids["b1-enquiry"])).rejects.toThrow(NotFoundError);
    await expect(resendLead(h.db, dealer, "alpha", ids["b1-enquiry"])).rejects.toThrow(NO_SUCH_LEAD);
    await expect(leadDetail(h.db, dealer, "alpha", "not-a-uuid\u0000")).rejects.toThrow(NO_SUCH_LEAD);
    await expect(listLeads(h.db, staff, "gamma", { page: 1 })).rejects.toThrow(NotFoundError);
    expect((await listLeads(h.db, dealer, "alpha", { page: 1 })).total).toBe(5);
    expect((await listLeads(h.db, staff, "beta", { page: 1 })).rows.map((r) => r.name)).toEqual(["Beta Visitor"]);

    const detail = await leadDetail(h.db, dealer, "alpha", ids["a2-testdrive"]);
    expect(detail.lead).toMatchObject({ name: "Grace Hopper", form: "test-drive", status: "dead" });
    expect(detail.deliveries.map((d) => [d.round, d.channel, d.status, d.attempts, d.lastError])).toEqual([
      [0, "adf", "dead", 8, "the CRM answered HTTP 503"],
      [0, "email", "sent", 1, null],
    ]);

    // The CSV endpoint answers the same.
    const csv = (slug: string, cookie: string) =>
      adminRoute(handleLeadsCsv, { handle: async () => h })(new Request(`http://${ADMIN}/api/admin/tenants/${slug}/leads.csv`, { headers: { host: ADMIN, cookie: `fc_admin=${cookie}` } }), {
        params: Promise.resolve({ slug }),
      });
    const refused = await csv("beta", cookies.dealer);
    expect([refused.status, await refused.json()]).toEqual([403, { message: NO_ACCESS }]);
    const signedOut = await csv("alpha", "nobody");
    expect(signedOut.status).toBe(401);
    const ok = await csv("beta", cookies.staff);
    expect([ok.status, ok.headers.get("content-type"), ok.headers.get("content-disposition")]).toEqual([200, "text/csv; charset=utf-8", expect.stringMatching(/^attachment; filename="beta-leads-\d{4}-\d{2}-\d{2}\.csv"$/)]);
    expect((await ok.text()).split("\r\n")[1]).toContain("Beta Visitor,beta@example.com");
  });

  it("exports the filtered leads as CSV with a header row, formula starts neutralised", async (c) => {
    db.need(c);
    const id = await lead("beta", "b2-hostile", "2026-03-03T02:00:00Z", {
      fields: { first_name: "=cmd|' /C calc'!A0", last_name: "Smith", email: "x@example.com", phone: "+61 400 555 666", message: '@SUM(1+1)\nsecond "line" x;=HYPERLINK("http://evil.test","Click")' },
    });
    const { csv, rows } = await leadsCsv(h.db, staff, "beta", { page: 1, from: "2026-03-03", to: "2026-03-03" });
    expect(rows).toBe(1);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, row, end] = csv.slice(1).split("\r\n");
    expect(header).toBe(CSV_COLUMNS.join(","));
    expect(header).toBe("Received,Lead ID,Form,Category,Name,E-mail,Phone,Vehicle,Stock number,Trade-in vehicle,Message,Dealership,Payment reference,Delivery");
    expect(row).toBe(
      `2026-03-03 12:00,${id},Car enquiry,Vehicle Enquiry,'=cmd|' /C calc'!A0 Smith,x@example.com,'+61 400 555 666,,,,"'@SUM(1+1)\nsecond ""line"" x;'=HYPERLINK(""http://evil.test"",""Click"")",Beta Cars Sales,,Waiting to be sent`,
    );
    expect(end).toBe("");
    expect(siteTime(new Date("2026-03-03T02:00:00Z"), "Pacific/Auckland")).toBe("2026-03-03 15:00");
  });

  it("resends a lead: a new round of its deliveries, audited; the outbox delivers it; a waiting attempt is replaced", async (c) => {
    db.need(c);
    // The CRM is down for one attempt: with one attempt allowed, the ADF is dead at once.
    crm.state.down = 1;
    const id = await lead("alpha", "a6-crm", "2026-03-08T01:00:00Z", { fields: { first_name: "Katherine", last_name: "Johnson", email: "kj@example.com" } }, crm.url());
    const senders: Senders = { email: null, adf: (url, xml, o) => postAdf(url, xml, { ...o, allowPrivate: true }) };
    await new OutboxWorker(h.db, { senders, maxAttempts: 1, log: () => {} }).runOnce();
    expect((await leadDetail(h.db, dealer, "alpha", id)).lead.status).toBe("dead");
    // A buyer's confirmation that failed (a reservation's): neither resent nor part of the lead's status.
    await h.db.insert(leadDeliveries).values({ leadId: id, channel: "buyer", target: "kj@example.com", status: "dead", lastError: "mailbox full", body: "Your car is reserved" });

    let kicks = 0;
    const resend = (cookie: string, origin: string | null = `http://${ADMIN}`) =>
      adminRoute(
        resendHandler(() => kicks++),
        { handle: async () => h },
      )(new Request(`http://${ADMIN}/api/admin/tenants/alpha/leads/${id}/resend`, { method: "POST", headers: { host: ADMIN, cookie: `fc_admin=${cookie}`, ...(origin ? { origin } : {}) } }), {
        params: Promise.resolve({ slug: "alpha", id }),
      });
    const forged = await resend(cookies.dealer, "https://evil.test");
    expect([forged.status, await forged.json()]).toEqual([403, { message: CROSS_SITE_REFUSED }]);

    const res = await resend(cookies.dealer);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      round: 1,
      deliveries: [
        { channel: "adf", target: crm.url() },
        { channel: "email", target: "leads@alpha.test" },
      ],
      replaced: 0,
      message: `Sent again: the ADF to ${crm.url()} and the e-mail to leads@alpha.test are queued (resend 1).`,
    });
    expect(kicks).toBe(1);
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.action, "resend-lead"));
    expect(audit).toMatchObject({ actor: "dealer@test.example", detail: { lead: id, round: 1, channels: ["adf", "email"] } });

    let detail = await leadDetail(h.db, dealer, "alpha", id);
    expect(detail.lead.status).toBe("pending");
    expect(detail.deliveries.map((d) => [d.round, d.channel, d.status, d.attempts])).toEqual([
      [1, "adf", "pending", 0],
      [1, "email", "pending", 0],
      [0, "adf", "dead", 1],
      [0, "buyer", "dead", 0],
      [0, "email", "kept", 0],
    ]);
    const [first, again] = await Promise.all([0, 1].map((round) => h.db.select().from(leadDeliveries).where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, "adf"), eq(leadDeliveries.round, round)))));
    expect(again[0].body).toBe(first[0].body);

    // Resent again before the outbox ran: the waiting round is replaced, so the CRM gets the lead once.
    const second = await resendLead(h.db, staff, "alpha", id);
    expect([second.round, second.replaced]).toEqual([2, 2]);
    expect(describeResend(second)).toMatch(/ \(resend 2\)\. The earlier sending that had not gone through yet was stopped, so the lead goes out once\.$/);

    crm.state.accepted.length = 0;
    await new OutboxWorker(h.db, { senders }).runOnce();
    detail = await leadDetail(h.db, dealer, "alpha", id);
    // The CRM got it; the e-mail is kept (no mail server): the badge says the e-mail was not sent.
    expect(detail.lead.status).toBe("kept");
    expect(detail.deliveries.map((d) => [d.round, d.channel, d.status])).toEqual([
      [2, "adf", "sent"],
      [2, "email", "kept"],
      [1, "adf", "replaced"],
      [1, "email", "replaced"],
      [0, "adf", "dead"],
      [0, "buyer", "dead"],
      [0, "email", "kept"],
    ]);
    expect(crm.state.accepted).toHaveLength(1);
    expect(crm.state.accepted[0]).toContain("Katherine");
  });

  it("badges a lead Sent only when every delivery of its newest round was sent; a failed one says when it is tried next", async (c) => {
    db.need(c);
    const id = ids["b1-enquiry"];
    const badge = async () => {
      const row = (await listLeads(h.db, staff, "beta", { page: 1 })).rows.find((r) => r.id === id)!;
      return statusText(row.status, row.nextTry, "Pacific/Auckland");
    };
    await setStatus(id, "email", { status: "sent", attempts: 1, sentAt: new Date() });
    expect(await badge()).toBe("Sent");
    await h.db.insert(leadDeliveries).values({ leadId: id, channel: "adf", target: "https://crm.beta.test/adf", body: "<adf/>" });
    expect(await badge()).toBe("Waiting to be sent");
    await setStatus(id, "adf", { attempts: 3, lastError: "the CRM answered HTTP 502", nextAttemptAt: new Date("2026-03-02T20:15:00Z") });
    expect(await badge()).toBe("Failing, next try 3 Mar 2026, 9:15 am");
    await setStatus(id, "adf", { status: "sent", attempts: 4, lastError: null, sentAt: new Date() });
    expect(await badge()).toBe("Sent");
  });

  it("refuses to resend a lead with nothing to send (an unfinished form)", async (c) => {
    db.need(c);
    await expect(resendLead(h.db, staff, "alpha", ids["a5-unfinished"])).rejects.toThrow(NOTHING_TO_RESEND);
    expect(await h.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, ids["a5-unfinished"]))).toEqual([]);
  });
});
