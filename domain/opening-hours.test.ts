import { describe, expect, it } from "vitest";
import type { OpeningHour, SpecialHour } from "../schemas/generated/tenant";
import {
  CLOSED,
  MON_FRI,
  addDays,
  dayText,
  formatTime,
  holidayHours,
  hoursOn,
  isIsoDay,
  isOpenOn,
  locationDepartments,
  preferredDateProblem,
  siteDay,
  specialHoursFor,
  weekdayOf,
  weeklyHours,
  type HoursSource,
} from "./opening-hours";

const open = (weekday: number, o: string, c: string): OpeningHour => ({ weekday, status: "open", open: o, close: c });
const closed = (weekday: number): OpeningHour => ({ weekday, status: "closed" });
const weekdays = (o: string, c: string) => [1, 2, 3, 4, 5].map((d) => open(d, o, c));

const christmas: SpecialHour[] = [
  { date: "2026-12-24", name: "Christmas Eve", status: "open", start_hour: "08:30", end_hour: "13:00", department: "sales" },
  { date: "2026-12-25", name: "Christmas Day", status: "closed" },
  { date: "2026-12-28", name: "Boxing Day (observed)", status: "closed", department: "service" },
  { date: "2026-12-26", name: "Boxing Day", status: "closed" },
];

const sales: HoursSource = {
  location_type: "sales",
  opening_hours: [...weekdays("08:30", "17:30"), open(6, "09:00", "17:00"), closed(0)] as HoursSource["opening_hours"],
  special_hours: christmas,
};
const service: HoursSource = { ...sales, location_type: "service", opening_hours: [...weekdays("07:00", "17:30"), open(6, "08:00", "12:00")] as HoursSource["opening_hours"] };

describe("opening hours: texts", () => {
  it("writes times as the spec does (8.30am, 5pm)", () => {
    expect(formatTime("08:30")).toBe("8.30am");
    expect(formatTime("17:30")).toBe("5.30pm");
    expect(formatTime("17:00")).toBe("5pm");
    expect(formatTime("09:05")).toBe("9.05am");
    expect(formatTime("12:00")).toBe("12pm");
    expect(formatTime("00:00")).toBe("12am");
    expect(formatTime("23:59")).toBe("11.59pm");
  });

  it("reads days in the calendar", () => {
    expect(weekdayOf("2026-12-25")).toBe(5);
    expect(dayText("2026-12-25")).toBe("Fri 25 Dec 2026");
    expect(dayText("2025-07-04")).toBe("Fri 4 Jul 2025");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("26-12-2026")).toBe(false);
  });
});

describe("opening hours: the weekly table", () => {
  it("starts on Monday and collapses Mon-Fri when the five days are equal", () => {
    expect(weeklyHours(sales)).toEqual([
      { days: MON_FRI, hours: "8.30am to 5.30pm", open: true },
      { days: "Sat", hours: "9am to 5pm", open: true },
      { days: "Sun", hours: "Closed", open: false },
    ]);
  });

  it("lists every day when one weekday differs, and a missing day is closed", () => {
    const hours = [open(1, "08:30", "17:30"), open(2, "08:30", "17:30"), open(3, "08:30", "17:30"), open(4, "08:30", "20:00"), open(5, "08:30", "17:30")];
    expect(weeklyHours({ location_type: "sales", opening_hours: hours as HoursSource["opening_hours"] }).map((r) => `${r.days} ${r.hours}`)).toEqual([
      "Mon 8.30am to 5.30pm",
      "Tue 8.30am to 5.30pm",
      "Wed 8.30am to 5.30pm",
      "Thu 8.30am to 8pm",
      "Fri 8.30am to 5.30pm",
      "Sat Closed",
      "Sun Closed",
    ]);
  });

  it("collapses a week closed every day", () => {
    const all = [0, 1, 2, 3, 4, 5, 6].map(closed) as HoursSource["opening_hours"];
    expect(weeklyHours({ location_type: "", opening_hours: all })).toEqual([
      { days: MON_FRI, hours: CLOSED, open: false },
      { days: "Sat", hours: CLOSED, open: false },
      { days: "Sun", hours: CLOSED, open: false },
    ]);
  });

  it("shows Saturday-only hours", () => {
    expect(weeklyHours({ location_type: "parts", opening_hours: [open(6, "08:00", "12:00")] })).toEqual([
      { days: MON_FRI, hours: CLOSED, open: false },
      { days: "Sat", hours: "8am to 12pm", open: true },
      { days: "Sun", hours: CLOSED, open: false },
    ]);
  });

  it("gives no table for a location without weekly hours", () => {
    expect(weeklyHours({ location_type: "sales" })).toEqual([]);
    expect(weeklyHours({ location_type: "sales", opening_hours: [] })).toEqual([]);
  });

  it("reads by-appointment days", () => {
    const rows = weeklyHours({ location_type: "sales", opening_hours: [...weekdays("09:00", "17:00"), { weekday: 0, status: "by-appointment" }] as HoursSource["opening_hours"] });
    expect(rows[2]).toEqual({ days: "Sun", hours: "By appointment", open: true });
  });

  it("for a given week, lets holiday hours replace the day's hours and stops the Mon-Fri collapse", () => {
    // Any day of the week of Monday 21 December 2026.
    const rows = weeklyHours(sales, { week: "2026-12-23" });
    expect(rows).toEqual([
      { days: "Mon", hours: "8.30am to 5.30pm", open: true, date: "2026-12-21" },
      { days: "Tue", hours: "8.30am to 5.30pm", open: true, date: "2026-12-22" },
      { days: "Wed", hours: "8.30am to 5.30pm", open: true, date: "2026-12-23" },
      { days: "Thu", hours: "8.30am to 1pm", open: true, date: "2026-12-24", holiday: "Christmas Eve" },
      { days: "Fri", hours: "Closed", open: false, date: "2026-12-25", holiday: "Christmas Day" },
      { days: "Sat", hours: "Closed", open: false, date: "2026-12-26", holiday: "Boxing Day" },
      { days: "Sun", hours: "Closed", open: false, date: "2026-12-27" },
    ]);
    // The service department: Christmas Eve's sales hours do not apply; its own Boxing Day (observed) does.
    const serviceRows = weeklyHours(service, { week: "2026-12-24" });
    expect(serviceRows[3]).toEqual({ days: "Thu", hours: "7am to 5.30pm", open: true, date: "2026-12-24" });
    expect(weeklyHours(service, { week: "2026-12-28" })[0]).toEqual({ days: "Mon", hours: "Closed", open: false, date: "2026-12-28", holiday: "Boxing Day (observed)" });
    // A week with no holiday still collapses (a Sunday's week runs from the Monday before).
    expect(weeklyHours(sales, { week: "2027-01-17" })[0]).toEqual({ days: MON_FRI, hours: "8.30am to 5.30pm", open: true });
  });
});

