/**
 * npm run bench:cluster [-- --seconds 30 --connections 8 --leads 2 --publishes 10 --instances 1,3
 *                          --database forecourt_bench --redis-db 15]
 *
 * Starts the cluster (tests/cluster/harness.ts: the production build on PostgreSQL and Redis behind
 * Caddy; the database made anew and the Redis database emptied for each run; ports from
 * CLUSTER_TEST_PORT, default 3110) with 1 and then 3 instances, and through the proxy runs the
 * mixed load of scripts/bench-cluster-load.ts for a fixed time with a fixed number of connections:
 * home, search page, vehicle page and search API from every demo site, and leads at a fixed rate.
 * Meanwhile a staff member publishes changes to one site's home page through the proxy, and every
 * instance is polled until it shows each one. Prints per run and page kind the throughput, p50/p95
 * and errors, the publish → visible-everywhere delay (p50/p95/max), each instance's memory (RSS, at
 * the end of the load) and the machine's load average. Exits 1 when a request failed.
 */
import os from "node:os";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { consoleIo, runIfMain, type CliIo } from "./cli";
import { adminSession, call, mixedLoad, pct, publishDelays, SEARCH_BODY, type Answer, type Call, type Kind, type Site } from "./bench-cluster-load";
import { startCluster } from "../tests/cluster/harness";

const STAFF = { email: "staff@forecourt.test", password: "forecourt-staff-demo" };
const SLUGS = ["bluegum", "coralstone-mazda", "harbourline", "kowhai-motors", "redgate", "wattle-creek"];
const PROBE_SITE = "harbourline";

const option = (argv: string[], name: string, def: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1] : def;
};
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-").padStart(8);

/** Resident memory (MB) of every process listening on one of the instances' ports: the servers themselves. */
function instanceRss(urls: string[]): number[] {
  return urls.map((u) => {
    const port = new URL(u).port;
    try {
      const pid = /pid=(\d+)/.exec(execFileSync("ss", ["-Htlnp", `sport = :${port}`], { encoding: "utf8" }))?.[1];
      return pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024 : NaN;
    } catch {
      return NaN;
    }
  });
}

