import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { postAdf } from "../leads/outbox";
import { RefusedFetchError, safeFetch } from "./safe-fetch";

/** A local HTTP server that records each request and answers as `answer` says. */
type Answer = { status: number; headers?: Record<string, string>; body?: string; partial?: string };
function server(host: string, answer: (req: IncomingMessage, body: string) => Answer | null) {
  const seen: { method: string; url: string; host: string; body: string }[] = [];
  const s: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, host: req.headers.host!, body });
      const a = answer(req, body);
      if (a?.partial) res.writeHead(a.status, a.headers).write(a.partial); // and never ends
      else if (a) res.writeHead(a.status, a.headers).end(a.body ?? "");
      // null: never answers
    });
  });
  return {
    seen,
    port: () => (s.address() as AddressInfo).port,
    url: (path = "/") => `http://${host}:${(s.address() as AddressInfo).port}${path}`,
    listen: () => new Promise<void>((r) => s.listen(0, host, r)),
    close: () => {
      s.closeAllConnections();
      return new Promise<void>((r) => s.close(() => r()));
    },
  };
}

// A: the "CRM" the tests may reach (127.0.0.1, allowed by name in the options); B: another address
// on this machine (127.0.0.2) that no test allows.
const b = server("127.0.0.2", () => ({ status: 200, body: "B" }));
const a = server("127.0.0.1", (req): Answer | null => {
  const u = new URL(req.url!, "http://x");
  const to = u.searchParams.get("to");
  if (u.pathname === "/redirect" && to) return { status: Number(u.searchParams.get("status") ?? 302), headers: { location: to } };
  if (u.pathname === "/chain") {
    const n = Number(u.searchParams.get("n"));
    return n > 0 ? { status: 301, headers: { location: `/chain?n=${n - 1}` } } : { status: 200, body: "end of chain" };
  }
  if (u.pathname === "/hang") return null;
  if (u.pathname === "/slow-body") return { status: 200, headers: { "content-length": "100" }, partial: "only a part" };
  return { status: 200, body: "A" };
});
const allowA = { allowPrivate: ["127.0.0.1"] };

beforeAll(async () => {
  await a.listen();
  await b.listen();
});
afterAll(async () => {
  await a.close();
  await b.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  a.seen.length = 0;
  b.seen.length = 0;
});

