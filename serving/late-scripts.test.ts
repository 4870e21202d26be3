import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LATE_SCRIPTS_LOADER, LATE_SCRIPTS_MAX_WAIT_MS, lateScriptsHtml, notFoundPage, sitePageRequest, withLateScripts } from "./late-scripts";
import { NOT_FOUND_MARK } from "../domain/hosts";

// A site page's scripts run after its largest paint: Next's chunk scripts become preloads, and an
// inline loader adds them back once the page has loaded and painted.

const A = "/_next/static/chunks/1lgkdtcltv2fx.js";
const B = "/_next/static/chunks/turbopack-077hmtqrhcoji.js";
const C = "/_next/static/chunks/310vm2bl3xxpt.js";
const LAZY = "/_next/static/chunks/3qf8evs5lumpi.js";
const NOMODULE = '<script src="/_next/static/chunks/0cz1d0mv5g_q7.js" noModule=""></script>';
const PAGE = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/0ktss0qvgow89.css" data-precedence="next"/>',
  `<link rel="preload" as="script" fetchPriority="low" href="${C}"/><link rel="preload" href="/demo/kowhai-motors/logo.svg" as="image"/>`,
  `<script src="${A}" async=""></script><script src="${B}" async=""></script>${NOMODULE}`,
  '<script type="application/ld+json">{"name":"<script src=\\"/x.js\\" async=\\"\\"></script>"}</script></head>',
  `<body><h1>Harbourline</h1><link rel="preload" href="${LAZY}" as="script" fetchPriority="low"/><link rel="preload" href="/elsewhere.js" as="script"/>`,
  '<script>(globalThis.TURBOPACK_CHUNK_LISTS = globalThis.TURBOPACK_CHUNK_LISTS || []).push({"otherChunks":["static/chunks/310vm2bl3xxpt.js"]});</script>',
  `<script src="${C}" async=""></script><script>self.__next_f.push([1,"2:\\"/_next/static/chunks/2f0x-t61gsd3_.js\\""])</script></body></html>`,
].join("");

const late = (src: string, as: "script" | "preload") => `<link rel="x-fc-late" as="${as}" href="${src}"/>`;

