/**
 * What every command-line script shares: `main(argv, io)` returns the exit code and writes through
 * `io` (the console when run; captured by tests, which call main in process), and runs only when
 * the file is the one executed (`runIfMain`).
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Whether the script may ask on the terminal (default: stdin is a terminal). */
  interactive?: boolean;
}

export const consoleIo: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

export type CliMain = (argv: string[], io?: CliIo) => Promise<number>;

/** Runs `main` with the process's arguments when `moduleUrl` (import.meta.url) is the script node was started with. */
export function runIfMain(moduleUrl: string, main: CliMain): void {
  const started = process.argv[1];
  if (!started) return;
  let same: boolean;
  try {
    same = realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return;
  }
  if (!same) return;
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
