/**
 * `next build` when the app's sources changed since the last build (a fingerprint of their paths,
 * sizes and times in .next/forecourt-sources), then the browser scripts' compile hints
 * (serving/compile-hints.ts); else nothing. `npm start` calls it before serving;
 * `npm test` runs it beside the type check and lint, so the browser tests' server starts built.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { consoleIo, runIfMain, type CliIo } from "./cli";
import { addCompileHints, STATIC_CHUNKS } from "../serving/compile-hints";

const SOURCES = ["app", "blocks", "renderer", "domain", "server", "schemas", "admin", "public", "proxy.ts", "next.config.ts", "package-lock.json"];
const STAMP = ".next/forecourt-sources";
const next = join("node_modules", ".bin", "next");

function sourcesFingerprint(): string {
  const hash = createHash("sha1");
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const f of readdirSync(p).sort()) if (!f.startsWith(".") && f !== "node_modules") walk(join(p, f));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(`${p}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  SOURCES.forEach(walk);
  return hash.digest("hex");
}

/** Builds when stale; the exit code of `next build` (0 when nothing had to be built). */
export async function buildIfStale(io: CliIo = consoleIo): Promise<number> {
  // Nothing leaves this machine: Next would otherwise try to send anonymous telemetry.
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const fingerprint = sourcesFingerprint();
  if (existsSync(".next/BUILD_ID") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint) return 0;
  io.out("Building (sources changed since the last build)…");
  const code = await new Promise<number>((resolve) => {
    const build = spawn(next, ["build"], { stdio: "inherit" });
    build.on("error", () => resolve(1));
    build.on("exit", (c) => resolve(c ?? 1));
  });
  if (code === 0) {
    addCompileHints(STATIC_CHUNKS);
    writeFileSync(STAMP, fingerprint);
  }
  return code;
}

runIfMain(import.meta.url, () => buildIfStale());
