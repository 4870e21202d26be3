/**
 * `npm test`: every check, with the independent ones side by side — the generated-files check, the
 * type check, lint and the app's build (for the browser tests' server) at once, each one's output
 * printed when it ends; then the browser tests that only read (two browsers: they keep both cores
 * busy); then the browser tests that write, one browser at a time (and the fuzz on servers of its
 * own in a second worker), beside the unit and integration tests, which use the core the writes
 * leave idle. Stops at the first group that fails and prints how long each step took, with the
 * machine's load (1-minute average) at the start and the end, so a time can be read against it.
 */
import { spawn } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { consoleIo, runIfMain, type CliIo } from "./cli";

interface Step {
  name: string;
  command: string[];
  /** Set in the step's environment, beside the inherited one. */
  env?: Record<string, string>;
}

const npmRun = (script: string, ...args: string[]) => ["npm", "run", "--silent", script, ...(args.length ? ["--", ...args] : [])];

export const PLAN: Step[][] = [
  [
    // The generated-files check only reads (it writes nothing the build or type check reads): beside them.
    { name: "generated files", command: npmRun("generate", "--check") },
    { name: "type check", command: npmRun("typecheck") },
    { name: "lint", command: npmRun("lint") },
    { name: "build", command: ["npx", "tsx", "scripts/build.ts"] },
  ],
  [{ name: "browser tests that read", command: npmRun("test:e2e", "--project=pages") }],
  [
    // Their own server: the read-only specs' run has stopped its one. It starts from the copy of the
    // database that run's server seeded (E2E_FROM_SEEDED, playwright.config.ts), as fresh as its own seed.
    {
      name: "browser tests that write",
      command: npmRun("test:e2e", "--project=writes", "--project=servers", "--project=cluster", "--no-deps"),
      env: { E2E_FROM_SEEDED: "1" },
    },
    { name: "unit and integration tests", command: npmRun("test:unit") },
  ],
];

/** Runs one step; alone it writes straight to the terminal, beside others its output is kept and printed when it ends. */
function run(step: Step, alone: boolean, io: CliIo): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...step.env },
    });
    let output = "";
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    const done = (code: number) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!alone) {
        io.out(`── ${step.name} (${code === 0 ? "passed" : `failed, exit ${code}`}, ${seconds} s)`);
        if (output.trim()) io.out(output.trimEnd());
      }
      resolve({ code, seconds });
    };
    child.on("error", (e) => {
      output += String(e);
      done(1);
    });
    child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** The machine's load now: the 1-minute load average and the number of cores it is shared by. */
export interface Load {
  average: number;
  cores: number;
}
const machineLoad = (): Load => ({ average: loadavg()[0], cores: availableParallelism() });

export async function main(_argv: string[], io: CliIo = consoleIo, plan = PLAN, load: () => Load = machineLoad): Promise<number> {
  const started = Date.now();
  const before = load();
  const times: string[] = [];
  let failed: string | null = null;
  for (const group of plan) {
    if (group.length === 1) io.out(`── ${group[0].name}`);
    else io.out(`── ${group.map((s) => s.name).join(", ")}, side by side`);
    const results = await Promise.all(group.map((s) => run(s, group.length === 1, io)));
    results.forEach((r, i) => times.push(`${group[i].name} ${r.seconds} s`));
    const bad = results.findIndex((r) => r.code !== 0);
    if (bad >= 0) {
      failed = group[bad].name;
      break;
    }
  }
  const total = Math.round((Date.now() - started) / 1000);
  const after = load();
  io.out(
    `── times: ${times.join(", ")}; ${total} s in all; ` +
      `load ${before.average.toFixed(2)} at the start, ${after.average.toFixed(2)} at the end (1-minute average, ${after.cores} cores)`,
  );
  if (failed) {
    io.err(`npm test: ${failed} failed.`);
    return 1;
  }
  return 0;
}

runIfMain(import.meta.url, main);
