/** Runs a script's `main(argv, io)` in this process, as a test would have spawned it: exit code and output captured. */
import type { CliMain } from "../scripts/cli";

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** `env` is set on process.env for the run (a database's DATA_DIR or DATABASE_URL) and put back after. */
export async function runMain(main: CliMain, argv: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const out: string[] = [];
  const err: string[] = [];
  try {
    const status = await main(argv, { out: (l) => out.push(l + "\n"), err: (l) => err.push(l + "\n"), interactive: false });
    return { status, stdout: out.join(""), stderr: err.join("") };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
