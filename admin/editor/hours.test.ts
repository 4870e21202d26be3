import { describe, expect, it } from "vitest";
import { copyMondayToWeekdays, hoursRows, hoursValue } from "./hours";

describe("the opening-hours table", () => {
  const stored = [
    { weekday: 0, status: "closed" as const },
    { weekday: 1, status: "open" as const, open: "08:30", close: "17:30" },
    { weekday: 6, status: "by-appointment" as const },
  ];

  it("lists the week Monday to Sunday, with unlisted days empty and each day's place in the stored list", () => {
    const rows = hoursRows(stored);
    expect(rows.map((r) => r.name)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(rows[0]).toEqual({ weekday: 1, name: "Monday", index: 1, status: "open", open: "08:30", close: "17:30" });
    expect(rows[1]).toMatchObject({ weekday: 2, index: -1, status: "" });
    expect(rows[6]).toMatchObject({ weekday: 0, index: 0, status: "closed" });
    expect(hoursRows(undefined)).toHaveLength(7);
  });

  it("stores listed days only, Monday first, and no times on a closed day", () => {
    const rows = hoursRows(stored).map((r) => (r.weekday === 1 ? { ...r, status: "closed" as const } : r));
    expect(hoursValue(rows)).toEqual([
      { weekday: 1, status: "closed" },
      { weekday: 6, status: "by-appointment" },
      { weekday: 0, status: "closed" },
    ]);
  });

  it("copies Monday to Tuesday–Friday and leaves the weekend alone", () => {
    const value = hoursValue(copyMondayToWeekdays(hoursRows(stored)));
    expect(value.filter((h) => h.status === "open").map((h) => [h.weekday, h.open, h.close])).toEqual([
      [1, "08:30", "17:30"], [2, "08:30", "17:30"], [3, "08:30", "17:30"], [4, "08:30", "17:30"], [5, "08:30", "17:30"],
    ]);
    expect(value.find((h) => h.weekday === 6)).toEqual({ weekday: 6, status: "by-appointment" });
  });
});
