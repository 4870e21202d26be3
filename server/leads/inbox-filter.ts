/** The leads inbox's filter (/admin/tenants/{slug}/leads?…): what the query asks for, read leniently, with a note for what was ignored. */
import { INBOX_STATUSES } from "./inbox";
import { LEAD_FORM_KINDS, type LeadFormKind } from "../../domain/lead-forms";

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
