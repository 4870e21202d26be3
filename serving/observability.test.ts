/**
 * Observability (README, "Observability"): the node server's request ids and JSON access lines, the
 * console routed through the logger with the request's id, and the metrics server answering the named
 * metrics — computed from a real PostgreSQL database, outbox worker and Redis connection — on its own
 * port, while /metrics on the app's port is the app's 404.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresDatabase } from "../tests/databases";
import { database, type DbHandle } from "../server/db";
import { MemoryRateLimiter, rateLimiter, RedisRateLimiter } from "../server/http/rate-limit";
import { OutboxWorker, postAdf } from "../server/leads/outbox";
import { demoSite, deps, post, validLead } from "../server/leads/test-helpers";
import { createLogger, logger, routeConsole } from "../server/log";
import { makeMetrics, metrics } from "../server/metrics";
import { Services, useServices } from "../server/root/services";
import { createSiteServer } from "./node-server";
import { listeningOn, metricsAddress, startMetricsServer } from "./metrics-server";
import { PageCache, withPageCache } from "./page-cache";
import { loggedPath, requestIdFrom, routeKind } from "./request-log";

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Stands in for Next: a vehicle page the page cache keeps, and Next's 404 for every other path; it logs through console. */
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  console.warn("rendering %s", req.url);
  if (req.url!.split("?")[0] === "/cars/2021-toyota-corolla") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    return res.end(`<main data-fc-car="7">a car</main>`);
  }
  res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
  res.end("<h1>This page could not be found.</h1>");
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("request ids, JSON log lines and the metrics server", () => {
  const lines: Record<string, unknown>[] = [];
  let site: Server;
  let metricsServer: Server;
  let app = "";
  let h: DbHandle | undefined;
  let cleanup = async () => {};
  let redis: RedisRateLimiter | MemoryRateLimiter;
  let previous: Services;
  let restoreConsole = () => {};

  beforeAll(async () => {
    const tdb = await postgresDatabase();
    if (!tdb) return;
    h = await tdb.open();
    cleanup = () => tdb.cleanup();
    redis = await RedisRateLimiter.connect(REDIS_URL, { prefix: `forecourt:test:obs:${process.pid}:` });
    const capture = createLogger({ write: (line: string) => void lines.push(JSON.parse(line)) }, "info");
    previous = useServices(new Services().with(database, h).with(rateLimiter, redis).with(logger, capture).with(metrics, makeMetrics()));
    restoreConsole = routeConsole(() => capture);
    // Behind one proxy (TRUSTED_PROXIES=1), whose X-Request-Id is taken.
    site = createSiteServer(withPageCache(new PageCache(), fakeNext), { trustedProxies: 1 });
    await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
    app = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    metricsServer = await startMetricsServer({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    restoreConsole();
    site?.closeAllConnections();
    await new Promise((r) => (site ? site.close(r) : r(null)));
    await new Promise((r) => (metricsServer ? metricsServer.close(r) : r(null)));
    if (previous) useServices(previous);
    await redis?.close();
    await h?.close();
    await cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!h) ctx.skip();
  };
  const linesOf = (requestId: unknown) => lines.filter((l) => l.requestId === requestId);

  it("echoes the proxy's id, replaces a hostile one, and every line logged for the request carries it", async (ctx) => {
    need(ctx);
    const car = { host: "harbourline.localhost:3000" };
    const vdp = `${app}/cars/2021-toyota-corolla?email=ada%40example.com`;
    const given = await get(vdp, { ...car, "x-request-id": "caddy-0f3c9a1e" });
    expect(given.status).toBe(200);
    expect(given.headers["x-request-id"]).toBe("caddy-0f3c9a1e");
    // The second is a page-cache hit: its answer is made by the cache, with the request's own id.
    const cached = await get(vdp, { ...car, "x-request-id": "caddy-second" });
    expect([cached.headers["x-forecourt-cache"], cached.headers["x-request-id"]]).toEqual(["HIT", "caddy-second"]);
    for (const hostile of ["<script>alert(1)</script>", "a".repeat(129), "id with spaces", "abc, def"]) {
      const res = await get(`${app}/about`, { "x-request-id": hostile });
      expect(res.headers["x-request-id"], hostile).toMatch(UUID);
    }
    const made = await get(`${app}/`);
    expect(made.headers["x-request-id"]).toMatch(UUID);

    await expect.poll(() => linesOf("caddy-0f3c9a1e").length).toBe(2);
    const [rendering, access] = linesOf("caddy-0f3c9a1e");
    expect(rendering).toMatchObject({ level: "warn", msg: "rendering /cars/2021-toyota-corolla?email=ada%40example.com" });
    expect(access).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/cars/2021-toyota-corolla", status: 200, kind: "vehicle_page", host: "harbourline.localhost:3000" });
    expect(access.ms).toEqual(expect.any(Number));
    expect(typeof access.time === "string" && !Number.isNaN(Date.parse(access.time))).toBe(true);
    expect(linesOf("caddy-second").map((l) => l.msg)).toEqual(["request"]);
    expect(JSON.stringify(lines)).not.toContain("<script>");
  });

  it("logs a request cut off by the time limits with its 408, whether or not its handler had started", async (ctx) => {
    need(ctx);
    const readsBody = async (req: IncomingMessage, res: ServerResponse) => {
      try {
        for await (const _ of req);
      } catch {
        return; // cut off: nobody to answer
      }
      res.end("read");
    };
    const slow = createSiteServer(readsBody, { trustedProxies: 1, limits: { requestMs: 300, headersMs: 300, checkEveryMs: 50 } });
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
    const send = (head: string) =>
      new Promise<string>((resolve) => {
        let text = "";
        const socket = connect((slow.address() as AddressInfo).port, "127.0.0.1", () => socket.write(head));
        socket.on("data", (d) => (text += d)).on("error", () => {}).on("close", () => resolve(text));
      });
    try {
      // The body never comes: the handler was reading it. Then headers that never end: no handler at all.
      expect(await send("POST /api/leads?email=a%40b.c HTTP/1.1\r\nHost: harbourline.localhost\r\nX-Request-Id: slow-body\r\nContent-Length: 10\r\n\r\nab")).toMatch(/^HTTP\/1\.1 408 /);
      expect(await send("GET / HTTP/1.1\r\nHost: harbourline.localhost\r\n")).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await new Promise((r) => slow.close(r));
    }
    await expect.poll(() => linesOf("slow-body")).toEqual([expect.objectContaining({ msg: "request", method: "POST", path: "/api/leads", status: 408, kind: "lead_api", aborted: true })]);
    expect(lines.filter((l) => l.msg === "request not read")).toEqual([expect.objectContaining({ level: "info", status: 408, code: "ERR_HTTP_REQUEST_TIMEOUT" })]);
  });

  it("answers the named metrics on the metrics port after requests and deliveries; /metrics on the app's port is the app's 404", async (ctx) => {
    need(ctx);
    // A lead whose CRM (a loopback address) the fetch guard refuses: with one attempt allowed its ADF row is dead at once.
    const tenant = demoSite("http://127.0.0.1:9/adf");
    expect((await post(deps(h!, tenant), validLead())).status).toBe(200);
    const worker = new OutboxWorker(h!.db, { senders: { email: null, adf: (url, xml, o) => postAdf(url, xml, o) }, maxAttempts: 1 });
    expect(await worker.runOnce()).toMatchObject({ dead: 1, kept: 1 });
    // Another lead, not delivered yet: its two rows are pending, due a minute ago.
    expect((await post(deps(h!, tenant), validLead())).status).toBe(200);
    await h!.db.execute(sql`update lead_deliveries set next_attempt_at = now() - interval '60 seconds' where status = 'pending'`);

    const onApp = await get(`${app}/metrics`);
    expect(onApp.status).toBe(404);
    expect(onApp.body).toBe("<h1>This page could not be found.</h1>");

    const scrape = await get(listeningOn(metricsServer));
    expect(scrape.status).toBe(200);
    expect(scrape.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}()[\]|.+]/g, "\\$&")} (\\S+)$`, "m").exec(scrape.body)?.[1]);
    expect(value('forecourt_http_request_duration_seconds_count{kind="vehicle_page",status_class="2xx"}')).toBe(2);
    expect(value('forecourt_http_request_duration_seconds_count{kind="page",status_class="4xx"}')).toBe(6);
    expect(value('forecourt_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(value('forecourt_page_cache_requests_total{result="hit"}')).toBe(1);
    expect(value('forecourt_outbox_delivery_failures_total{channel="adf"}')).toBe(1);
    expect(value('forecourt_outbox_deliveries{status="pending"}')).toBe(2);
    expect(value('forecourt_outbox_deliveries{status="dead"}')).toBe(1);
    expect(value("forecourt_outbox_overdue_seconds")).toBeGreaterThanOrEqual(60);
    expect(value("forecourt_outbox_overdue_seconds")).toBeLessThan(90);
    expect(value('forecourt_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value('forecourt_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value("forecourt_search_duration_seconds_count")).toBe(0);
    expect(value("forecourt_redis_connected")).toBe(redis.redisConnected() ? 1 : 0);
    expect(scrape.body).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
    // Only /metrics.
    expect((await get(listeningOn(metricsServer).replace("/metrics", "/"))).status).toBe(404);
  });
});

describe("request-log rules", () => {
  it("takes an id only from a trusted proxy, and only when it looks like one", () => {
    expect(requestIdFrom("0f3c9a1e-7d2b-4c1a-9e8f-1234567890ab")).toBe("0f3c9a1e-7d2b-4c1a-9e8f-1234567890ab");
    expect(requestIdFrom("a".repeat(128))).toBe("a".repeat(128));
    for (const bad of ["", "a".repeat(129), "x\u00e9", "a b", "a;b", ["a", "b"], undefined]) expect(requestIdFrom(bad as never)).toMatch(UUID);
    // With no proxy trusted, the header is the visitor's: never taken.
    expect(requestIdFrom("0f3c9a1e", false)).toMatch(UUID);
  });

  it("names the route kind by host and path, and logs paths without query strings or preview tokens", () => {
    const site = "harbourline.localhost:3000";
    expect(routeKind(site, "/")).toBe("page");
    expect(routeKind(site, "/cars/2021-toyota-corolla")).toBe("vehicle_page");
    expect(routeKind("localhost:3000", "/cars/x")).toBe("page");
    expect(routeKind(site, "/api/search/1/indexes/*/queries")).toBe("search_api");
    expect(routeKind(site, "/preview/…/api/search/1/indexes/*/queries")).toBe("search_api");
    expect(routeKind(site, "/api/leads")).toBe("lead_api");
    expect(routeKind("localhost:3000", "/admin/tenants/harbourline")).toBe("admin");
    expect(routeKind("localhost:3000", "/api/admin/tenants")).toBe("admin");
    expect(routeKind(site, "/_next/static/chunks/a.js")).toBe("static");
    expect(routeKind(site, "/media/ab12.webp")).toBe("static");
    expect(routeKind(site, "/api/health")).toBe("other");
    expect(loggedPath("/search?query=ada@example.com")).toBe("/search");
    expect(loggedPath("/preview/secret-token/cars/x?y=1")).toBe("/preview/…/cars/x");
    expect(loggedPath(`/${"x".repeat(300)}`)).toHaveLength(201);
  });

  it("reads METRICS_PORT and METRICS_HOST", () => {
    expect(metricsAddress({})).toBeNull();
    expect(metricsAddress({ METRICS_PORT: "9464" })).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(metricsAddress({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toEqual({ port: 9464, host: "0.0.0.0" });
    expect(() => metricsAddress({ METRICS_PORT: "70000" })).toThrow('METRICS_PORT must be a port number (1–65535), not "70000".');
  });
});
