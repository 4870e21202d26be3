/**
 * npm run bench:pages [-- --seconds 8 --connections 32 --port 3500]
 *
 * Serves a production build (npm start, with a fresh embedded database in .data-bench) and, in one
 * run, loads a static page of the app (/about, prerendered at build time) and vehicle pages of a
 * demo site (50 cars, each rendered once first) with the same number of keep-alive connections,
 * alternating the two in rounds so that other load on the machine falls on both. Prints requests
 * per second and latency percentiles of each, and the VDP's share of the static page's throughput
 * against the DESIGN.md budget (at least 70%). The first render of each car (a cache miss) is
 * reported too. Exits non-zero only when a request fails, not when the target is missed.
 */
import { request, Agent } from "node:http";
import os from "node:os";
import { benchArg, startBenchServer } from "./bench-server";

const arg = benchArg;
const SECONDS = Number(arg("seconds", "8"));
const CONNECTIONS = Number(arg("connections", "32"));
const PORT = Number(arg("port", "3500"));
const ROUNDS = 3;
const SITE = "harbourline";
const TARGET = 0.7;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function get(host: string, path: string, gzip = true): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path, agent, headers: { host: `${host}:${PORT}`, ...(gzip ? { "accept-encoding": "gzip" } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("latin1"), ms: performance.now() - start }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Keeps CONNECTIONS requests in flight for `seconds`, cycling through the paths. */
async function load(host: string, paths: string[], seconds: number): Promise<{ count: number; latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const path = paths[next++ % paths.length];
        const answer = await get(host, path);
        if (answer.status !== 200) throw new Error(`${host}${path} answered ${answer.status}`);
        latencies.push(answer.ms);
      }
    }),
  );
  return { count: latencies.length, latencies, seconds: (performance.now() - started) / 1000 };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const row = (name: string, rps: number, lat: number[]) => {
  const s = [...lat].sort((a, b) => a - b);
  return `${name.padEnd(28)} ${rps.toFixed(0).padStart(8)} ${[50, 95, 99].map((p) => pct(s, p).toFixed(1).padStart(8)).join(" ")}`;
};

const server = await startBenchServer(PORT, ".data-bench").catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});

try {
  const sitemap = await get(`${SITE}.localhost`, "/sitemap.xml", false);
  const cars = [...sitemap.body.matchAll(/<loc>[^<]*?(\/cars\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]).slice(0, 50);
  if (cars.length < 10) throw new Error(`too few cars in ${SITE}'s sitemap (${cars.length})`);

  // First renders: each car once (the page cache's misses), then a warm-up of both targets.
  const misses: number[] = [];
  for (const car of cars) {
    const a = await get(`${SITE}.localhost`, car);
    if (a.status !== 200) throw new Error(`${car} answered ${a.status}`);
    misses.push(a.ms);
  }
  await load("localhost", ["/about"], 2);
  await load(`${SITE}.localhost`, cars, 2);

  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`);
  const totals = { static: { count: 0, seconds: 0, lat: [] as number[] }, vdp: { count: 0, seconds: 0, lat: [] as number[] } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, host, paths] of [["static", "localhost", ["/about"]], ["vdp", `${SITE}.localhost`, cars]] as const) {
      const r = await load(host, [...paths], SECONDS);
      const t = totals[name];
      t.count += r.count;
      t.seconds += r.seconds;
      for (const ms of r.latencies) t.lat.push(ms);
    }
  }
  const staticRps = totals.static.count / totals.static.seconds;
  const vdpRps = totals.vdp.count / totals.vdp.seconds;
  console.log(`${"".padEnd(28)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  console.log(row("static page (/about)", staticRps, totals.static.lat));
  console.log(row(`VDP (${cars.length} cars, cached)`, vdpRps, totals.vdp.lat));
  const sortedMiss = [...misses].sort((a, b) => a - b);
  console.log(`${"VDP first render (miss)".padEnd(28)} ${"".padStart(8)} ${pct(sortedMiss, 50).toFixed(1).padStart(8)} ${pct(sortedMiss, 95).toFixed(1).padStart(8)}`);
  const share = vdpRps / staticRps;
  console.log(`VDP throughput = ${(share * 100).toFixed(0)}% of the static page (target ≥ ${TARGET * 100}%): ${share >= TARGET ? "PASS" : "MISS"}`);
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  agent.destroy();
  server.stop();
}
