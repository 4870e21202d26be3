import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PageCache, pageCacheKey, withPageCache } from "./page-cache";
import { pageSecurityHeaders } from "../server/http/security-headers";

/** Stands in for Next's handler: renders a numbered page per request, the way Next writes it. */
let renders = 0;
let carOf: Record<string, string | null> = {};
let extraHeaders: Record<string, string> = {};
let lastAcceptEncoding: string | undefined;
/** Runs while a page renders (another instance's change heard mid-render). */
let duringRender: (() => void) | null = null;
function fakeNext(req: IncomingMessage, res: ServerResponse) {
  renders++;
  duringRender?.();
  lastAcceptEncoding = req.headers["accept-encoding"] as string | undefined;
  const path = req.url!.split("?")[0];
  if (path === "/cars/missing") {
    res.writeHead(404, { "content-type": "text/html" });
    return res.end("<main>Not found</main>");
  }
  const car = carOf[path] ?? null;
  res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
  for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.write(`<!DOCTYPE html><html><body><main id="main" tabindex="-1"${car ? ` data-fc-car="${car}"` : ""}>`);
  setTimeout(() => res.end(`render ${renders} of ${path}</main></body></html>`), 5);
}

let server: Server;
let port = 0;
let cache: PageCache;
let clock = 0;

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path, headers: { host: "alpha.localhost:3000", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: (res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString() });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  server = createServer((req, res) => withPageCache(cache, fakeNext)(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  renders = 0;
  clock = 1_000_000;
  carOf = { "/cars/corolla-abc": "v1", "/cars/hilux-def": "v2" };
  extraHeaders = {};
  duringRender = null;
  cache = new PageCache({ now: () => clock, ttlMs: 60_000, maxEntries: 3 });
});

