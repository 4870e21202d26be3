/**
 * The admin's leads inbox (/admin/tenants/{slug}/leads): a site's leads with their delivery state,
 * one lead with its delivery attempts, a resend, and the CSV export. Every function checks the
 * person's sites first (server/admin/access.ts): a dealer of another site is refused (403), a lead
 * of another site is unknown (404).
 */
import { and, asc, desc, eq, gte, lt, max, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, leadDeliveries, leads, tenants, vehicles } from "../db/schema";
import { NotFoundError } from "../errors";
import { HttpError } from "../http/errors";
import type { AdminUser } from "../admin/accounts";
import { assertTenantAccess } from "../admin/access";
import { LEAD_FORM_KINDS, type LeadFormKind } from "../../domain/lead-forms";
import { zonedMidnight } from "../../domain/offers";
import { stripControls } from "./text";
import { tradedCar } from "./adf";
import type { Lead } from "./validation";
import { dateTimeFormat } from "../../domain/intl";

export const PAGE_SIZE = 50;
export const MAX_CSV_ROWS = 10_000;
export const NO_SUCH_LEAD = "There is no such lead on this site.";
export const NOTHING_TO_RESEND = "This lead has nothing to send: the visitor did not finish the form.";
export const RESEND_RACE = "Someone resent this lead at the same moment. Reload the page to see the attempts.";

/** A lead's delivery, from its newest round: none (an unfinished multi-step form) is never sent. */
export type InboxStatus = "delivered" | "pending" | "failed" | "none";
export const INBOX_STATUSES = ["delivered", "pending", "failed"] as const;

export const FORM_LABELS: Record<LeadFormKind, string> = {
  enquiry: "Enquiry",
  careers: "Careers",
  finance: "Finance",
  "vehicle-enquiry": "Car enquiry",
  "test-drive": "Test drive",
  "request-photos": "Photo request",
  hero: "Quick enquiry",
  "trade-in": "Trade-in",
  service: "Service booking",
  reserve: "Reservation (deposit)",
};

export const STATUS_LABELS: Record<InboxStatus, string> = {
  delivered: "Delivered",
  pending: "Waiting to be sent",
  failed: "Failed",
  none: "Not finished (nothing to send)",
};

export interface InboxFilter {
  form?: LeadFormKind;
  status?: (typeof INBOX_STATUSES)[number];
  /** Days (YYYY-MM-DD) in the site's time zone, both included. */
  from?: string;
  to?: string;
  page: number;
}

/** A query parameter as Next or URLSearchParams give it: the first of repeated ones, only short text. */
const one = (v: unknown): string | undefined => {
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" ? s : undefined;
};

const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2100 && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/**
 * The inbox's filters from the query string (`get` reads one parameter). A value that is not
 * understood is left out, with a note saying so in plain words; an empty value is no filter.
 */
export function parseInboxFilter(get: (name: string) => unknown): { filter: InboxFilter; notes: string[] } {
  const notes: string[] = [];
  const filter: InboxFilter = { page: 1 };
  const read = (name: string) => {
    const v = one(get(name))?.trim();
    return v ? v : undefined;
  };
  const form = read("form");
  if (form !== undefined) {
    if ((LEAD_FORM_KINDS as string[]).includes(form)) filter.form = form as LeadFormKind;
    else notes.push("The Form filter was not one of the site's forms, so leads from every form are shown.");
  }
  const status = read("status");
  if (status !== undefined) {
    if ((INBOX_STATUSES as readonly string[]).includes(status)) filter.status = status as InboxFilter["status"];
    else notes.push("The Delivery filter was not understood, so leads of every delivery state are shown.");
  }
  for (const [name, label] of [["from", "From"], ["to", "To"]] as const) {
    const day = read(name);
    if (day === undefined) continue;
    if (isDay(day)) filter[name] = day;
    else notes.push(`The ${label} date must be a date such as 2026-05-31 (between 2000 and 2100), so it was left out.`);
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    notes.push("The From date is after the To date, so both dates were left out.");
    delete filter.from;
    delete filter.to;
  }
  const page = read("page");
  if (page !== undefined) {
    if (/^\d{1,6}$/.test(page) && Number(page) >= 1) filter.page = Number(page);
    else notes.push("The page number was not understood, so the first page is shown.");
  }
  return { filter, notes };
}