describe("opening hours: departments and special hours", () => {
  it("knows a location's departments", () => {
    expect(locationDepartments({ location_type: "service-and-parts" })).toEqual(["service", "parts"]);
    expect(locationDepartments({ location_type: "sales" })).toEqual(["sales"]);
    expect(locationDepartments({ location_type: "" })).toEqual([]);
  });

  it("applies general entries everywhere and a department's entries to that department only", () => {
    expect(specialHoursFor(sales).map((s) => s.name)).toEqual(["Christmas Eve", "Christmas Day", "Boxing Day"]);
    expect(specialHoursFor(sales, "service").map((s) => s.name)).toEqual(["Christmas Day", "Boxing Day (observed)", "Boxing Day"]);
    expect(specialHoursFor({ ...sales, location_type: "service-and-parts" }).map((s) => s.name)).toEqual(["Christmas Day", "Boxing Day (observed)", "Boxing Day"]);
    expect(specialHoursFor({ ...sales, location_type: "" }).map((s) => s.name)).toEqual(["Christmas Day", "Boxing Day"]);
  });

  it("prefers a department's own entry to a general one on the same day", () => {
    const loc: HoursSource = {
      location_type: "service",
      opening_hours: weekdays("07:00", "17:00") as HoursSource["opening_hours"],
      special_hours: [
        { date: "2026-12-31", name: "New Year's Eve", status: "closed" },
        { date: "2026-12-31", name: "New Year's Eve", status: "open", start_hour: "07:00", end_hour: "12:00", department: "service" },
      ],
    };
    expect(hoursOn(loc, "2026-12-31", "Australia/Brisbane")).toEqual({ status: "open", hours: "7am to 12pm", holiday: "New Year's Eve" });
    expect(hoursOn(loc, "2026-12-31", "Australia/Brisbane", "sales")).toEqual({ status: "closed", hours: "Closed", holiday: "New Year's Eve" });
  });
});