describe("a site page's HTML", () => {
  it("has Next's chunk scripts and their preloads inert in their places, the loader before the first, and nothing else changed", () => {
    const out = lateScriptsHtml(PAGE);
    expect(out).toBe(
      PAGE.replace(`<link rel="preload" as="script" fetchPriority="low" href="${C}"/>`, `<script>${LATE_SCRIPTS_LOADER}</script>${late(C, "preload")}`)
        .replace(`<script src="${A}" async=""></script>`, late(A, "script"))
        .replace(`<script src="${B}" async=""></script>`, late(B, "script"))
        .replace(`<script src="${C}" async=""></script>`, late(C, "script"))
        .replace(`<link rel="preload" href="${LAZY}" as="script" fetchPriority="low"/>`, late(LAZY, "preload")),
    );
    expect(out.match(/<script>\(function\(\)\{var w=window/g)).toHaveLength(1);
    // Nothing of Next's is fetched as a script before the loader asks (but the old browsers' polyfills).
    expect(out).not.toMatch(/<script src="\/_next[^>]*async|<link rel="preload"[^>]*_next\/static\/chunks/);
  });

  it("is left as it is without Next's scripts, and other scripts' tags are never touched", () => {
    const plain = `<html><body><script src="/elsewhere.js" async=""></script><script src="${A}"></script>${NOMODULE}<link rel="preload" href="${LAZY}" as="script"/></body></html>`;
    expect(lateScriptsHtml(plain)).toBe(plain);
    expect(lateScriptsHtml(`<script src="/_next/static/chunks/../../x.js" async=""></script>`)).toBe(`<script src="/_next/static/chunks/../../x.js" async=""></script>`);
  });

  it("is rewritten only for a site's page as a document: not the admin, the API, assets, media or client navigations", () => {
    const req = (url: string, headers: Record<string, string> = {}, method = "GET", host = "harbourline.localhost:3000") => ({ method, url, headers: { host, ...headers } });
    expect(sitePageRequest(req("/"))).toBe(true);
    expect(sitePageRequest(req("/search/used-cars?make=Mazda"))).toBe(true);
    expect(sitePageRequest(req("/", {}, "GET", "www.harbourlinemotors.com.au"))).toBe(true);
    expect(sitePageRequest(req("/", {}, "GET", "localhost:3000"))).toBe(false);
    expect(sitePageRequest(req("/", {}, "POST"))).toBe(false);
    expect(sitePageRequest(req("/", {}, "HEAD"))).toBe(false);
    expect(sitePageRequest(req("/search", { rsc: "1" }))).toBe(false);
    expect(sitePageRequest(req("/search", { "next-router-prefetch": "1" }))).toBe(false);
    expect(sitePageRequest(req("/search?_rsc=abc"))).toBe(false);
    expect(sitePageRequest(req("/api/leads"))).toBe(false);
    expect(sitePageRequest(req("/_next/static/chunks/a.js"))).toBe(false);
    expect(sitePageRequest(req("/media/vehicles/a.webp"))).toBe(false);
    expect(sitePageRequest(req("/", {}, "GET", "bad host!"))).toBe(false);
  });
});

/**
 * Runs the loader in a fake page: it records listeners, frames and timers so a test can move the
 * page along (load, the first paint on screen, frames, time) and see which scripts were added.
 */
function fakePage({ visible = true, paintTiming = true } = {}) {
  const listeners = new Map<string, () => void>();
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  let observer: ((list: unknown, o: { disconnect(): void }) => void) | null = null;
  const added: string[] = [];
  const links = [
    [C, "preload"],
    [A, "script"],
    [B, "script"],
    [C, "script"],
    [LAZY, "preload"],
  ].map(([href, as]) => ({ getAttribute: (name: string) => ({ href, as })[name] ?? null, href: `http://harbourline.localhost${href}` }));
  const document = {
    documentElement: { lang: "en-NZ" },
    visibilityState: visible ? "visible" : "hidden",
    querySelectorAll: (selector: string) => (selector === 'link[rel="x-fc-late"]' ? links : []),
    createElement: (tag: string) => ({ tag, attributes: {} as Record<string, string>, setAttribute(name: string, value: string) { this.attributes[name] = value; } }),
    head: {
      appendChild: (el: Record<string, unknown> & { tag: string; attributes: Record<string, string> }) =>
        added.push(el.tag === "script" ? `script ${el.src}${el.async === true ? " async" : ""}` : `link ${el.rel} ${el.as} ${el.href} ${JSON.stringify(el.attributes)}`),
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "largest-contentful-paint"] : ["largest-contentful-paint"];
    constructor(cb: typeof observer) {
      observer = cb;
    }
    observe(opts: { type: string; buffered: boolean }) {
      expect(opts).toEqual({ type: "paint", buffered: true });
    }
  }
  const window = { PerformanceObserver, addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) };
  const setTimeout = (run: () => void, ms = 0) => timers.push({ at: now + ms, run });
  const requestAnimationFrame = (run: () => void) => frames.push(run);
  // Number formats the loader makes (none: the pages format numbers without ICU, domain/intl.ts).
  const warmed: string[] = [];
  const Intl = {
    NumberFormat: class {
      constructor(locale?: string) {
        warmed.push(`${locale} after ${added.length}`);
      }
      format = (n: number) => String(n);
    },
  };
  new Function("window", "document", "setTimeout", "requestAnimationFrame", "Intl", LATE_SCRIPTS_LOADER)(window, document, setTimeout, requestAnimationFrame, Intl);
  const page = {
    added,
    warmed,
    fire: (type: string) => listeners.get(type)?.(),
    painted: () => observer?.({ getEntries: () => [] }, { disconnect: () => (observer = null) }),
    /** One frame: the frame callbacks, then the timers due. */
    frame: () => {
      for (const run of frames.splice(0)) run();
      page.tick(0);
    },
    tick: (ms: number) => {
      now += ms;
      for (let due = timers.filter((t) => t.at <= now); due.length; due = timers.filter((t) => t.at <= now)) {
        for (const t of due) {
          timers.splice(timers.indexOf(t), 1);
          t.run();
        }
      }
    },
  };
  return page;
}

describe("the loader", () => {
  const lazy = (src: string) => `link preload script ${src} {"fetchpriority":"low"}`;
  const ALL = [lazy(C), `script ${A} async`, `script ${B} async`, `script ${C} async`, lazy(LAZY)];

  it("adds the scripts back, as written in the page, two frames after the page has loaded and painted, and makes no number format", () => {
    const page = fakePage();
    page.fire("load");
    page.frame();
    expect(page.added).toEqual([]);
    expect(page.warmed).toEqual([]);
    page.painted();
    page.frame();
    expect(page.added).toEqual([]);
    page.frame();
    expect(page.added).toEqual(ALL);
    expect(page.warmed).toEqual([]);
    page.frame();
    page.fire("load");
    expect(page.added).toEqual(ALL);
  });

  it("waits for the page to load when it paints first", () => {
    const page = fakePage();
    page.painted();
    page.frame();
    page.frame();
    expect(page.added).toEqual([]);
    page.fire("load");
    page.frame();
    page.frame();
    expect(page.added).toEqual(ALL);
  });

  it("adds them at once when the visitor taps or types first", () => {
    for (const type of ["pointerdown", "keydown", "touchstart"]) {
      const page = fakePage();
      page.fire(type);
      expect(page.added).toEqual(ALL);
      page.fire("load");
      page.painted();
      page.frame();
      page.frame();
      expect(page.added).toEqual(ALL);
    }
  });

  it(`adds them after ${LATE_SCRIPTS_MAX_WAIT_MS} ms whatever happens`, () => {
    const page = fakePage();
    page.tick(LATE_SCRIPTS_MAX_WAIT_MS - 1);
    expect(page.added).toEqual([]);
    page.tick(1);
    expect(page.added).toEqual(ALL);
  });

  it("adds them at load in a background tab (which neither paints nor draws frames), or where paints are not reported", () => {
    for (const page of [fakePage({ visible: false }), fakePage({ paintTiming: false })]) {
      page.fire("load");
      if (page.added.length === 0) {
        page.frame();
        page.frame();
      }
      expect(page.added).toEqual(ALL);
    }
    const hidden = fakePage({ visible: false });
    hidden.fire("load");
    expect(hidden.added).toEqual(ALL);
  });
});

describe("the server in front of Next", () => {
  let server: Server;
  let port: number;
  // Stands in for Next: answers a page in pieces, as a stream does, or JSON; Next gzips what it
  // is asked to, which this marks.
  const next = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader("x-accept-encoding", String(req.headers["accept-encoding"] ?? "none"));
    if (req.url!.includes("/json")) {
      res.setHeader("content-type", "application/json");
      return res.end(`{"src":"${A}"}`);
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.writeHead(req.url === "/missing" ? 404 : 200, { "cache-control": "private, no-store", vary: "rsc" });
    // A site's 404 drawn by its page (renderer/not-found-page.tsx): the mark in its <head>; a page quoting it in its body.
    if (req.url === "/drawn-404") return res.end(PAGE.replace("<head>", `<head>${NOT_FOUND_MARK}`));
    if (req.url === "/quoted") return res.end(PAGE.replace("<h1>", `<h1>${NOT_FOUND_MARK}`));
    const half = PAGE.indexOf("async") + 2;
    res.write(PAGE.slice(0, half));
    res.write(Buffer.from(PAGE.slice(half, -50)));
    res.end(PAGE.slice(-50) + "<p>“Ōtautahi” </p>".repeat(80));
  };
  const get = (path: string, headers: Record<string, string> = {}, host = "harbourline.localhost:3900", method = "GET") =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; raw: Buffer }>((resolve, reject) => {
      const r = request({ port, path, method, headers: { host, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
      });
      r.on("error", reject);
      r.end();
    });
  const expected = lateScriptsHtml(PAGE + "<p>“Ōtautahi” </p>".repeat(80));

  beforeAll(async () => {
    server = createServer(withLateScripts(next));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a page whole, its scripts late, compressed as the browser accepts (br, else gzip), with the right length", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({ "content-encoding": "br", "content-length": String(br.raw.length), "cache-control": "private, no-store", vary: "rsc, Accept-Encoding", "x-accept-encoding": "none" });
    expect(brotliDecompressSync(br.raw).toString("utf8")).toBe(expected);

    const gz = await get("/search/used-cars", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.raw).toString("utf8")).toBe(expected);

    const plain = await get("/", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.raw.length));
    expect(plain.raw.toString("utf8")).toBe(expected);

    // A missing page's HTML too (it has the same scripts).
    const missing = await get("/missing", { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    expect(brotliDecompressSync(missing.raw).toString("utf8")).toBe(expected);
  });

  it("answers a page marked as the site's 404 in its <head> with status 404, its body as drawn; a mark elsewhere changes nothing", async () => {
    const drawn = await get("/drawn-404", { "accept-encoding": "identity" });
    expect(drawn.status).toBe(404);
    expect(drawn.raw.toString("utf8")).toBe(lateScriptsHtml(PAGE.replace("<head>", `<head>${NOT_FOUND_MARK}`)));
    expect((await get("/quoted", { "accept-encoding": "identity" })).status).toBe(200);
    // Another method than GET (a native form POST, a fuzzer's request to a made-up address): a 404 too, its page not rewritten.
    const posted = await get("/drawn-404", { "accept-encoding": "identity" }, undefined, "POST");
    expect(posted.status).toBe(404);
    expect(posted.raw.toString("utf8")).toBe(PAGE.replace("<head>", `<head>${NOT_FOUND_MARK}`));
    expect((await get("/quoted", { "accept-encoding": "identity" }, undefined, "POST")).status).toBe(200);
    expect(notFoundPage(`<html><head>${NOT_FOUND_MARK}</head><body></body></html>`)).toBe(true);
    expect(notFoundPage(`<html><head></head><body>${NOT_FOUND_MARK}</body></html>`)).toBe(false);
    expect(NOT_FOUND_MARK).toBe('<meta name="x-fc-status" content="404"/>');
  });

  it("passes the admin, the API, client navigations and JSON through to Next untouched", async () => {
    const admin = await get("/", { "accept-encoding": "gzip" }, "localhost:3900");
    expect(admin.headers["x-accept-encoding"]).toBe("gzip");
    expect(admin.raw.toString("utf8")).toContain(`<script src="${A}" async=""></script>`);
    const rsc = await get("/search", { rsc: "1", "accept-encoding": "gzip" });
    expect(rsc.headers["x-accept-encoding"]).toBe("gzip");
    expect(rsc.raw.toString("utf8")).toContain(`<script src="${A}" async=""></script>`);
    const api = await get("/api/json", { "accept-encoding": "gzip" });
    expect(api.headers["x-accept-encoding"]).toBe("gzip");
    expect(api.raw.toString("utf8")).toBe(`{"src":"${A}"}`);
  });
});
