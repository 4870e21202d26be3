/**
 * The process's Prometheus metrics (prom-client), in one registry kept by the process's services: Next
 * loads this module once per bundle, and metrics made at module level would be registered once per
 * copy (prom-client refuses a second metric of one name) and counted apart. The metrics server
 * (serving/metrics-server.ts, on METRICS_PORT) answers them; README, "Observability", lists them.
 *
 * Counted where it happens: request durations (serving/node-server.ts), page-cache hits and misses
 * (serving/page-cache.ts), delivery failures (server/leads/outbox-worker.ts), search latency
 * (server/search/http.ts). Read at scrape time (./gauges.ts): the outbox's pending and dead
 * deliveries, the PostgreSQL pool and the Redis connection.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { defineService, services } from "../root/services";
import { collectOutboxDeliveries, collectOutboxOverdue, collectPool, collectRedis, guarded } from "./gauges";

/** What a request was, for the duration histogram (serving/request-log.ts decides). */
export const ROUTE_KINDS = ["page", "vehicle_page", "search_api", "lead_api", "admin", "static", "other"] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

export function makeMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    requestDuration: new Histogram({
      name: "forecourt_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route kind and status class (2xx, 4xx, 5xx …; aborted: the client left first).",
      labelNames: ["kind", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: new Counter({
      name: "forecourt_page_cache_requests_total",
      help: "Vehicle pages asked of the page cache, by result (hit: served from memory; miss: rendered by Next).",
      labelNames: ["result"] as const,
      registers,
    }),
    deliveryFailures: new Counter({
      name: "forecourt_outbox_delivery_failures_total",
      help: "Lead deliveries that failed (to be retried, or dead after the last attempt), by channel (email, buyer, adf).",
      labelNames: ["channel"] as const,
      registers,
    }),
    searchDuration: new Histogram({
      name: "forecourt_search_duration_seconds",
      help: "Time the embedded engine took to answer one search request (all its queries), from the search endpoint.",
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
      registers,
    }),
    outboxDeliveries: new Gauge({
      name: "forecourt_outbox_deliveries",
      help: "Lead deliveries in the outbox by status: pending (to be sent or retried) and dead (given up; npm run leads:replay).",
      labelNames: ["status"] as const,
      registers,
      collect: guarded(collectOutboxDeliveries),
    }),
    outboxOverdue: new Gauge({
      name: "forecourt_outbox_overdue_seconds",
      help: "How long the earliest due pending delivery has been waiting past its time (0 when none is due).",
      registers,
      collect: guarded(collectOutboxOverdue),
    }),
    poolConnections: new Gauge({
      name: "forecourt_db_pool_connections",
      help: "The PostgreSQL pool's connections: total, idle, and waiting (queries waiting for a connection). Absent on PGlite.",
      labelNames: ["state"] as const,
      registers,
      collect: guarded(collectPool),
    }),
    redisConnected: new Gauge({
      name: "forecourt_redis_connected",
      help: "1 while the rate limiter's Redis connection is ready, else 0 (limits are then counted per instance). Absent without REDIS_URL.",
      registers,
      collect: guarded(collectRedis),
    }),
  };
}

export type Metrics = ReturnType<typeof makeMetrics>;

/** The process's metrics (a test gives its own: `new Services().with(metrics, makeMetrics())`). */
export const metrics = defineService("metrics", makeMetrics);

/** The process's metrics. */
export const appMetrics = (): Metrics => services().get(metrics);

/** "2xx" for 204, "5xx" for 503. */
export const statusClass = (status: number): string => `${Math.trunc(status / 100)}xx`;
