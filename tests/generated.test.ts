import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

it("generated files match schemas/ and blocks/ (run npm run generate when this fails)", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/generate.ts", "--check"], { encoding: "utf8" });
  expect(run.stderr.split("\n").filter((l) => l.includes("stale")).join("\n")).toBe("");
  expect(run.status).toBe(0);
});
