import { describe, expect, it } from "vitest";
import { BLOG_DESCRIPTION_LIMIT, READ_MORE, blogDate, blogDescription } from "./blog";

describe("blog listing rules (leads spec §2 screen 17, §9)", () => {
  it("cuts descriptions to 80 characters", () => {
    expect(BLOG_DESCRIPTION_LIMIT).toBe(80);
    expect(READ_MORE).toBe("READ MORE");
    const long = "From the multi-point check to the free wash, here's what happens at your first service.";
    expect(Array.from(long).length).toBeGreaterThan(80);
    expect(blogDescription(long)).toBe(`${long.slice(0, 80).trimEnd()}...`);
    expect(blogDescription(long)).toBe("From the multi-point check to the free wash, here's what happens at your first s...");
    const exactly80 = "x".repeat(80);
    expect(blogDescription(exactly80)).toBe(exactly80);
    expect(blogDescription("  Short   and\nsweet. ")).toBe("Short and sweet.");
  });

  it("writes the date as day/month/year", () => {
    expect(blogDate("2026-10-14")).toBe("14/10/2026");
    expect(blogDate("2026-07-02")).toBe("02/07/2026");
    expect(blogDate("2024-02-29")).toBe("29/02/2024");
    expect(blogDate("2025-02-29")).toBe("");
    expect(blogDate("14/10/2026")).toBe("");
    expect(blogDate("")).toBe("");
  });
});
