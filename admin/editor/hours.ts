/**
 * The opening-hours editor's model: a location's `opening_hours` (at most one entry per weekday,
 * 0 = Sunday) as seven rows from Monday to Sunday, the way Australian and New Zealand dealers list
 * their week, and back. A day with no entry is "not listed" (the site does not mention it).
 */
export type DayStatus = "open" | "closed" | "by-appointment";
export interface OpeningHour {
  weekday: number;
  status: DayStatus;
  open?: string;
  close?: string;
}
export interface DayRow {
  weekday: number;
  name: string;
  /** Where the day's entry sits in the stored list (for its errors); -1 when not listed. */
  index: number;
  status: DayStatus | "";
  open: string;
  close: string;
}

export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
export const STATUS_LABELS: Record<DayStatus | "", string> = { "": "Not listed", open: "Open", closed: "Closed", "by-appointment": "By appointment" };

/** The week as rows, Monday first; the first entry of a weekday wins (a duplicate is an error the validator reports). */
export function hoursRows(value: unknown): DayRow[] {
  const list = Array.isArray(value) ? (value as Partial<OpeningHour>[]) : [];
  return WEEK.map((weekday) => {
    const index = list.findIndex((h) => h?.weekday === weekday);
    const h = index >= 0 ? list[index] : undefined;
    return { weekday, name: DAY_NAMES[weekday], index, status: (h?.status ?? "") as DayRow["status"], open: h?.open ?? "", close: h?.close ?? "" };
  });
}

/**
 * The stored list for the rows: listed days only, Monday first. Times are kept only where they mean
 * something (open days, and appointment days that give them), so a closed day never carries stale times.
 */
export function hoursValue(rows: DayRow[]): OpeningHour[] {
  return rows
    .filter((r) => r.status !== "")
    .map((r) => {
      const h: OpeningHour = { weekday: r.weekday, status: r.status as DayStatus };
      if (r.status !== "closed") {
        if (r.open) h.open = r.open;
        if (r.close) h.close = r.close;
      }
      return h;
    });
}

/** Monday's status and times copied to Tuesday to Friday. */
export function copyMondayToWeekdays(rows: DayRow[]): DayRow[] {
  const monday = rows.find((r) => r.weekday === 1)!;
  return rows.map((r) => (r.weekday >= 2 && r.weekday <= 5 ? { ...r, status: monday.status, open: monday.open, close: monday.close } : r));
}