describe("safeFetch with the opt-in off", () => {
  it("refuses loopback, private, link-local (metadata), unspecified and localhost hosts before connecting", async () => {
    vi.stubEnv("FORECOURT_ALLOW_PRIVATE_FETCH", "");
    const port = a.port();
    const cases: [string, string][] = [
      [`http://127.0.0.1:${port}/adf`, "refused: 127.0.0.1 is a loopback address"],
      [`http://0x7f000001:${port}/adf`, "refused: 127.0.0.1 is a loopback address"],
      [`http://[::1]:${port}/adf`, "refused: ::1 is a loopback address"],
      [`http://[::ffff:127.0.0.1]:${port}/adf`, "refused: ::ffff:7f00:1 is a loopback address"],
      [`http://localhost:${port}/adf`, "refused: localhost is this machine"],
      [`http://crm.localhost:${port}/adf`, "refused: crm.localhost is this machine"],
      // Names that are never public are refused before any DNS lookup (as the tenant editor says).
      ["https://crm/adf", "refused: crm is a name without a domain"],
      ["https://crm.internal/adf", "refused: crm.internal is a private-use name"],
      ["https://nas.local./adf", "refused: nas.local. is a private-use name"],
      ["http://169.254.169.254/latest/meta-data/", "refused: 169.254.169.254 is a link-local address"],
      ["http://[::ffff:169.254.169.254]/latest/meta-data/", "refused: ::ffff:a9fe:a9fe is a link-local address"],
      ["http://10.0.0.8/adf", "refused: 10.0.0.8 is a private address"],
      ["http://192.168.1.20/adf", "refused: 192.168.1.20 is a private address"],
      ["http://100.64.1.1/adf", "refused: 100.64.1.1 is a shared (CGNAT) address"],
      ["http://0.0.0.0/adf", "refused: 0.0.0.0 is an unspecified address"],
      ["http://224.0.0.1/adf", "refused: 224.0.0.1 is a multicast address"],
      ["ftp://crm.example/adf", "refused: ftp: URLs are not fetched"],
      ["not a url", 'refused: "not a url" is not a URL'],
    ];
    for (const [url, message] of cases) {
      const error = await safeFetch(url, { method: "POST", body: "<adf/>" }).catch((e) => e);
      expect([url, error]).toEqual([url, expect.any(RefusedFetchError)]);
      expect([url, error.message]).toEqual([url, message]);
    }
    expect(a.seen).toEqual([]);
  });

  it("refuses a name when any address DNS gives for it is not public, and connects to the address it checked", async () => {
    const resolved: string[] = [];
    const dns = (answers: string[]) => async (host: string) => {
      resolved.push(host);
      return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    const refused = await safeFetch(`http://crm.example:${a.port()}/adf`, { resolve: dns(["93.184.216.34", "10.0.0.7"]) }).catch((e) => e);
    expect(refused).toBeInstanceOf(RefusedFetchError);
    expect(refused.message).toBe("refused: crm.example resolves to 10.0.0.7, which is a private address");
    const mapped = await safeFetch(`http://crm.example:${a.port()}/adf`, { resolve: dns(["::ffff:169.254.169.254"]) }).catch((e) => e);
    expect(mapped.message).toBe("refused: crm.example resolves to ::ffff:169.254.169.254, which is a link-local address");
    expect(a.seen).toEqual([]);

    // crm.example is in no DNS: the request reaches A only because it goes to the address that was checked
    // (one lookup per hop, none a rebinding answer could change), with the name kept in Host.
    resolved.length = 0;
    const res = await safeFetch(`http://crm.example:${a.port()}/adf`, { ...allowA, resolve: dns(["127.0.0.1"]) });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("A");
    expect(resolved).toEqual(["crm.example"]);
    expect(a.seen).toMatchObject([{ url: "/adf", host: `crm.example:${a.port()}` }]);
  });

  it("postAdf (the outbox's ADF sender) goes through the guard", async () => {
    const error = await postAdf(a.url("/adf"), "<adf/>").catch((e) => e);
    expect(error).toBeInstanceOf(RefusedFetchError);
    expect(error.message).toBe("refused: 127.0.0.1 is a loopback address");
    expect(a.seen).toEqual([]);
  });

  it("checks every redirect the same way, and follows at most 5", async () => {
    const to = (target: string, status = 302) => a.url(`/redirect?status=${status}&to=${encodeURIComponent(target)}`);
    for (const [target, message] of [
      [b.url("/"), "refused: 127.0.0.2 is a loopback address"],
      ["http://localhost/", "refused: localhost is this machine"],
      ["http://169.254.169.254/latest/meta-data/iam/", "refused: 169.254.169.254 is a link-local address"],
      ["http://[fd00::1]/", "refused: fd00::1 is a private address"],
      ["file:///etc/passwd", "refused: file: URLs are not fetched"],
    ]) {
      const error = await safeFetch(to(target), allowA).catch((e) => e);
      expect([target, error.message]).toEqual([target, message]);
    }
    expect(b.seen).toEqual([]);

    expect((await safeFetch(a.url("/chain?n=5"), allowA)).body.toString()).toBe("end of chain");
    const tooMany = await safeFetch(a.url("/chain?n=6"), allowA).catch((e) => e);
    expect(tooMany.message).toBe("more than 5 redirects");

    // 307 keeps the POST and its body; 303 turns it into a GET without one.
    a.seen.length = 0;
    await safeFetch(to("/ok", 307), { ...allowA, method: "POST", body: "<adf/>", headers: { "content-type": "application/xml" } });
    expect(a.seen.map((r) => [r.method, r.url.split("?")[0], r.body])).toEqual([
      ["POST", "/redirect", "<adf/>"],
      ["POST", "/ok", "<adf/>"],
    ]);
    a.seen.length = 0;
    const res = await safeFetch(to("/ok", 303), { ...allowA, method: "POST", body: "<adf/>" });
    expect(res.url).toBe(a.url("/ok"));
    expect(a.seen.map((r) => [r.method, r.url.split("?")[0], r.body])).toEqual([
      ["POST", "/redirect", "<adf/>"],
      ["GET", "/ok", ""],
    ]);
  });

  it("answers within its timeout when the other end never does", async () => {
    const started = Date.now();
    const error = await safeFetch(a.url("/hang"), { ...allowA, timeoutMs: 300 }).catch((e) => e);
    expect(error.message).toBe("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(5000);
    const body = await safeFetch(a.url("/slow-body"), { ...allowA, timeoutMs: 300 }).catch((e) => e);
    expect(body.message).toBe("no answer within 300 ms");
  });
});

describe("safeFetch settings", () => {
  it("FORECOURT_ALLOW_PRIVATE_FETCH=1 lets a local CRM through outside production only", async () => {
    vi.stubEnv("FORECOURT_ALLOW_PRIVATE_FETCH", "1");
    expect((await safeFetch(a.url("/adf"))).body.toString()).toBe("A");
    expect((await safeFetch(`http://localhost:${a.port()}/adf`, { resolve: async () => [{ address: "127.0.0.1", family: 4 }] })).status).toBe(200);
    vi.stubEnv("NODE_ENV", "production");
    const error = await safeFetch(a.url("/adf").replace("http:", "https:")).catch((e) => e);
    expect(error.message).toBe("refused: 127.0.0.1 is a loopback address");
  });

  it("fetches https only when NODE_ENV=production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const error = await safeFetch("http://crm.example/adf").catch((e) => e);
    expect(error).toBeInstanceOf(RefusedFetchError);
    expect(error.message).toBe("refused: http: URLs are not fetched (https only)");
    // and a redirect from https to http is refused the same way
    vi.stubEnv("NODE_ENV", "test");
    const hop = await safeFetch(a.url(`/redirect?to=${encodeURIComponent(a.url("/ok"))}`), { ...allowA, httpsOnly: true }).catch((e) => e);
    expect(hop.message).toBe("refused: http: URLs are not fetched (https only)");
  });
});