describe("vehicle page cache", () => {
  it("renders a VDP once, then serves it from memory, gzipped when asked, with Next's headers", async () => {
    const first = await get("/cars/corolla-abc", { "accept-encoding": "gzip, br" });
    expect(first.status).toBe(200);
    expect(first.headers["x-forecourt-cache"]).toBe("MISS");
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(first.body).toContain("render 1 of /cars/corolla-abc");
    // Next was asked for the page uncompressed, so it could be read and kept.
    expect(lastAcceptEncoding).toBeUndefined();
    const second = await get("/cars/corolla-abc");
    expect(second.headers["x-forecourt-cache"]).toBe("HIT");
    expect(second.headers["content-encoding"]).toBeUndefined();
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["cache-control"]).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
    expect(Number(second.headers["content-length"])).toBe(Buffer.byteLength(second.body));
    expect(second.body).toBe(first.body);
    expect(renders).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it("gives a cached page the same security headers as a rendered one, made for each request (HSTS only over https)", async () => {
    // What proxy.ts set on the rendering, which was asked over https behind a proxy.
    extraHeaders = { ...pageSecurityHeaders("site", { https: true }), "x-frame-options": "SAMEORIGIN" };
    const expected = pageSecurityHeaders("site", { https: false });
    const first = await get("/cars/corolla-abc");
    const second = await get("/cars/corolla-abc", { "x-forwarded-proto": "https" });
    expect([first.headers["x-forecourt-cache"], second.headers["x-forecourt-cache"]]).toEqual(["MISS", "HIT"]);
    for (const res of [first, second]) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name]).toBe(value);
      // Over plain http (X-Forwarded-Proto without a trusted proxy counts for nothing): no HSTS.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    expect(second.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(second.headers["x-frame-options"]).toBe("DENY");
    const saved = process.env.TRUSTED_PROXIES;
    process.env.TRUSTED_PROXIES = "1";
    try {
      const https = await get("/cars/corolla-abc", { "x-forwarded-proto": "https" });
      expect(https.headers["x-forecourt-cache"]).toBe("HIT");
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect((await get("/cars/corolla-abc", { "x-forwarded-proto": "http" })).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
  });

  it("drops a car's page when the car changes, on every host, and leaves the others", async () => {
    await get("/cars/corolla-abc");
    await get("/cars/corolla-abc", { host: "www.alpha.com.au" });
    await get("/cars/hilux-def");
    expect(cache.size).toBe(3);
    cache.invalidateCars(["v1"]);
    expect(cache.size).toBe(1);
    expect((await get("/cars/corolla-abc")).body).toContain("render 4 of");
    expect((await get("/cars/hilux-def")).headers["x-forecourt-cache"]).toBe("HIT");
  });

  it("does not keep a page whose car changed, or whose site published, while it rendered", async () => {
    duringRender = () => cache.invalidateCars(["v1"]);
    expect((await get("/cars/corolla-abc")).body).toContain("render 1 of");
    duringRender = () => cache.clear();
    expect((await get("/cars/corolla-abc")).body).toContain("render 2 of");
    expect(cache.size).toBe(0);
    duringRender = () => cache.invalidateCars(["v2"]); // another car's change: this page is kept
    expect((await get("/cars/corolla-abc")).headers["x-forecourt-cache"]).toBe("MISS");
    duringRender = null;
    const third = await get("/cars/corolla-abc");
    expect([third.headers["x-forecourt-cache"], third.body]).toEqual(["HIT", expect.stringContaining("render 3 of")]);
    // A render that began before a change and ends after it is refused; one that began after is kept.
    const ticket = cache.ticket();
    cache.invalidateCars(["v2"]);
    const page = (car: string) => Buffer.from(`<main data-fc-car="${car}">x</main>`);
    expect(cache.store("k", 200, {}, page("v2"), ticket)).toBeNull();
    expect(cache.store("k", 200, {}, page("v1"), ticket)?.carId).toBe("v1");
    expect(cache.store("k", 200, {}, page("v2"), cache.ticket())?.carId).toBe("v2");
  });

  it("renders again after the time limit and keeps only the most recently used pages", async () => {
    await get("/cars/corolla-abc");
    clock += 60_001;
    expect((await get("/cars/corolla-abc")).headers["x-forecourt-cache"]).toBe("MISS");
    carOf["/cars/a"] = "a";
    carOf["/cars/b"] = "b";
    await get("/cars/hilux-def");
    await get("/cars/a");
    await get("/cars/corolla-abc"); // used again: now the newest
    await get("/cars/b"); // a fourth page pushes out the least recently used (hilux)
    expect(cache.size).toBe(3);
    expect((await get("/cars/hilux-def")).headers["x-forecourt-cache"]).toBe("MISS");
  });

  it("never keeps a page without its car mark, a 404, or a response that sets a cookie; passes other requests through untouched", async () => {
    carOf["/cars/unmarked"] = null;
    for (let i = 0; i < 2; i++) expect((await get("/cars/unmarked")).body).toContain(`render ${i + 1} of`);
    expect((await get("/cars/missing")).status).toBe(404);
    expect((await get("/cars/missing")).status).toBe(404);
    extraHeaders = { "set-cookie": "a=b" };
    await get("/cars/corolla-abc");
    expect(cache.size).toBe(0);
    expect(renders).toBe(5);
  });

  it("takes only GETs of /cars/{slug} on a site's host that ask for the page, not the RSC payload", () => {
    const key = (method: string, url: string, headers: Record<string, string> = {}) => pageCacheKey({ method, url, headers: { host: "alpha.localhost:3000", ...headers } });
    expect(key("GET", "/cars/corolla-abc")).toBe("alpha.localhost:3000/cars/corolla-abc");
    expect(key("GET", "/cars/corolla-abc?utm_source=x")).toBe("alpha.localhost:3000/cars/corolla-abc?utm_source=x");
    expect(key("HEAD", "/cars/corolla-abc")).toBeNull();
    expect(key("POST", "/cars/corolla-abc")).toBeNull();
    expect(key("GET", "/cars/corolla-abc", { rsc: "1" })).toBeNull();
    expect(key("GET", "/cars/corolla-abc?_rsc=1x2y")).toBeNull();
    expect(key("GET", "/cars/corolla-abc", { "next-router-prefetch": "1" })).toBeNull();
    expect(key("GET", "/cars/corolla-abc", { "next-router-segment-prefetch": "/_tree" })).toBeNull();
    expect(key("GET", "/search/used-cars")).toBeNull();
    expect(key("GET", "/cars/corolla-abc/consumer-information-notice")).toBeNull();
    expect(key("GET", "/cars/corolla-abc", { host: "localhost:3000" })).toBeNull();
  });

  it("never keys a personal or gated page: sign-in, My Garage and its aliases, the watchlist, checkout, finance", () => {
    const key = (url: string) => pageCacheKey({ method: "GET", url, headers: { host: "harbourline.localhost:3000" } });
    for (const url of ["/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2F", "/my-garage", "/mymotorama", "/myservco", "/watchlist", "/cars/corolla-abc/checkout", "/cars/corolla-abc/buy-online", "/checkout-journey?car_id=corolla-abc", "/finance", "/online-payment", "/success"]) {
      expect(key(url), url).toBeNull();
    }
  });
});
