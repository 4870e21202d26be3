/**
 * Opening hours (spec leads §2 screens 6–7, §3 opening hour entry and special hours, §4 "Opening
 * hours"): a department's weekly hours table from Monday, with Mon-Fri collapsed when those five
 * days are equal; special (holiday) hours overriding the days they fall on; the Holiday Opening
 * Hours list; and whether a department is open on a day, which the service booking's preferred
 * date checks. Days are calendar days in the site's time zone (identity.timeZone). Pure: the
 * location blocks and the lead validation both use these.
 */
import type { Location, OpeningHour, SpecialHour } from "../schemas/generated/tenant";
import { dateTimeFormat } from "./intl";

export type Department = NonNullable<SpecialHour["department"]>;
export const DEPARTMENTS: readonly Department[] = ["sales", "service", "parts"];
export const DEPARTMENT_LABELS: Record<Department, string> = { sales: "Sales", service: "Service", parts: "Parts" };

/** What a location's hours are read from. */
export type HoursSource = Pick<Location, "opening_hours" | "special_hours" | "location_type">;

// Texts. The spec gives "Mon-Fri" and its own times are written "8.30am", "9am", "5pm" and
// "8.30am to 5.30pm" (§9, buying team hours); "Closed", "By appointment" and "Open" are ours.
export const MON_FRI = "Mon-Fri";
export const CLOSED = "Closed";
export const BY_APPOINTMENT = "By appointment";
export const OPEN = "Open";
export const HOLIDAY_HOURS_TITLE = "Holiday Opening Hours";
/** Short day names by weekday number (0 is Sunday, as in the document). */
export const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** The table's order: Monday first. */
const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0];

