/** The leads inbox's CSV export: the filtered leads as a spreadsheet reads them, formula starts neutralised. */
import type { Db } from "../db";
import type { AdminUser } from "../admin/accounts";
import { FORM_LABELS, MAX_CSV_ROWS, selectLeads, siteInfo, STATUS_LABELS, whereOf, type SiteInfo } from "./inbox";
import type { InboxFilter } from "./inbox-filter";
import { stripControls } from "./text";
import { dateTimeFormat } from "../../domain/intl";

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
