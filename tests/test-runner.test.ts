import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import config from "../playwright.config";
import { main, PLAN } from "../scripts/test";

const node = (code: string) => ["node", "-e", code];

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) } };
}

describe("npm test's runner (scripts/test.ts)", () => {
  it("runs a group's steps side by side, prints each one's output when it ends, and every step's time", async () => {
    // Each step leaves a file and waits (up to 20 s) for the other's: one after the other, the first would wait in vain and fail.
    const dir = mkdtempSync(join(tmpdir(), "forecourt-test-runner-"));
    const meet = (mine: string, theirs: string, says: string) =>
      node(`const fs = require("fs"); fs.writeFileSync(${JSON.stringify(join(dir, mine))}, ""); const until = Date.now() + 20000;
        (function wait() { if (fs.existsSync(${JSON.stringify(join(dir, theirs))})) { console.log(${JSON.stringify(says)}); return; } if (Date.now() > until) process.exit(3); setTimeout(wait, 20); })();`);
    const { lines, io } = capture();
    try {
      const code = await main([], io, [
        [
          { name: "one", command: meet("a", "b", "one met two") },
          { name: "two", command: meet("b", "a", "two met one") },
        ],
        [{ name: "last", command: node("process.exit(0)") }],
      ]);
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(lines[0]).toBe("── one, two, side by side");
    expect(lines).toContain("one met two");
    expect(lines).toContain("two met one");
    expect(lines.some((l) => /^── one \(passed, \d+ s\)$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^── times: one \d+ s, two \d+ s, last \d+ s; \d+ s in all; load \d+\.\d\d at the start, \d+\.\d\d at the end \(1-minute average, \d+ cores\)$/);
  }, 30_000);

  it("prints the machine's load when the run starts and when it ends beside the times", async () => {
    const { lines, io } = capture();
    const loads = [{ average: 0.5, cores: 2 }, { average: 3.25, cores: 2 }];
    expect(await main([], io, [[{ name: "only", command: node("0") }]], () => loads.shift()!)).toBe(0);
    expect(lines.at(-1)).toMatch(/^── times: only \d+ s; \d+ s in all; load 0\.50 at the start, 3\.25 at the end \(1-minute average, 2 cores\)$/);
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

  it("npm test checks generated files, type check, lint and build together, then the reading browser tests, then the writing ones beside the unit tests", () => {
    expect(PLAN.map((g) => g.map((s) => s.name))).toEqual([
      ["generated files", "type check", "lint", "build"],
      ["browser tests that read"],
      ["browser tests that write", "unit and integration tests"],
    ]);
    // Between them, the two browser steps run every project of playwright.config.ts once.
    const projects = PLAN.flat().flatMap((s) => s.command.filter((a) => a.startsWith("--project=")).map((a) => a.slice(10)));
    expect(projects.sort()).toEqual(config.projects!.map((p) => p.name).sort());
  });

  it("a step's env is set for its command, beside the inherited environment", async () => {
    const { lines, io } = capture();
    const step = { name: "env", command: node("console.log(process.env.STEP_ONLY, typeof process.env.PATH)"), env: { STEP_ONLY: "set" } };
    expect(await main([], io, [[step, { name: "other", command: node("console.log(process.env.STEP_ONLY ?? 'unset')") }]])).toBe(0);
    expect(lines).toContain("set string");
    expect(lines).toContain("unset");
  });

  it("the writing browser tests' server starts from the copy of the database the reading tests' server seeded (playwright.config.ts)", async () => {
    const writes = PLAN.flat().find((s) => s.name === "browser tests that write")!;
    expect(writes.env).toEqual({ E2E_FROM_SEEDED: "1" });
    expect(PLAN.flat().filter((s) => s.env?.E2E_FROM_SEEDED)).toEqual([writes]);
    const server = (Array.isArray(config.webServer) ? config.webServer[0] : config.webServer)!;
    // This process has no E2E_FROM_SEEDED: a fresh seed, which leaves its copy for the next server.
    expect(server.command).toBe("rm -rf .data-e2e .data-e2e-seeded && npm start");
    expect(server.env?.FORECOURT_SEED_SNAPSHOT).toBe(".data-e2e-seeded");
    // With E2E_FROM_SEEDED=1 and the copy there (a temporary folder here), the server starts from it.
    const cwd = mkdtempSync(join(tmpdir(), "forecourt-seeded-"));
    try {
      mkdirSync(join(cwd, ".data-e2e-seeded"));
      const load = `import(${JSON.stringify(pathToFileURL(resolve("playwright.config.ts")).href)}).then((m) => console.log(m.default.default?.webServer?.command ?? m.default.webServer.command))`;
      const run = spawnSync(process.execPath, ["--import", pathToFileURL(resolve("node_modules/tsx/dist/esm/index.mjs")).href, "-e", load], {
        cwd, encoding: "utf8", env: { ...process.env, E2E_FROM_SEEDED: "1" },
      });
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe("rm -rf .data-e2e && cp -R .data-e2e-seeded .data-e2e && npm start");
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
    const start = readFileSync("scripts/start.ts", "utf8");
    expect(start).toContain(`if (snapshot && seededNow && handle.kind === "pglite") {`);
    expect(start).toContain("cpSync(dataDir(), snapshot, { recursive: true });");
  });

  it("CI (.ci/run) runs npm test with CI set, so a missing PostgreSQL server fails the run (tests/databases.ts)", () => {
    const script = readFileSync(".ci/run", "utf8");
    expect(script).toMatch(/^export CI="\$\{CI:-true\}"$/m);
    expect(script.indexOf("export CI=")).toBeLessThan(script.indexOf("npm test"));
  });
});