/** "08:30" → "8.30am", "17:00" → "5pm", "12:00" → "12pm", "00:00" → "12am". */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `.${String(m).padStart(2, "0")}` : ""}${h < 12 ? "am" : "pm"}`;
}

function rangeText(open?: string, close?: string): string {
  return open && close ? `${formatTime(open)} to ${formatTime(close)}` : OPEN;
}

/** A weekly entry as a person reads it: "8.30am to 5.30pm", "Closed", "By appointment". */
export function openingHourText(entry: OpeningHour | undefined): string {
  if (!entry || entry.status === "closed") return CLOSED;
  if (entry.status === "by-appointment") return BY_APPOINTMENT;
  return rangeText(entry.open, entry.close);
}

export function specialHourText(entry: SpecialHour): string {
  return entry.status === "closed" ? CLOSED : rangeText(entry.start_hour, entry.end_hour);
}

// ---------------------------------------------------------------------------------------------
// Days

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day written YYYY-MM-DD. */
export function isIsoDay(day: string): boolean {
  const m = ISO_DAY.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function siteDay(instant: Date, timeZone: string): string {
  const p = Object.fromEntries(
    dateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

function utcOf(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** 0 (Sunday) to 6 (Saturday) for a YYYY-MM-DD day. */
export function weekdayOf(day: string): number {
  return utcOf(day).getUTCDay();
}

export function addDays(day: string, n: number): string {
  const d = utcOf(day);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "2026-12-25" → "Fri 25 Dec 2026". */
export function dayText(day: string): string {
  const d = utcOf(day);
  return `${DAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

// ---------------------------------------------------------------------------------------------
// Departments and special hours

/** The departments a location is: service-and-parts is both; an untyped location is none in particular. */
export function locationDepartments(location: Pick<Location, "location_type">): Department[] {
  switch (location.location_type) {
    case "sales":
    case "service":
    case "parts":
      return [location.location_type];
    case "service-and-parts":
      return ["service", "parts"];
    default:
      return [];
  }
}

/**
 * The special hours that apply to a department of a location: those naming no department, and
 * those naming this department (by default, the location's own departments). When a day has both,
 * the department's own entry wins (see `specialHourOn`).
 */
export function specialHoursFor(location: HoursSource, department?: Department): SpecialHour[] {
  const departments = department ? [department] : locationDepartments(location);
  return (location.special_hours ?? []).filter((s) => !s.department || departments.includes(s.department));
}

/** The special-hours entry for a day, from already-filtered entries: a department's own before a general one. */
function specialOn(specials: SpecialHour[], day: string): SpecialHour | undefined {
  const onDay = specials.filter((s) => s.date === day);
  return onDay.find((s) => s.department) ?? onDay[0];
}

export function specialHourOn(location: HoursSource, day: string, department?: Department): SpecialHour | undefined {
  return specialOn(specialHoursFor(location, department), day);
}

// ---------------------------------------------------------------------------------------------
// The weekly table

export interface HoursRow {
  /** "Mon" … "Sun", or "Mon-Fri" for the collapsed row. */
  days: string;
  /** "8.30am to 5.30pm", "Closed", "By appointment". */
  hours: string;
  /** Whether the department opens that day (by appointment counts as open). */
  open: boolean;
  /** The day (YYYY-MM-DD) when the table is for a given week; absent on the Mon-Fri row. */
  date?: string;
  /** The special hours' name when they replace the usual hours that day ("Christmas Day"). */
  holiday?: string;
}

/**
 * The hours table, Monday to Sunday. A weekday without an entry is closed. Mon-Fri collapse into
 * one row when their hours are equal (§4) and no holiday falls on them. With `week` (any day of the
 * week wanted), special hours that apply (`specialHoursFor`) replace the usual hours on their day.
 * A location with no weekly hours gives no table.
 */
export function weeklyHours(location: HoursSource, options: { week?: string; department?: Department } = {}): HoursRow[] {
  const entries = location.opening_hours ?? [];
  if (entries.length === 0) return [];
  const specials = options.week ? specialHoursFor(location, options.department) : [];
  const monday = options.week ? addDays(options.week, -((weekdayOf(options.week) + 6) % 7)) : undefined;
  const rows: HoursRow[] = WEEK_FROM_MONDAY.map((weekday, i) => {
    const entry = entries.find((e) => e.weekday === weekday);
    const row: HoursRow = { days: DAY_NAMES[weekday], hours: openingHourText(entry), open: !!entry && entry.status !== "closed" };
    if (!monday) return row;
    const date = addDays(monday, i);
    const special = specialOn(specials, date);
    if (!special) return { ...row, date };
    return { days: row.days, hours: specialHourText(special), open: special.status === "open", date, ...(special.name ? { holiday: special.name } : {}) };
  });
  const weekdays = rows.slice(0, 5);
  const collapse = weekdays.every((r) => r.hours === weekdays[0].hours && r.open === weekdays[0].open && !r.holiday);
  return collapse ? [{ days: MON_FRI, hours: weekdays[0].hours, open: weekdays[0].open }, ...rows.slice(5)] : rows;
}

// ---------------------------------------------------------------------------------------------
// One day

export interface DayHours {
  /** unknown: the location publishes no weekly hours and no special hours for the day. */
  status: OpeningHour["status"] | "unknown";
  hours: string;
  holiday?: string;
}

/** A department's hours on a day (YYYY-MM-DD, or an instant read in the site's time zone). */
export function hoursOn(location: HoursSource, date: string | Date, timeZone: string, department?: Department): DayHours {
  const day = typeof date === "string" ? date : siteDay(date, timeZone);
  const special = specialHourOn(location, day, department);
  if (special) return { status: special.status, hours: specialHourText(special), ...(special.name ? { holiday: special.name } : {}) };
  const entries = location.opening_hours ?? [];
  if (entries.length === 0) return { status: "unknown", hours: "" };
  const entry = entries.find((e) => e.weekday === weekdayOf(day));
  return { status: entry?.status ?? "closed", hours: openingHourText(entry) };
}

/**
 * Whether a department opens on a day, holiday hours respected. By appointment counts as open; a
 * location that publishes no hours is not known to be closed, so counts as open.
 */
export function isOpenOn(location: HoursSource, date: string | Date, timeZone: string, department?: Department): boolean {
  return hoursOn(location, date, timeZone, department).status !== "closed";
}

export type PreferredDateProblem = "invalid" | "past" | "closed";

/**
 * The service booking's preferred date (spec leads §2 screen 5, issue 15): a real day, not before
 * today in the site's time zone, and not a day the department is closed (holiday hours respected).
 * Null when the date is fine. The messages belong to the booking form.
 */
export function preferredDateProblem(
  location: HoursSource,
  date: string,
  timeZone: string,
  now: Date,
  department: Department = "service",
): PreferredDateProblem | null {
  if (!isIsoDay(date)) return "invalid";
  if (date < siteDay(now, timeZone)) return "past";
  return isOpenOn(location, date, timeZone, department) ? null : "closed";
}

// ---------------------------------------------------------------------------------------------
// Holiday Opening Hours (the dialog)

export interface HolidayRow {
  date: string;
  /** "Fri 25 Dec 2026" */
  dateText: string;
  name?: string;
  hours: string;
  open: boolean;
}

/** The special hours that apply to a department, from today (in the site's time zone) on, by date; one per day. */
export function holidayHours(location: HoursSource, now: Date, timeZone: string, department?: Department): HolidayRow[] {
  const today = siteDay(now, timeZone);
  const specials = specialHoursFor(location, department);
  const days = [...new Set(specials.map((s) => s.date))].filter((d) => d >= today).sort();
  return days.map((date) => {
    const s = specialOn(specials, date)!;
    return { date, dateText: dayText(date), ...(s.name ? { name: s.name } : {}), hours: specialHourText(s), open: s.status === "open" };
  });
}
