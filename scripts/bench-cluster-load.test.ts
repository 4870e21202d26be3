import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, mixedLoad, type Site } from "./bench-cluster-load";

// bench:cluster's load against a real HTTP server that records what it is sent: the mix of page kinds
// over every site's host, leads each from an address and with a key of its own, and errors counted by status.
describe("bench:cluster's mixed load", () => {
  const seen: { host: string; method: string; path: string; from: string; key?: string; body: string }[] = [];
  let base = "";
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ host: req.headers.host ?? "", method: req.method ?? "", path: req.url ?? "", from: req.socket.remoteAddress ?? "", key: req.headers["idempotency-key"] as string | undefined, body });
      // Every third lead is refused, as a proxy without a healthy instance would.
      const leads = seen.filter((s) => s.path === "/api/leads").length;
      res.writeHead(req.url === "/api/leads" && leads % 3 === 0 ? 503 : 200).end("ok");
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("cycles the page kinds over the sites, paces leads from addresses of their own, and counts failures by status", async () => {
    const sites: Site[] = ["alpha", "beta"].map((slug) => ({ slug, host: `${slug}.localhost:1`, cars: [`/cars/${slug}-1`, `/cars/${slug}-2`], carId: `${slug}-car` }));
    const { tallies, seconds } = await mixedLoad({ base, sites, connections: 2, seconds: 1, leadsPerSecond: 6, runId: "t" });
    expect(seconds).toBeGreaterThanOrEqual(1);
    const visits = seen.filter((s) => s.path !== "/api/leads");
    expect(new Set(visits.map((s) => s.host))).toEqual(new Set(["alpha.localhost:1", "beta.localhost:1"]));
    const kinds = visits.map((s) => `${s.method} ${s.path.replace(/\/cars\/.*/, "/cars/…")}`);
    expect(new Set(kinds)).toEqual(new Set(["GET /", "GET /cars/…", "GET /search", "POST /api/search/1/indexes/*/queries"]));
    // Every answer is counted once, under its kind.
    expect([...tallies].filter(([kind]) => kind !== "lead").reduce((n, [, t]) => n + t.latencies.length, 0)).toBe(visits.length);
    expect(tallies.get("home")!.errors).toBe(0);

    const leads = seen.filter((s) => s.path === "/api/leads");
    expect(leads.length).toBeGreaterThanOrEqual(5);
    expect(leads.length).toBeLessThanOrEqual(7);
    expect(leads.slice(0, 3).map((l) => l.from)).toEqual(["127.1.0.1", "127.1.1.1", "127.1.2.1"]);
    expect(new Set(leads.map((l) => l.key)).size).toBe(leads.length);
    expect(JSON.parse(leads[1]!.body)).toMatchObject({ form: "vehicle-enquiry", car_id: "beta-car", url: "http://beta.localhost:1/cars/beta-1" });
    const refused = Math.floor(leads.length / 3);
    expect(tallies.get("lead")).toMatchObject({ errors: refused, statuses: { 503: refused } });
    expect(tallies.get("lead")!.latencies.length).toBe(leads.length);
  });

  it("answers status 0 when nothing listens, rather than throwing", async () => {
    const answer = await call({ base: "http://127.0.0.1:1", host: "x.localhost", path: "/" });
    expect(answer.status).toBe(0);
  });
});