describe("opening hours: open on a day", () => {
  it("is closed on a holiday that falls on an open weekday, and open on an ordinary one", () => {
    expect(isOpenOn(sales, "2026-12-25", "Australia/Brisbane")).toBe(false);
    expect(isOpenOn(sales, "2026-12-18", "Australia/Brisbane")).toBe(true);
    expect(isOpenOn(sales, "2026-12-20", "Australia/Brisbane")).toBe(false); // a Sunday
    expect(isOpenOn(service, "2026-12-28", "Australia/Brisbane")).toBe(false); // the service department's own holiday
    expect(isOpenOn(sales, "2026-12-28", "Australia/Brisbane")).toBe(true);
  });

  it("reads an instant as a day in the site's time zone, across midnight", () => {
    // 14:30 UTC on 24 December is 00:30 on Christmas Day in Brisbane (UTC+10), 22:30 on Christmas Eve in Perth (UTC+8).
    const instant = new Date("2026-12-24T14:30:00Z");
    expect(siteDay(instant, "Australia/Brisbane")).toBe("2026-12-25");
    expect(siteDay(instant, "Australia/Perth")).toBe("2026-12-24");
    expect(isOpenOn(sales, instant, "Australia/Brisbane")).toBe(false);
    expect(isOpenOn(sales, instant, "Australia/Perth")).toBe(true);
    expect(hoursOn(sales, instant, "Australia/Perth")).toEqual({ status: "open", hours: "8.30am to 1pm", holiday: "Christmas Eve" });
    // Auckland in daylight saving (UTC+13): 11:30 UTC on 31 December is already New Year's Day.
    expect(siteDay(new Date("2026-12-31T11:30:00Z"), "Pacific/Auckland")).toBe("2027-01-01");
  });

  it("does not call a location without hours closed", () => {
    expect(hoursOn({ location_type: "sales" }, "2026-12-18", "Australia/Brisbane")).toEqual({ status: "unknown", hours: "" });
    expect(isOpenOn({ location_type: "sales" }, "2026-12-18", "Australia/Brisbane")).toBe(true);
    expect(isOpenOn({ location_type: "sales", special_hours: christmas }, "2026-12-25", "Australia/Brisbane")).toBe(false);
  });
});

describe("opening hours: the service booking's preferred date", () => {
  // 23:30 on Tuesday 1 December 2026 in Brisbane; still 21:30 on the 1st in Perth.
  const now = new Date("2026-12-01T13:30:00Z");
  it("refuses a day before today in the site's time zone", () => {
    expect(preferredDateProblem(service, "2026-11-30", "Australia/Brisbane", now)).toBe("past");
    expect(preferredDateProblem(service, "2026-12-01", "Australia/Brisbane", now)).toBeNull();
    // 14:30 UTC: already Wednesday the 2nd in Brisbane, still Tuesday the 1st in Perth.
    const later = new Date("2026-12-01T14:30:00Z");
    expect(preferredDateProblem(service, "2026-12-01", "Australia/Brisbane", later)).toBe("past");
    expect(preferredDateProblem(service, "2026-12-01", "Australia/Perth", later)).toBeNull();
  });

  it("refuses a closed day, holiday hours respected", () => {
    expect(preferredDateProblem(service, "2026-12-06", "Australia/Brisbane", now)).toBe("closed"); // Sunday
    expect(preferredDateProblem(service, "2026-12-05", "Australia/Brisbane", now)).toBeNull(); // Saturday morning
    expect(preferredDateProblem(service, "2026-12-25", "Australia/Brisbane", now)).toBe("closed");
    expect(preferredDateProblem(service, "2026-12-28", "Australia/Brisbane", now)).toBe("closed");
    expect(preferredDateProblem(service, "2026-12-28", "Australia/Brisbane", now, "sales")).toBeNull();
  });

  it("refuses a day that is not a date", () => {
    expect(preferredDateProblem(service, "2026-02-30", "Australia/Brisbane", now)).toBe("invalid");
    expect(preferredDateProblem(service, "", "Australia/Brisbane", now)).toBe("invalid");
  });
});

describe("opening hours: Holiday Opening Hours", () => {
  it("lists the special hours that apply from today on, by date", () => {
    const now = new Date("2026-12-24T14:30:00Z"); // Christmas Day in Brisbane, Christmas Eve in Perth
    expect(holidayHours(sales, now, "Australia/Brisbane")).toEqual([
      { date: "2026-12-25", dateText: "Fri 25 Dec 2026", name: "Christmas Day", hours: "Closed", open: false },
      { date: "2026-12-26", dateText: "Sat 26 Dec 2026", name: "Boxing Day", hours: "Closed", open: false },
    ]);
    expect(holidayHours(sales, now, "Australia/Perth").map((r) => `${r.dateText}: ${r.hours}`)).toEqual([
      "Thu 24 Dec 2026: 8.30am to 1pm",
      "Fri 25 Dec 2026: Closed",
      "Sat 26 Dec 2026: Closed",
    ]);
    expect(holidayHours(service, now, "Australia/Brisbane").map((r) => r.name)).toEqual(["Christmas Day", "Boxing Day", "Boxing Day (observed)"]);
  });

  it("is empty when nothing is ahead", () => {
    expect(holidayHours(sales, new Date("2027-02-01T00:00:00Z"), "Australia/Brisbane")).toEqual([]);
    expect(holidayHours({ location_type: "sales" }, new Date("2026-12-01T00:00:00Z"), "Australia/Brisbane")).toEqual([]);
  });
});