export interface SiteInfo {
  slug: string;
  name: string;
  timeZone: string;
  dealerships: Map<number, string>;
}

/** The site's name, time zone (days of the date filter) and dealership names, from its draft. */
export async function siteInfo(db: Db, user: AdminUser, slug: string): Promise<SiteInfo> {
  assertTenantAccess(user, slug);
  const [row] = await db.select({ name: tenants.name, draft: tenants.draft }).from(tenants).where(eq(tenants.slug, slug));
  if (!row) throw new NotFoundError(`No site with slug "${slug}".`);
  const doc = row.draft as { identity?: { name?: string; timeZone?: string }; dealerships?: { id: number; name: string }[] };
  return {
    slug,
    name: doc.identity?.name ?? row.name,
    timeZone: doc.identity?.timeZone ?? "Australia/Sydney",
    dealerships: new Map((doc.dealerships ?? []).map((d) => [d.id, d.name])),
  };
}

/** The status of a lead from its newest round of deliveries (a failed attempt that will be retried counts as failed). */
const statusSql = sql<InboxStatus>`(
  select case
    when count(*) = 0 then 'none'
    when bool_or(d.status = 'dead' or (d.status in ('pending', 'kept') and d.last_error is not null)) then 'failed'
    when bool_or(d.status = 'pending') then 'pending'
    else 'delivered' end
  from ${leadDeliveries} d
  where d.lead_id = ${leads.id} and d.channel <> 'buyer' and d.round = (select max(r.round) from ${leadDeliveries} r where r.lead_id = ${leads.id} and r.channel <> 'buyer')
)`;

export interface InboxRow {
  id: string;
  receivedAt: Date;
  form: LeadFormKind;
  category: string;
  name: string;
  email: string;
  phone: string;
  /** The car the lead is about (for a trade-in: the car being bought, when it started from one). */
  vehicle: string;
  stockNumber: string;
  /** A trade-in lead's car traded in; "" for other leads. */
  tradeIn: string;
  message: string;
  dealership: string;
  paymentReference: string;
  status: InboxStatus;
}

function whereOf(site: SiteInfo, f: InboxFilter): SQL | undefined {
  return and(
    eq(leads.tenant, site.slug),
    f.form ? sql`${leads.payload}->>'form' = ${f.form}` : undefined,
    f.from ? gte(leads.createdAt, new Date(zonedMidnight(f.from, site.timeZone) * 1000)) : undefined,
    f.to ? lt(leads.createdAt, new Date(zonedMidnight(f.to, site.timeZone, 1) * 1000)) : undefined,
    f.status ? sql`${statusSql} = ${f.status}` : undefined,
  );
}

type Fields = Partial<Lead["fields"]>;
const vehicleText = (car: { year: number; make: string; model: string } | null, f: Fields) =>
  car ? `${car.year} ${car.make} ${car.model}` : [f.vehicle_year, f.vehicle_make, f.vehicle_model].filter(Boolean).join(" ");

async function selectLeads(db: Db, site: SiteInfo, where: SQL | undefined, limit: number, offset: number): Promise<(InboxRow & { payload: Partial<Lead> })[]> {
  const rows = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      payload: leads.payload,
      dealershipId: leads.dealershipId,
      status: statusSql,
      car: { year: vehicles.year, make: vehicles.make, model: vehicles.model, stocknum: vehicles.stocknum },
    })
    .from(leads)
    .leftJoin(vehicles, sql`${vehicles.id} = ${leads.payload}->>'car_id'`)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => {
    const lead = r.payload as Partial<Lead>;
    const fields: Fields = lead.fields ?? {};
    const car = r.car?.make ? r.car : null;
    return {
      id: r.id,
      receivedAt: r.createdAt,
      form: lead.form ?? "enquiry",
      category: lead.category ?? "",
      name: [fields.first_name, fields.last_name].filter(Boolean).join(" "),
      email: fields.email ?? "",
      phone: fields.phone ?? "",
      // A trade-in's vehicle fields are the car traded in, never the car being bought.
      vehicle: lead.form === "trade-in" ? (car ? vehicleText(car, {}) : "") : vehicleText(car, fields),
      tradeIn: lead.form === "trade-in" && lead.fields ? (tradedCar({ form: lead.form, fields: lead.fields }) ?? "") : "",
      stockNumber: car?.stocknum ?? fields.stock_number ?? "",
      message: fields.message ?? fields.comments ?? "",
      dealership: site.dealerships.get(r.dealershipId) ?? `Dealership ${r.dealershipId}`,
      paymentReference: fields.payment_reference ?? "",
      status: r.status,
      payload: lead,
    };
  });
}

