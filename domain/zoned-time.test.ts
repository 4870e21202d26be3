import { describe, expect, it } from "vitest";
import { formatInZone, utcToZoned, zonedToUtc, zonePlace } from "./zoned-time";

describe("times in the site's time zone", () => {
  it("reads a date-and-time field as that time where the site is", () => {
    // Hobart in winter is UTC+10, in summer (daylight saving) UTC+11; Brisbane has no daylight saving; Auckland +12/+13.
    expect(zonedToUtc("2026-06-30T17:00", "Australia/Hobart")?.toISOString()).toBe("2026-06-30T07:00:00.000Z");
    expect(zonedToUtc("2026-01-15T09:30", "Australia/Hobart")?.toISOString()).toBe("2026-01-14T22:30:00.000Z");
    expect(zonedToUtc("2026-01-15T09:30", "Australia/Brisbane")?.toISOString()).toBe("2026-01-14T23:30:00.000Z");
    expect(zonedToUtc("2026-06-30T23:59:30", "Pacific/Auckland")?.toISOString()).toBe("2026-06-30T11:59:30.000Z");
    expect(zonedToUtc("2026-06-30T17:00", "Australia/Perth")?.toISOString()).toBe("2026-06-30T09:00:00.000Z");
  });

  it("refuses what is not a time there: a skipped hour, an impossible date, anything else", () => {
    // Clocks in Sydney go from 2:00 to 3:00 on 4 October 2026.
    expect(zonedToUtc("2026-10-04T02:30", "Australia/Sydney")).toBeNull();
    expect(zonedToUtc("2026-10-04T03:30", "Australia/Sydney")?.toISOString()).toBe("2026-10-03T16:30:00.000Z");
    expect(zonedToUtc("2026-02-30T10:00", "Australia/Sydney")).toBeNull();
    for (const bad of ["", "2026-06-30", "2026-06-30 17:00", "30/06/2026 5pm", "2026-06-30T17:00Z"]) expect(zonedToUtc(bad, "Australia/Sydney"), bad).toBeNull();
  });

  it("shows an instant as the site's wall clock, and names the place", () => {
    const at = new Date("2026-06-30T07:00:00Z");
    expect(utcToZoned(at, "Australia/Hobart")).toBe("2026-06-30T17:00");
    expect(formatInZone(at, "Australia/Hobart")).toBe("Tue, 30 June 2026, 5:00 pm Hobart time");
    expect(zonePlace("Pacific/Auckland")).toBe("Auckland");
  });
});