/** `c`'s answer once it is 200, asked again every second for up to a minute (a cluster just started may still answer 503). */
async function answered(c: Call): Promise<Answer> {
  for (let tries = 1; ; tries++) {
    const a = await call(c);
    if (a.status === 200 || tries >= 60) return a;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Each site's vehicle pages (the first 30 of its sitemap) and one vehicle's id (its first search hit), through the proxy. */
async function sitesOf(base: string, hostFor: (slug: string) => string): Promise<Site[]> {
  return Promise.all(
    SLUGS.map(async (slug) => {
      const host = hostFor(slug);
      const sitemap = await answered({ base, host, path: "/sitemap.xml" });
      const cars = [...sitemap.body.matchAll(/<loc>[^<]*?(\/cars\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]).slice(0, 30);
      if (!cars.length) throw new Error(`no vehicle pages in ${slug}'s sitemap (${sitemap.status})`);
      const search = await answered({ base, host, path: "/api/search/1/indexes/*/queries", method: "POST", body: SEARCH_BODY, headers: { "content-type": "application/json" } });
      if (search.status !== 200) throw new Error(`${slug}'s search answered ${search.status}`);
      const carId = (JSON.parse(search.body) as { results: { hits: { objectID: string }[] }[] }).results[0]?.hits[0]?.objectID;
      if (!carId) throw new Error(`no vehicle in ${slug}'s search`);
      return { slug, host, cars, carId };
    }),
  );
}

interface RunOptions {
  instances: number;
  seconds: number;
  connections: number;
  leadsPerSecond: number;
  publishes: number;
  database: string;
  redisDb: number;
}

async function run(o: RunOptions, io: CliIo): Promise<number> {
  const runId = `${o.instances}-${Date.now().toString(36)}`;
  io.out(`\n${o.instances} instance(s): starting the cluster on a fresh database (load average ${load()})…`);
  // TRUSTED_PROXIES=1 as in production (Caddy alone): each lead's connection comes from its own address.
  const cluster = await startCluster({ instances: o.instances, databaseName: o.database, redisDb: o.redisDb, withCaddy: true, env: { TRUSTED_PROXIES: "1" } });
  try {
    const base = cluster.proxyUrl;
    const sites = await sitesOf(base, cluster.hostFor);
    // Warm-up: every vehicle page and site once, so that the run measures a warm cluster.
    await mixedLoad({ base, sites, connections: o.connections, seconds: 5, leadsPerSecond: 0, runId });
    const probeHost = (url: string) => `${PROBE_SITE}.localhost:${new URL(url).port}`;
    const probe = { base, adminHost: cluster.hostFor("admin"), slug: PROBE_SITE, instances: cluster.instanceUrls.map((u) => ({ base: u, host: probeHost(u) })) };
    const admin = await adminSession(probe, STAFF.email, STAFF.password);
    io.out(`load average before: ${load()}; ${o.connections} connections for ${o.seconds} s, ${o.leadsPerSecond} leads/s, ${o.publishes} publishes`);
    const gap = Math.max(0, (o.seconds * 1000) / o.publishes - 400);
    const [result, { delays, failures }, rss] = await Promise.all([
      mixedLoad({ base, sites, connections: o.connections, seconds: o.seconds, leadsPerSecond: o.leadsPerSecond, runId }),
      publishDelays(probe, admin, o.publishes, gap),
      new Promise<number[]>((resolve) => setTimeout(() => resolve(instanceRss(cluster.instanceUrls)), o.seconds * 900)),
    ]);
    io.out(`${"".padEnd(14)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"errors".padStart(7)}`);
    let all: number[] = [];
    let errors = 0;
    for (const kind of ["home", "search page", "vehicle page", "search API", "lead"] as Kind[]) {
      const t = result.tallies.get(kind);
      if (!t) continue;
      const sorted = [...t.latencies].sort((a, b) => a - b);
      all = all.concat(t.latencies);
      errors += t.errors;
      const statuses = Object.entries(t.statuses).map(([s, n]) => `${n}× ${s}`).join(", ");
      io.out(`${kind.padEnd(14)} ${(t.latencies.length / result.seconds).toFixed(1).padStart(8)} ${ms(pct(sorted, 50))} ${ms(pct(sorted, 95))} ${String(t.errors).padStart(7)}${statuses ? ` (${statuses})` : ""}`);
    }
    all.sort((a, b) => a - b);
    io.out(`${"all".padEnd(14)} ${(all.length / result.seconds).toFixed(1).padStart(8)} ${ms(pct(all, 50))} ${ms(pct(all, 95))} ${String(errors).padStart(7)}`);
    const sortedDelays = [...delays].sort((a, b) => a - b);
    for (const failure of failures) io.out(`publish failed: ${failure}`);
    io.out(`publish → visible on all ${o.instances}: ${delays.length} publishes, p50 ${pct(sortedDelays, 50).toFixed(0)} ms, p95 ${pct(sortedDelays, 95).toFixed(0)} ms, max ${sortedDelays.at(-1)?.toFixed(0)} ms (budget p95 ≤ 1000 ms)`);
    io.out(`memory (RSS) per instance: ${rss.map((mb) => `${mb.toFixed(0)} MB`).join(", ")}`);
    io.out(`load average after: ${load()}`);
    return errors || failures.length ? 1 : 0;
  } finally {
    await cluster.stop();
  }
}

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const o = {
    seconds: Number(option(argv, "seconds", "30")),
    connections: Number(option(argv, "connections", "8")),
    leadsPerSecond: Number(option(argv, "leads", "2")),
    publishes: Number(option(argv, "publishes", "10")),
    database: option(argv, "database", "forecourt_bench"),
    redisDb: Number(option(argv, "redis-db", "15")),
  };
  const counts = option(argv, "instances", "1,3").split(",").map(Number);
  if ([o.seconds, o.connections, o.leadsPerSecond, o.publishes, o.redisDb, ...counts].some((n) => !Number.isInteger(n) || n < 0) || counts.some((n) => n < 1)) {
    io.err("bench:cluster: --seconds, --connections, --leads, --publishes, --redis-db take whole numbers, --instances a list of counts such as 1,3");
    return 2;
  }
  io.out(`bench:cluster on ${os.cpus().length} cores, load average ${load()}`);
  let code = 0;
  for (const instances of counts) code = Math.max(code, await run({ ...o, instances }, io));
  return code;
}

runIfMain(import.meta.url, main);