export interface InboxPage {
  site: SiteInfo;
  rows: InboxRow[];
  total: number;
  page: number;
  pages: number;
}

/** One page of the site's leads that pass the filter, newest first (a page past the end shows the last one). */
export async function listLeads(db: Db, user: AdminUser, slug: string, filter: InboxFilter, pageSize = PAGE_SIZE): Promise<InboxPage> {
  const site = await siteInfo(db, user, slug);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(leads).where(whereOf(site, filter));
  const pages = Math.max(1, Math.ceil(n / pageSize));
  const page = Math.min(filter.page, pages);
  const found = n ? await selectLeads(db, site, whereOf(site, filter), pageSize, (page - 1) * pageSize) : [];
  return { site, rows: found.map(({ payload: _, ...r }) => r), total: n, page, pages };
}

export interface DeliveryAttempt {
  id: number;
  round: number;
  channel: "email" | "adf" | "buyer";
  target: string | null;
  status: "pending" | "sent" | "kept" | "dead" | "replaced";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

export interface LeadDetail {
  site: SiteInfo;
  lead: InboxRow;
  payload: Partial<Lead>;
  deliveries: DeliveryAttempt[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One lead of the site with every delivery attempt, newest round first; 404 for a lead of another site. */
export async function leadDetail(db: Db, user: AdminUser, slug: string, id: string): Promise<LeadDetail> {
  const site = await siteInfo(db, user, slug);
  if (!UUID.test(id)) throw new NotFoundError(NO_SUCH_LEAD);
  const [row] = await selectLeads(db, site, and(eq(leads.tenant, slug), eq(leads.id, id)), 1, 0);
  if (!row) throw new NotFoundError(NO_SUCH_LEAD);
  const deliveries = await db
    .select({
      id: leadDeliveries.id, round: leadDeliveries.round, channel: leadDeliveries.channel, target: leadDeliveries.target, status: leadDeliveries.status,
      attempts: leadDeliveries.attempts, lastError: leadDeliveries.lastError, createdAt: leadDeliveries.createdAt, sentAt: leadDeliveries.sentAt,
      nextAttemptAt: leadDeliveries.nextAttemptAt,
    })
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, id))
    .orderBy(desc(leadDeliveries.round), asc(leadDeliveries.channel));
  const { payload, ...lead } = row;
  return { site, lead, payload, deliveries };
}

export interface ResendResult {
  round: number;
  deliveries: { channel: "email" | "adf" | "buyer"; target: string | null }[];
  /** Attempts of the earlier round still waiting to be sent, stopped so the dealer gets the lead once. */
  replaced: number;
}

/**
 * Queues the lead's deliveries again: a new round with the newest round's messages (the same
 * e-mail and ADF to the same addresses), due now; rows of earlier rounds still pending are marked
 * replaced so the outbox sends the lead once. Audited as "resend-lead". The caller kicks the outbox.
 */
export async function resendLead(db: Db, user: AdminUser, slug: string, id: string): Promise<ResendResult> {
  await siteInfo(db, user, slug);
  if (!UUID.test(id)) throw new NotFoundError(NO_SUCH_LEAD);
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(and(eq(leads.id, id), eq(leads.tenant, slug)));
    if (!lead) throw new NotFoundError(NO_SUCH_LEAD);
    const [{ last }] = await tx.select({ last: max(leadDeliveries.round) }).from(leadDeliveries).where(and(eq(leadDeliveries.leadId, id), ne(leadDeliveries.channel, "buyer")));
    if (last === null) throw new HttpError(409, NOTHING_TO_RESEND);
    // The dealer's deliveries only: the buyer's confirmation is not sent again.
    const latest = await tx
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.round, last), ne(leadDeliveries.channel, "buyer")))
      .orderBy(asc(leadDeliveries.channel));
    const round = last + 1;
    const inserted = await tx
      .insert(leadDeliveries)
      .values(latest.map((d) => ({ leadId: id, channel: d.channel, target: d.target, subject: d.subject, body: d.body, round })))
      .onConflictDoNothing()
      .returning({ channel: leadDeliveries.channel, target: leadDeliveries.target });
    if (inserted.length !== latest.length) throw new HttpError(409, RESEND_RACE);
    const replaced = await tx
      .update(leadDeliveries)
      .set({ status: "replaced" })
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.status, "pending"), lt(leadDeliveries.round, round)))
      .returning({ id: leadDeliveries.id });
    const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    await tx.insert(auditLog).values({ actor: user.email, tenantId: site.id, action: "resend-lead", detail: { lead: id, round, channels: inserted.map((d) => d.channel) } });
    return { round, deliveries: inserted, replaced: replaced.length };
  });
}

