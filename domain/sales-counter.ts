/**
 * The sales-this-month counter (search-and-vehicle-detail spec, constants): value = (day of month − 1)
 * × 192 + seconds since midnight / 450, in the site's time zone (Brisbane time on the spec's site),
 * refreshed every 150 seconds and counted up over 2 seconds. A formula, not a count of sales: the
 * block's description says so to whoever places it.
 */
import { wallClock } from "./zoned-time";

export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;
export const SALES_REFRESH_MS = 150_000;
export const SALES_COUNT_UP_MS = 2_000;

/** The counter's value at `now` in `timeZone` (whole sales). */
export function salesThisMonth(now: Date, timeZone: string): number {
  const { day, hour, minute, second } = wallClock(now, timeZone);
  return (day - 1) * SALES_PER_DAY + Math.floor((hour * 3600 + minute * 60 + second) / SECONDS_PER_SALE);
}

/** The value shown `elapsed` ms into a count-up from `from` to `to` (eased out, whole numbers, `to` at the end). */
export function countUpValue(from: number, to: number, elapsed: number, duration = SALES_COUNT_UP_MS): number {
  if (elapsed >= duration || from === to) return to;
  const t = Math.max(0, elapsed) / duration;
  return Math.round(from + (to - from) * (1 - (1 - t) ** 3));
}
