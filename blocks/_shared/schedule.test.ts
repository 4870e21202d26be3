import { describe, expect, it } from "vitest";
import { isExpired, isLive, isNotYetStarted, shortHash } from "./schedule";

const now = new Date("2026-03-10T12:00:00Z");

describe("isExpired", () => {
  it("is false without an expiry", () => {
    expect(isExpired(undefined, now)).toBe(false);
  });
  it("is false before and true at or after the expiry", () => {
    expect(isExpired("2026-03-10T12:00:01Z", now)).toBe(false);
    expect(isExpired("2026-03-10T12:00:00Z", now)).toBe(true);
    expect(isExpired("2026-03-09T00:00:00+10:00", now)).toBe(true);
  });
  it("treats an unreadable expiry as passed", () => {
    expect(isExpired("not a date", now)).toBe(true);
  });
});

describe("isLive", () => {
  it("respects both ends of the window", () => {
    expect(isLive({}, now)).toBe(true);
    expect(isLive({ start: "2026-03-11T00:00:00Z" }, now)).toBe(false);
    expect(isLive({ start: "2026-03-01T00:00:00Z", expiry: "2026-03-31T00:00:00Z" }, now)).toBe(true);
    expect(isLive({ start: "2026-03-01T00:00:00Z", expiry: "2026-03-05T00:00:00Z" }, now)).toBe(false);
  });
  it("treats an unreadable start as not started", () => {
    expect(isNotYetStarted("soon", now)).toBe(true);
  });
});

describe("shortHash", () => {
  it("is stable and changes with the text", () => {
    expect(shortHash("Service special this week")).toBe(shortHash("Service special this week"));
    expect(shortHash("Service special this week")).not.toBe(shortHash("Service special next week"));
    expect(shortHash("")).toMatch(/^[0-9a-z]+$/);
  });
});