/** The resend's outcome in words, for the person who pressed the button. */
export function describeResend(r: ResendResult): string {
  const what = r.deliveries.map((d) => (d.channel === "email" ? `the e-mail to ${d.target ?? "(no address)"}` : `the ADF to ${d.target ?? "(no address)"}`));
  const list = what.length > 1 ? `${what.slice(0, -1).join(", ")} and ${what.at(-1)}` : what[0];
  return `Sent again: ${list} ${what.length > 1 ? "are" : "is"} queued (resend ${r.round}).${r.replaced ? " The earlier sending that had not gone through yet was stopped, so the lead goes out once." : ""}`;
}

// A spreadsheet runs as a formula a cell starting with = + - @ (tab or CR some read first). A reader
// whose list separator is ; or tab (many European locales, a paste) splits a cell there too, so a
// formula start is neutralised with ' at the cell's start and after every , ; tab or line break
// (spaces between included): `x;=HYPERLINK(…)` becomes `x;'=HYPERLINK(…)`.
const FORMULA_AFTER_SEPARATOR = /(?<=^|[,;\t\n])( *)(?=[=+\-@\t\r])/g;

/** One CSV cell (RFC 4180): control characters out, formula starts neutralised, quoted when needed. */
export function csvCell(value: unknown): string {
  const s = stripControls(value === null || value === undefined ? "" : String(value)).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return /[",;\t\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_COLUMNS = [
  "Received", "Lead ID", "Form", "Category", "Name", "E-mail", "Phone", "Vehicle", "Stock number", "Trade-in vehicle", "Message", "Dealership", "Payment reference", "Delivery",
];

/** "2026-05-12 09:05" in the site's time zone: what a spreadsheet reads as a date and time. */
export function siteTime(at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    dateTimeFormat("en-AU", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The filtered leads (all pages, at most MAX_CSV_ROWS, newest first) as CSV with a header row (UTF-8 with BOM, CRLF). */
export async function leadsCsv(db: Db, user: AdminUser, slug: string, filter: InboxFilter): Promise<{ site: SiteInfo; csv: string; rows: number }> {
  const site = await siteInfo(db, user, slug);
  const rows = await selectLeads(db, site, whereOf(site, filter), MAX_CSV_ROWS, 0);
  const lines = [
    CSV_COLUMNS,
    ...rows.map((r) => [
      siteTime(r.receivedAt, site.timeZone), r.id, FORM_LABELS[r.form] ?? r.form, r.category, r.name, r.email, r.phone, r.vehicle, r.stockNumber, r.tradeIn, r.message,
      r.dealership, r.paymentReference, STATUS_LABELS[r.status],
    ]),
  ].map((cells) => cells.map(csvCell).join(","));
  return { site, csv: `\uFEFF${lines.join("\r\n")}\r\n`, rows: rows.length };
}
