import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acceptsBrotli, staticAssetPath, withStaticBrotli } from "./static-brotli";

// Next's build output goes out brotli-compressed, with Next's own headers, once Next has answered it.

const compressions = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:zlib", async (original) => {
  const zlib = await original<typeof import("node:zlib")>();
  return { ...zlib, brotliCompress: (...args: Parameters<typeof zlib.brotliCompress>) => (compressions.count++, zlib.brotliCompress(...args)) };
});

const SCRIPT = `(globalThis.TURBOPACK=[]).push(${JSON.stringify("x".repeat(5000))});\n`.repeat(20);
let dir: string;
let server: Server;
let port: number;
const nextAnswers: string[] = [];

/** Next's static answer: its headers, gzip when asked, 404 for a file it does not have. */
function fakeNext(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) {
  nextAnswers.push(req.url!);
  if (req.url !== "/_next/static/chunks/app-1a2b.js") {
    res.statusCode = 404;
    return res.end("not found");
  }
  res.setHeader("cache-control", "public, max-age=31536000, immutable");
  res.setHeader("content-type", "application/javascript; charset=UTF-8");
  res.setHeader("etag", 'W/"3e8-1"');
  res.setHeader("x-content-type-options", "nosniff");
  const gzip = /gzip/.test(String(req.headers["accept-encoding"]));
  // Like Next's compression, which leaves Vary out of what it sends as it is.
  if (gzip) res.setHeader("vary", "Accept-Encoding");
  if (gzip) res.setHeader("content-encoding", "gzip");
  res.end(gzip ? gzipSync(SCRIPT) : SCRIPT);
}

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request({ port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

async function untilKept(path: string) {
  for (let i = 0; i < 100; i++) {
    const r = await get(path, { "accept-encoding": "gzip, deflate, br" });
    if (r.headers["content-encoding"] === "br") return r;
    await new Promise((w) => setTimeout(w, 20));
  }
  throw new Error(`${path} was never sent as br`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "static-brotli-"));
  mkdirSync(join(dir, "chunks"));
  writeFileSync(join(dir, "chunks", "app-1a2b.js"), SCRIPT);
  writeFileSync(join(dir, "secret.js"), "not Next's answer");
  server = createServer(withStaticBrotli(fakeNext, { dir }));
  await new Promise<void>((ok) => server.listen(0, ok));
  port = (server.address() as { port: number }).port;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("brotli for Next's scripts and stylesheets", () => {
  it("first answers as Next does, then sends the file brotli-compressed with Next's headers and Vary", async () => {
    // Next's first answer: as it is (the browser takes no gzip), without Vary.
    const first = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers.vary).toBeUndefined();
    expect(first.body.toString()).toBe(SCRIPT);
    const br = await untilKept("/_next/static/chunks/app-1a2b.js");
    expect(br.status).toBe(200);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(gzipSync(SCRIPT).length);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "application/javascript; charset=UTF-8",
      etag: 'W/"3e8-1"',
      "x-content-type-options": "nosniff",
      vary: "Accept-Encoding",
    });
  });

  it("answers a revalidation with 304, and leaves to Next a browser without br, a range and a HEAD", async () => {
    await untilKept("/_next/static/chunks/app-1a2b.js");
    const notModified = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br", "if-none-match": 'W/"3e8-1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    nextAnswers.length = 0;
    expect((await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br", range: "bytes=0-9" })).headers["content-encoding"]).toBeUndefined();
    expect(nextAnswers).toHaveLength(3);
  });

  it("never reads a file Next did not answer 200 for, nor one outside the build's names", async () => {
    const missing = await get("/_next/static/secret.js", { "accept-encoding": "br" });
    expect(missing.status).toBe(404);
    await new Promise((w) => setTimeout(w, 100));
    expect((await get("/_next/static/secret.js", { "accept-encoding": "br" })).status).toBe(404);
    for (const path of ["/_next/static/../static-brotli.ts", "/_next/static/chunks/%2e%2e/x.js", "/_next/static/chunks/a.js?x=1", "/_next/static/\u0000.js"]) {
      expect(staticAssetPath({ method: "GET", url: path, headers: {} })).toBeNull();
    }
    expect(staticAssetPath({ method: "GET", url: "/_next/static/chunks/0a-b_c~d.css", headers: {} })).toBe("chunks/0a-b_c~d.css");
    expect(staticAssetPath({ method: "HEAD", url: "/_next/static/chunks/a.js", headers: {} })).toBeNull();
  });

  it("leaves to Next, for good, a file past the bound on kept bytes", async () => {
    const small = createServer(withStaticBrotli(fakeNext, { dir, maxBytes: 10 }));
    await new Promise<void>((ok) => small.listen(0, ok));
    const at = (small.address() as { port: number }).port;
    try {
      const fetchOnce = () =>
        new Promise<string | undefined>((done) => request({ port: at, path: "/_next/static/chunks/app-1a2b.js", headers: { "accept-encoding": "gzip, br" } }, (res) => (res.resume(), done(res.headers["content-encoding"]))).end());
      const before = compressions.count;
      expect(await fetchOnce()).toBe("gzip");
      await new Promise((w) => setTimeout(w, 300));
      expect(await fetchOnce()).toBe("gzip");
      await new Promise((w) => setTimeout(w, 300));
      expect(await fetchOnce()).toBe("gzip");
      expect(compressions.count - before).toBe(1);
    } finally {
      small.close();
    }
  });

  it("reads Accept-Encoding as browsers write it", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("br;q=0.5")).toBe(true);
    expect(acceptsBrotli("BR")).toBe(true);
    expect(acceptsBrotli("br;q=0")).toBe(false);
    expect(acceptsBrotli("gzip, brotli")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
    expect(acceptsBrotli(["gzip", "br"])).toBe(true);
  });
});
