import { request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MALFORMED_PATH } from "../server/http/request-target";
import { createSiteServer, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MESSAGE, REQUEST_TIMEOUT_MS } from "./node-server";
import { CLIENT_ADDRESS_HEADER } from "../server/http/client-address";

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(null));
  server = null;
});

/** A server whose handler reads the whole body, then answers what it got (the handler Next would be). */
async function start(limits?: Parameters<typeof createSiteServer>[1]["limits"], handler?: Parameters<typeof createSiteServer>[0]) {
  server = createSiteServer(
    handler ??
      (async (req, res) => {
        let bytes = 0;
        try {
          for await (const chunk of req) bytes += (chunk as Buffer).byteLength;
        } catch {
          return; // the client was cut off: nobody to answer
        }
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(`read ${bytes} bytes from ${req.headers[CLIENT_ADDRESS_HEADER]}`);
      }),
    { trustedProxies: 0, limits },
  );
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

/** Sends `head` on a raw socket, then one byte of body every `everyMs`; resolves with what came back and when the connection closed. */
function trickle(port: number, head: string, everyMs: number): Promise<{ text: string; ms: number; sent: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let sent = 0;
    let timer: NodeJS.Timeout;
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.writable) {
          socket.write("x");
          sent++;
        }
      }, everyMs);
    });
    socket.on("data", (d) => (text += d.toString()));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ text, ms: Date.now() - started, sent });
    });
  });
}

const get = (port: number, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });

describe("the HTTP server's time limits", () => {
  it("are 30 s for a whole request, 20 s for its headers and 65 s for an idle kept-alive connection", async () => {
    expect([REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS]).toEqual([30_000, 20_000, 65_000]);
    await start();
    expect([server!.requestTimeout, server!.headersTimeout, server!.keepAliveTimeout]).toEqual([30_000, 20_000, 65_000]);
  });

  it("does not count a kept-alive connection's idle time towards the request and header limits", async () => {
    const port = await start({ requestMs: 800, headersMs: 600, checkEveryMs: 100 });
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => (text += d.toString()));
    const answers = () => text.match(/^HTTP\/1\.1 \d+/gm) ?? [];
    socket.write("GET / HTTP/1.1\r\nhost: alpha.localhost\r\n\r\n");
    await expect.poll(answers).toEqual(["HTTP/1.1 200"]);
    await new Promise((r) => setTimeout(r, 1200));
    socket.write("GET / HTTP/1.1\r\nhost: alpha.localhost\r\n\r\n");
    await expect.poll(answers).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    socket.destroy();
  });

  it("cuts a body trickled byte by byte at the request limit with a 408 that says why and carries the security headers", async () => {
    const port = await start({ requestMs: 800, headersMs: 600, checkEveryMs: 100 });
    const { text, ms, sent } = await trickle(port, "POST /api/leads HTTP/1.1\r\nhost: alpha.localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n", 50);
    expect(text.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(text).toContain("x-content-type-options: nosniff");
    expect(text).toContain("x-frame-options: DENY");
    expect(text.endsWith(`\r\n\r\n${REQUEST_TIMEOUT_MESSAGE}`)).toBe(true);
    expect(sent).toBeLessThan(1000);
    expect(ms).toBeGreaterThanOrEqual(700);
    expect(ms).toBeLessThan(3000);
  });

  it("cuts headers trickled byte by byte at the headers limit", async () => {
    const port = await start({ requestMs: 2000, headersMs: 600, checkEveryMs: 100 });
    const { text, ms } = await trickle(port, "GET / HTTP/1.1\r\nhost: alpha.localhost\r\nx-slow: ", 50);
    expect(text.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(ms).toBeLessThan(1800);
  });

  it("serves a request that arrives in time", async () => {
    const port = await start({ requestMs: 800, headersMs: 600, checkEveryMs: 100 });
    const res = await get(port, "/search");
    expect([res.status, res.body]).toEqual([200, "read 0 bytes from 127.0.0.1"]);
  });
});

describe("security headers on answers the server makes itself", () => {
  it("the 400 for a malformed path carries them", async () => {
    const port = await start();
    const res = await get(port, "/cars/%ZZ", { host: "alpha.localhost" });
    expect([res.status, res.body]).toEqual([400, MALFORMED_PATH]);
    expect(res.headers).toMatchObject({ "referrer-policy": "strict-origin-when-cross-origin", "x-content-type-options": "nosniff", "x-frame-options": "DENY", "content-security-policy": "frame-ancestors 'none'" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("an answer the handler dresses with none (Next's trailing-slash 308) carries them; a preview's may be framed by the admin", async () => {
    const port = await start(undefined, (req, res) => {
      res.writeHead(308, { location: req.url!.replace(/\/$/, "") });
      res.end();
    });
    const preview = await get(port, "/preview/abc123/cars/", { host: "alpha.localhost" });
    expect(preview.status).toBe(308);
    expect(preview.headers).toMatchObject({ "referrer-policy": "strict-origin-when-cross-origin", "x-content-type-options": "nosniff" });
    expect(preview.headers["x-frame-options"]).toBeUndefined();
    expect(preview.headers["content-security-policy"]).toContain("frame-ancestors 'self' http://localhost:*");
    const site = await get(port, "/search/", { host: "alpha.localhost" });
    expect(site.headers).toMatchObject({ "x-frame-options": "DENY", "content-security-policy": "frame-ancestors 'none'" });
  });

  it("drops a visitor's X-Forwarded-Proto before the handler (Next makes its request URL https from it) unless a proxy is trusted", async () => {
    const seen: unknown[] = [];
    const echo: Parameters<typeof createSiteServer>[0] = (req, res) => {
      seen.push(req.headers["x-forwarded-proto"]);
      res.end();
    };
    const port = await start(undefined, echo);
    await get(port, "/", { host: "alpha.localhost", "x-forwarded-proto": "https" });
    server!.closeAllConnections();
    server!.close();
    server = createSiteServer(echo, { trustedProxies: 1 });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const proxied = await get((server.address() as AddressInfo).port, "/", { host: "alpha.localhost", "x-forwarded-proto": "https" });
    expect(seen).toEqual([undefined, "https"]);
    expect(proxied.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("HSTS only when a trusted proxy says https: a spoofed X-Forwarded-Proto counts for nothing with TRUSTED_PROXIES=0", async () => {
    const port = await start();
    const res = await get(port, "/search", { host: "alpha.localhost", "x-forwarded-proto": "https" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});
