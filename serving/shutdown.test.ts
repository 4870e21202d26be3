import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { createSiteServer, DRAINING_MESSAGE } from "./node-server";
import { Shutdown, shutdownOptions, SHUTDOWN_GRACE_MS } from "./shutdown";

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(null));
  server = null;
});

type Answer = { status: number; text: string; connection: string | undefined } | { error: string };
const get = (port: number, path: string, agent = false) =>
  new Promise<Answer>((resolve) => {
    const req = request({ host: "127.0.0.1", port, path, agent: agent ? undefined : false }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text, connection: res.headers.connection }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end();
  });

/** A site server whose handler answers "ok" after the `?ms=` the path asks for; stopped by a Shutdown with `drainMs`/`graceMs`. */
async function start(drainMs: number, graceMs: number, log: string[]) {
  const shutdown = new Shutdown({ drainMs, graceMs, close: async () => void log.push("closed"), log: (m) => log.push(m) });
  const s = createSiteServer((req, res) => setTimeout(() => res.end("ok"), Number(new URL(req.url!, "http://x").searchParams.get("ms") ?? 0)), {
    trustedProxies: 0,
    draining: shutdown.draining,
  });
  server = s;
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return { port: (s.address() as AddressInfo).port, shutdown, s };
}

it("drains (health 503, answers close their connection), finishes a request in flight, then refuses new connections and closes once", async () => {
  const log: string[] = [];
  const { port, shutdown, s } = await start(300, 5000, log);
  const inFlight = get(port, "/slow?ms=800");
  await new Promise((r) => setTimeout(r, 100));
  const stopped = Promise.all([shutdown.stop(s), shutdown.stop(s)]);
  expect(await get(port, "/api/health")).toEqual({ status: 503, text: DRAINING_MESSAGE, connection: "close" });
  expect(await get(port, "/page", true)).toEqual({ status: 200, text: "ok", connection: "close" });
  await new Promise((r) => setTimeout(r, 350));
  expect(await get(port, "/page")).toEqual({ error: "ECONNREFUSED" });
  expect(await inFlight).toEqual({ status: 200, text: "ok", connection: "close" });
  await stopped;
  expect(log.filter((m) => m === "closed")).toHaveLength(1);
  expect(log[0]).toBe("stopping: draining for 300 ms (health answers 503)");
});

it("closes the connections of requests still in flight after the grace", async () => {
  const log: string[] = [];
  const { port, shutdown, s } = await start(0, 200, log);
  const hanging = get(port, "/slow?ms=60000");
  await new Promise((r) => setTimeout(r, 100));
  const started = Date.now();
  await shutdown.stop(s);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(await hanging).toEqual({ error: "ECONNRESET" });
  expect(log).toContain("requests still in flight after 200 ms: their connections are closed");
});

it("reads DRAIN_MS and SHUTDOWN_GRACE_MS, and ignores what is not a number of milliseconds", () => {
  const close = async () => undefined;
  expect(shutdownOptions({ DRAIN_MS: "1500", SHUTDOWN_GRACE_MS: "3000" }, close)).toMatchObject({ drainMs: 1500, graceMs: 3000 });
  expect(shutdownOptions({ DRAIN_MS: "soon", SHUTDOWN_GRACE_MS: "-1" }, close)).toMatchObject({ drainMs: 0, graceMs: SHUTDOWN_GRACE_MS });
});
