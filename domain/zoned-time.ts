/**
 * Wall-clock times in a site's time zone (identity.timeZone), for scheduling: what a person types
 * in a date-and-time field means that time where the site is, not where the browser or the server
 * is. Pure (Intl only).
 */

import { dateTimeFormat } from "./intl";

/** "2026-06-30T17:00" (a datetime-local field's value; seconds optional). */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The wall-clock fields of an instant in `timeZone`. */
function fields(at: Date, timeZone: string): number[] {
  const parts = dateTimeFormat("en-US", {
    timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get("year"), get("month"), get("day"), get("hour"), get("minute"), get("second")];
}

/** The wall clock of an instant in `timeZone`: { day, hour, minute, second } of its date there. */
export function wallClock(at: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const [year, month, day, hour, minute, second] = fields(at, timeZone);
  return { year, month, day, hour, minute, second };
}

/** How far `timeZone` is ahead of UTC at an instant, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const [y, mo, d, h, mi, s] = fields(at, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `timeZone` names; null when `local` is not a date and time, or
 * names a time that does not exist there (the hour skipped when clocks go forward).
 */
export function zonedToUtc(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s = "0"] = m.slice(1);
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  let at = wall - offsetMs(new Date(wall), timeZone);
  // Near a change of offset the first guess is on the other side of it.
  at = wall - offsetMs(new Date(at), timeZone);
  const back = fields(new Date(at), timeZone);
  return back.join() === [+y, +mo, +d, +h, +mi, +s].join() ? new Date(at) : null;
}

/** An instant as a datetime-local field shows it in `timeZone`: "2026-06-30T17:00". */
export function utcToZoned(at: Date, timeZone: string): string {
  const [y, mo, d, h, mi] = fields(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}`;
}

/** "Hobart" for Australia/Hobart: the place a time zone is named after. */
export const zonePlace = (timeZone: string) => (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");

/** An instant as a person reads it in the site's zone: "Tue, 30 June 2026, 5:00 pm Hobart time". */
export function formatInZone(at: Date | string, timeZone: string): string {
  const text = dateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(new Date(at));
  return `${text} ${zonePlace(timeZone)} time`;
}
