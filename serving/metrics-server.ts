/**
 * The Prometheus endpoint: GET /metrics on a port of its own (METRICS_PORT, bound to METRICS_HOST,
 * default 127.0.0.1), never on the app's port, so no tenant host can serve it. Without METRICS_PORT
 * there is no metrics server. It answers the process's registry (server/metrics) and Node's own
 * process metrics (heap, event-loop lag, CPU, open handles), which it starts collecting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { collectDefaultMetrics } from "prom-client";
import { appMetrics, type Metrics } from "../server/metrics";

export const METRICS_PATH = "/metrics";

export interface MetricsAddress {
  port: number;
  host: string;
}

/** METRICS_PORT and METRICS_HOST: null without a port; an unusable port is an error that names it. */
export function metricsAddress(env: Record<string, string | undefined> = process.env): MetricsAddress | null {
  const raw = env.METRICS_PORT?.trim();
  if (!raw) return null;
  const port = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || port < 1 || port > 65535) throw new Error(`METRICS_PORT must be a port number (1–65535), not "${raw.slice(0, 40)}".`);
  return { port, host: env.METRICS_HOST?.trim() || "127.0.0.1" };
}

const withDefaults = new WeakSet<Metrics["registry"]>();

/** Starts the metrics server on `address` (port 0: any free port); resolves once it listens. */
export async function startMetricsServer(address: MetricsAddress, metrics: Metrics = appMetrics()): Promise<Server> {
  const { registry } = metrics;
  if (!withDefaults.has(registry)) {
    collectDefaultMetrics({ register: registry });
    withDefaults.add(registry);
  }
  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== METRICS_PATH) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      return res.end(`Not found: the metrics are at ${METRICS_PATH}.`);
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { "content-type": "text/plain; charset=utf-8", allow: "GET, HEAD" });
      return res.end("Only GET reads the metrics.");
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end(`The metrics could not be read: ${(e as Error).message}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(address.port, address.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

/** Where a started metrics server listens (tests, and the start-up line). */
export const listeningOn = (server: Server) => {
  const a = server.address() as AddressInfo;
  return `http://${a.family === "IPv6" ? `[${a.address}]` : a.address}:${a.port}${METRICS_PATH}`;
};
