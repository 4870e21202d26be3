/**
 * The benchmarks' production server: `npm start` (which builds first when the sources changed) with a
 * fresh embedded database in `dataDir`, in its own process group so that stopping it ends Next too.
 * Resolves once GET /api/health answers 200 on localhost:`port`.
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import { rmSync } from "node:fs";

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
