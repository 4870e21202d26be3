/**
 * The admin's leads inbox (/admin/tenants/{slug}/leads): a site's leads with their delivery state,
 * one lead with its delivery attempts, a resend, and the CSV export. Every function checks the
 * person's sites first (server/admin/access.ts): a dealer of another site is refused (403), a lead
 * of another site is unknown (404). Beside this file: the filter (./inbox-filter.ts), one lead and
 * its resend (./inbox-lead.ts), the CSV export (./inbox-csv.ts).
 */
import type { InboxFilter } from "./inbox-filter";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { leadDeliveries, leads, tenants, vehicles } from "../db/schema";
import { NotFoundError } from "../errors";
import type { AdminUser } from "../admin/accounts";
import { assertTenantAccess } from "../admin/access";
import { type LeadFormKind } from "../../domain/lead-forms";
import { zonedMidnight } from "../../domain/offers";
import { tradedCar } from "./adf";
import { dateTimeFormat } from "../../domain/intl";
import type { Lead } from "./validation";

export const PAGE_SIZE = 50;
export const MAX_CSV_ROWS = 10_000;
export const NO_SUCH_LEAD = "There is no such lead on this site.";
export const NOTHING_TO_RESEND = "This lead has nothing to send: the visitor did not finish the form.";
export const RESEND_RACE = "Someone resent this lead at the same moment. Reload the page to see the attempts.";

/**
 * What happened to a lead's delivery, from the delivery rows of its newest round (the buyer's
 * confirmation left out), the worst first: dead (a row gave up), failing (a row failed and is
 * tried again), pending (a row not tried yet), kept (an e-mail kept in the outbox: no mail server,
 * or no address to send to), sent (every row sent). none: an unfinished form, nothing to send.
 */
export type InboxStatus = "sent" | "kept" | "pending" | "failing" | "dead" | "none";
export const INBOX_STATUSES = ["sent", "kept", "pending", "failing", "dead"] as const;

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
  sent: "Sent",
  kept: "Not sent: e-mail kept in the outbox",
  pending: "Waiting to be sent",
  failing: "Failing, trying again",
  dead: "Not delivered: gave up",
  none: "Not finished (nothing to send)",
};

/** The badge's words: the status, and for a failing lead when the next try is (in the site's time zone). */
export function statusText(status: InboxStatus, nextTry: Date | null, timeZone: string): string {
  if (status !== "failing" || !nextTry) return STATUS_LABELS[status];
  return `Failing, next try ${dateTimeFormat("en-AU", { dateStyle: "medium", timeStyle: "short", timeZone }).format(nextTry)}`;
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

/** The dealer's delivery rows of the lead's newest round (resends make rounds; the buyer's confirmation and the analytics events, NOT_DEALER_CHANNELS, are not the dealer's). */
const newestRound = sql`d.lead_id = ${leads.id} and d.channel not in ('buyer', 'ga4', 'meta') and d.round = (select max(r.round) from ${leadDeliveries} r where r.lead_id = ${leads.id} and r.channel not in ('buyer', 'ga4', 'meta'))`;

/** The status of a lead (see InboxStatus), from its delivery rows. */
const statusSql = sql<InboxStatus>`(
  select case
    when count(*) = 0 then 'none'
    when bool_or(d.status = 'dead') then 'dead'
    when bool_or(d.status = 'pending' and d.last_error is not null) then 'failing'
    when bool_or(d.status = 'pending') then 'pending'
    when bool_or(d.status = 'kept') then 'kept'
    else 'sent' end
  from ${leadDeliveries} d where ${newestRound}
)`;

/** When a failing lead is tried next: the soonest retry of its failed rows. */
const nextTrySql = sql<Date | string | null>`(
  select min(d.next_attempt_at) from ${leadDeliveries} d where ${newestRound} and d.status = 'pending' and d.last_error is not null
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
  /** A failing lead's next try; null otherwise. */
  nextTry: Date | null;
}

export function whereOf(site: SiteInfo, f: InboxFilter): SQL | undefined {
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

export async function selectLeads(db: Db, site: SiteInfo, where: SQL | undefined, limit: number, offset: number): Promise<(InboxRow & { payload: Partial<Lead> })[]> {
  const rows = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      payload: leads.payload,
      dealershipId: leads.dealershipId,
      status: statusSql,
      nextTry: nextTrySql,
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
      nextTry: r.status === "failing" && r.nextTry ? new Date(r.nextTry) : null,
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
