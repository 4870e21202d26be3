/**
 * The benchmarks' production server: `npm start` (which builds first when the sources changed) with a
 * fresh embedded database in `dataDir`, in its own process group so that stopping it ends Next too.
 * Resolves once GET /api/health answers 200 on localhost:`port`.
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TenantDocument } from "../schemas/generated/tenant";

/** A benchmark's `--name value` option, or `def`. */
export function benchArg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
}

/** The demo tenants of tenants/*.json (only `onlySite` when given), by slug. */
export function benchTenants(onlySite: string): TenantDocument[] {
  return readdirSync("tenants")
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join("tenants", f), "utf8")) as TenantDocument)
    .filter((t) => !onlySite || t.identity.slug === onlySite)
    .sort((a, b) => a.identity.slug.localeCompare(b.identity.slug));
}

/** The address of a site under a `--base`: `{slug}` replaced, or `{slug}.` put before the base's host name. */
export function siteBase(base: string, slug: string): URL {
  if (base.includes("{slug}")) return new URL(base.replaceAll("{slug}", slug));
  const url = new URL(base);
  url.hostname = `${slug}.${url.hostname}`;
  return url;
}

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/api/health", headers: { host: `localhost:${port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.end();
  });

export async function startBenchServer(port: number, dataDir: string): Promise<{ stop: () => void }> {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Starting the production server on port ${port} (builds first if the sources changed)…`);
  const server = spawn("npm", ["start"], { env: { ...process.env, PORT: String(port), DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  let log = "";
  server.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (Date.now() > deadline || server.exitCode !== null) {
      stop();
      throw new Error(`the server did not start:\n${log.slice(-2000)}`);
    }
    if (await healthy(port)) return { stop };
    await new Promise((r) => setTimeout(r, 500));
  }
}
