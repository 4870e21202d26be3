/**
 * The cluster for tests (issue 32): `startCluster` makes a fresh, EMPTY PostgreSQL database and empties
 * its Redis database, then starts `npm run cluster`'s topology on them (scripts/cluster.ts: N instances
 * of the build in .next, each migrating and seeding under the advisory lock, the S3 stand-in, and Caddy
 * with deploy/Caddyfile when `withCaddy`). stop() stops everything and drops the database.
 * Ports: from CLUSTER_TEST_PORT (default 3110; npm test's server is on 3100, the fuzz's on 3101–3102):
 * Caddy on it, the instances on +10 …, their metrics on +30 …, the stand-in on +2.
 * Instances trust two proxies (TRUSTED_PROXIES=2): Caddy, and the test in front of it, so a test's
 * X-Forwarded-For is its visitor's address (each visitor its own rate limits).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { buildIfStale } from "../../scripts/build";
import { caddyRootCert, runCluster, type RunningCluster } from "../../scripts/cluster";
import { TEST_PG_URL } from "../databases";

export const CLUSTER_TEST_PORT = Number(process.env.CLUSTER_TEST_PORT || 3110);
const REDIS_BASE = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface ClusterUnderTest {
  /** Caddy's address (http://127.0.0.1:port), or the first instance's without Caddy. */
  proxyUrl: string;
  instanceUrls: string[];
  /** Caddy's HTTPS port (custom domains, on-demand certificates from Caddy's internal CA). */
  httpsPort: number;
  /** The PEM root of Caddy's internal CA, which signs the cluster's certificates. */
  caddyRootCert: string;
  /** The Host header of a site through the proxy: `{slug}.localhost:{port}`. */
  hostFor(slug: string): string;
  /** Each instance's output so far, one entry per line. */
  logs: string[][];
  /** The cluster's PostgreSQL database. */
  databaseUrl: string;
  /** A query on the cluster's database. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
  /** SIGTERM to instance i, then started again; resolves once it answers /api/health. */
  restart(i: number): Promise<void>;
  /** `signal` to instance i's process group; resolves once it has exited. */
  kill(i: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts instance i again (after kill). */
  start(i: number): Promise<void>;
}

export interface StartClusterOptions {
  instances: number;
  /** A database to create on TEST_PG_URL's server (dropped first if it exists, and by stop()). */
  databaseName: string;
  /** The Redis database number (emptied first). */
  redisDb: number;
  withCaddy: boolean;
  /** Beside the environment every instance gets. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

function urlWithPath(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = path;
  return url.toString();
}

export async function startCluster(o: StartClusterOptions): Promise<ClusterUnderTest> {
  if (!/^[a-z_][a-z0-9_]*$/.test(o.databaseName)) throw new Error(`not a plain database name: ${o.databaseName}`);
  // Built once here if the sources changed since (npm test builds first): each instance would build it again, at once.
  if ((await buildIfStale()) !== 0) throw new Error("the build failed");
  const admin = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`drop database if exists ${o.databaseName} with (force)`);
  await admin.query(`create database ${o.databaseName}`);
  const databaseUrl = urlWithPath(TEST_PG_URL, `/${o.databaseName}`);
  const redisUrl = urlWithPath(REDIS_BASE, `/${o.redisDb}`);
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
  const dataDir = mkdtempSync(join(tmpdir(), "forecourt-cluster-"));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on("error", () => undefined);
  const dropAll = async () => {
    await pool.end().catch(() => undefined);
    await admin.query(`drop database if exists ${o.databaseName} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let cluster: RunningCluster;
  try {
    cluster = await runCluster({
      instances: o.instances,
      basePort: CLUSTER_TEST_PORT,
      dataDir,
      withCaddy: o.withCaddy,
      log: o.log,
      // A short outbox lease: the rows an instance killed mid-send had claimed are sent by another within seconds.
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, TRUSTED_PROXIES: "2", OUTBOX_LEASE_MS: "15000", ...o.env },
    });
  } catch (e) {
    await dropAll();
    throw e;
  }
  const proxyUrl = cluster.proxyUrl ?? cluster.instanceUrls[0];
  return {
    proxyUrl,
    instanceUrls: cluster.instanceUrls,
    databaseUrl,
    httpsPort: CLUSTER_TEST_PORT + 1,
    caddyRootCert: caddyRootCert(dataDir),
    hostFor: (slug) => `${slug}.localhost:${new URL(proxyUrl).port}`,
    logs: cluster.logs,
    query: async <T>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as T[],
    stop: async () => {
      await cluster.stop();
      await dropAll();
    },
    restart: cluster.restart,
    kill: cluster.kill,
    start: cluster.start,
  };
}
