import { describe, expect, it } from "vitest";
import { main, PLAN } from "../scripts/test";

const node = (code: string) => ["node", "-e", code];

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) } };
}

describe("npm test's runner (scripts/test.ts)", () => {
  it("runs a group's steps side by side, prints each one's output when it ends, and every step's time", async () => {
    const { lines, io } = capture();
    const started = Date.now();
    const code = await main([], io, [
      [
        { name: "slow", command: node("setTimeout(() => console.log('slow done'), 600)") },
        { name: "quick", command: node("setTimeout(() => console.log('quick done'), 600)") },
      ],
      [{ name: "last", command: node("process.exit(0)") }],
    ]);
    expect(code).toBe(0);
    // Side by side: two 600 ms steps take well under their sum.
    expect(Date.now() - started).toBeLessThan(1150 + 1500);
    expect(lines[0]).toBe("── slow, quick, side by side");
    expect(lines).toContain("slow done");
    expect(lines).toContain("quick done");
    expect(lines.some((l) => /^── slow \(passed, \d+ s\)$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^── times: slow \d+ s, quick \d+ s, last \d+ s; \d+ s in all$/);
  });

  it("stops after the group where a step failed, naming it", async () => {
    const { lines, io } = capture();
    const code = await main([], io, [
      [
        { name: "fine", command: node("process.exit(0)") },
        { name: "broken", command: node("console.error('type error here'); process.exit(2)") },
      ],
      [{ name: "never", command: node("console.log('should not run')") }],
    ]);
    expect(code).toBe(1);
    expect(lines.some((l) => /^── broken \(failed, exit 2, \d+ s\)$/.test(l))).toBe(true);
    expect(lines).toContain("type error here");
    expect(lines.join("\n")).not.toContain("never");
    expect(lines.at(-1)).toBe("ERR npm test: broken failed.");
  });

  it("a command that cannot start is a failure, not a hang", async () => {
    const { lines, io } = capture();
    expect(await main([], io, [[{ name: "missing", command: ["no-such-command-here"] }, { name: "fine", command: node("0") }]])).toBe(1);
    expect(lines.at(-1)).toBe("ERR npm test: missing failed.");
  });

  it("npm test checks generated files first, then type check, lint and build together, then unit, then browser tests", () => {
    expect(PLAN.map((g) => g.map((s) => s.name))).toEqual([["generated files"], ["type check", "lint", "build"], ["unit and integration tests"], ["browser tests"]]);
  });
});
