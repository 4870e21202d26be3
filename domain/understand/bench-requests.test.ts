/**
 * The benchmark's requests (npm run bench:understand) read as their expected filters on the demo
 * sites' facet values: at least 300 of them, at least 95 % fully right (issue 34's target).
 */
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/bench-understand";
import { runMain } from "../../tests/run-cli";
import requests from "./bench-requests.json";

describe("bench:understand", () => {
  it("has at least 300 requests, on every demo site", () => {
    expect(requests.length).toBeGreaterThanOrEqual(300);
    expect(new Set(requests.map((r) => r.site))).toEqual(new Set(["bluegum", "coralstone-mazda", "harbourline", "kowhai-motors", "redgate", "wattle-creek"]));
  });

  it("prints the share fully right, per-filter precision and recall, and parse times", async () => {
    const run = await runMain(main, ["--repeat", "1"]);
    expect(run.status).toBe(0);
    const m = /fully right: (\d+) \/ (\d+) = /.exec(run.stdout);
    expect(m, run.stdout).not.toBeNull();
    expect(Number(m![2])).toBe(requests.length);
    expect(Number(m![1]) / Number(m![2])).toBeGreaterThanOrEqual(0.95);
    expect(run.stdout).toMatch(/^ {2}body +\d+\.\d % +\d+\.\d % +\(\d+\)$/m);
    expect(run.stdout).toMatch(/parse time, every call: p50 [\d.]+ ms, p95 [\d.]+ ms/);
  }, 60_000);
});
