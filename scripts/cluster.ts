/**
 * `npm run cluster [-- --instances N] [--port P]`: Forecourt as a platform on this machine — N instances
 * (default 3) of the production build on one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL),
 * media in S3-compatible storage (S3_*; without S3_ENDPOINT, the s3rver stand-in in .data-cluster/s3),
 * behind Caddy (deploy/Caddyfile, the file compose runs too) as load balancer. Ctrl-C or SIGTERM stops
 * them all: the instances first (each drains and finishes its requests, serving/shutdown.ts), then Caddy
 * and the stand-in. Ports from P (CLUSTER_PORT, default 8080): Caddy on P (http) and P+1 (https), the
 * stand-in on P+2, instance i on P+10+i, its metrics on P+30+i.
 * Each instance is `npm start`'s command (scripts/start.ts) on a build made once beforehand: started
 * together on an empty database, they migrate and seed once (server/db/setup-lock.ts).
 * tests/cluster/harness.ts starts the same cluster for the tests (runCluster).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { buildIfStale } from "./build";
import { consoleIo, runIfMain, type CliIo } from "./cli";
import { startS3StandIn } from "./s3-stand-in";
import { loadSecretsKey } from "../server/tenants/secrets-key";

/** Milliseconds an instance keeps answering (health 503) after SIGTERM: over Caddy's health_interval (1 s) in deploy/Caddyfile. */
export const CLUSTER_DRAIN_MS = 2_500;
export const S3_BUCKET = "forecourt-media";
export const CADDYFILE = "deploy/Caddyfile";
/** The settings the cluster needs from its environment: the shared PostgreSQL and Redis. */
export const REQUIRED_ENV = ["DATABASE_URL", "REDIS_URL"];
/** What each instance runs after `node`: npm start's command (package.json), with no npm in between. */
export const INSTANCE_COMMAND = ["--import", "tsx", "--import", "./scripts/server-only.mjs", "scripts/start.ts"];

/** The settings the S3 stand-in gives every instance. */
export const s3StandInEnv = (standIn: { endpoint: string; accessKeyId: string; secretAccessKey: string }): Record<string, string> => ({
  S3_ENDPOINT: standIn.endpoint,
  S3_BUCKET,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: standIn.accessKeyId,
  S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
});

/** The settings instance i gets beside the inherited environment: the shared ones (`shared`: DATABASE_URL, S3_* …) and its own port and folder. */
export const instanceEnv = (o: { basePort: number; dataDir: string; secret: string; secretsKey: string; shared: Record<string, string> }, i: number): Record<string, string> => ({
  TRUSTED_PROXIES: "1",
  DRAIN_MS: String(CLUSTER_DRAIN_MS),
  FORECOURT_SECRET: o.secret,
  FORECOURT_SECRETS_KEY: o.secretsKey,
  ...o.shared,
  PORT: String(o.basePort + 10 + i),
  METRICS_PORT: String(o.basePort + 30 + i),
  DATA_DIR: resolve(o.dataDir, `app${i + 1}`),
});

/** Caddy's internal CA root (CADDY_TLS_ISSUER=internal), under the cluster's folder. */
export const caddyRootCert = (dataDir: string) => resolve(dataDir, "caddy-data/caddy/pki/authorities/local/root.crt");

/**
 * With Caddy, what the instances get so that the admin's domain status can check certificates: Caddy's
 * HTTPS listener to shake hands with, and its internal CA to trust (compose: TLS_PROXY_ADDRESS
 * caddy:443, and ACME's certificates need no extra root).
 */
export const tlsProxyEnv = (o: { basePort: number; dataDir: string }): Record<string, string> => ({
  TLS_PROXY_ADDRESS: `127.0.0.1:${o.basePort + 1}`,
  TLS_PROXY_CA_FILE: caddyRootCert(o.dataDir),
});

/** Caddy's settings (deploy/Caddyfile's placeholders), beside the inherited environment; XDG_* is where it keeps its certificates. */
export const caddyEnv = (o: { basePort: number; dataDir: string }, upstreamPorts: number[]): Record<string, string> => ({
  CADDY_HTTP_PORT: String(o.basePort),
  CADDY_HTTPS_PORT: String(o.basePort + 1),
  CADDY_TLS_ISSUER: "internal",
  FORECOURT_UPSTREAMS: upstreamPorts.map((p) => `127.0.0.1:${p}`).join(" "),
  XDG_DATA_HOME: resolve(o.dataDir, "caddy-data"),
  XDG_CONFIG_HOME: resolve(o.dataDir, "caddy-config"),
});

export interface ClusterOptions {
  instances: number;
  /** Caddy's http port; the others follow from it (see above). */
  basePort: number;
  /** Where each instance's DATA_DIR (and the stand-in's files) go. */
  dataDir: string;
  /** DATABASE_URL, REDIS_URL and anything else every instance gets (beside the inherited environment). */
  env: Record<string, string>;
  withCaddy: boolean;
  /** Every line the instances, Caddy and the stand-in print, named (app1 …, caddy). */
  log?: (line: string) => void;
}

export interface RunningCluster {
  proxyUrl: string | null;
  instanceUrls: string[];
  /** Each instance's output so far (all its starts), one entry per line. */
  logs: string[][];
  restart(i: number): Promise<void>;
  kill(i: number, signal: NodeJS.Signals): Promise<void>;
  /** Starts instance i again after kill(). */
  start(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** Resolves with the status of GET `url` (0 when it does not answer within `ms`). */
export function statusOf(url: string, ms = 3000): Promise<number> {
  return new Promise((done) => {
    const req = request(url, { timeout: ms, agent: false }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => done(0));
    req.end();
  });
}

async function untilHealthy(url: string, what: string, alive: () => boolean, ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await statusOf(`${url}/api/health`)) !== 200) {
    if (!alive()) throw new Error(`${what} exited before it answered /api/health`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer /api/health within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Spawns `command` in a process group of its own, its output line by line to `line`. */
function spawnNamed(command: string[], env: NodeJS.ProcessEnv, line: (l: string) => void): ChildProcess {
  const child = spawn(command[0], command.slice(1), { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.on("data", (d: Buffer) => {
      const lines = (rest + d.toString()).split("\n");
      rest = lines.pop()!;
      lines.forEach(line);
    });
  }
  return child;
}

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/** Sends `signal` to the child's process group; resolves when the child has exited (SIGKILL to the group after `ms`). */
export async function signalAndWait(child: ChildProcess, signal: NodeJS.Signals, ms = 30_000): Promise<void> {
  if (!child.pid || exited(child)) return;
  const gone = new Promise((r) => child.once("exit", r));
  const send = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  send(signal);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([gone, new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
  if (!exited(child)) send("SIGKILL");
  await gone;
}

export async function runCluster(o: ClusterOptions): Promise<RunningCluster> {
  const log = o.log ?? (() => undefined);
  const s3Env: Record<string, string> = {};
  let s3: { stop(): Promise<void> } | null = null;
  if (!o.env.S3_ENDPOINT && !process.env.S3_ENDPOINT) {
    const standIn = await startS3StandIn({ port: o.basePort + 2, dir: join(o.dataDir, "s3"), bucket: S3_BUCKET });
    s3 = standIn;
    Object.assign(s3Env, s3StandInEnv(standIn));
  }
  const ports = Array.from({ length: o.instances }, (_, i) => o.basePort + 10 + i);
  const instanceUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  const logs: string[][] = ports.map(() => []);
  const children: (ChildProcess | null)[] = ports.map(() => null);
  // Every instance signs challenges with the same key (server/http/challenge-secret.ts), or one's would fail on another.
  const secret = o.env.FORECOURT_SECRET || process.env.FORECOURT_SECRET || randomBytes(32).toString("hex");
  // Every instance seals and opens the site secrets with one key (server/tenants/secrets-key.ts): the
  // environment's, else one kept in the cluster's folder, so a later run on the same database opens them too.
  const secretsKey = o.env.FORECOURT_SECRETS_KEY || process.env.FORECOURT_SECRETS_KEY || clusterSecretsKey(o.dataDir);
  const envOf = (i: number): NodeJS.ProcessEnv => ({ ...process.env, ...instanceEnv({ basePort: o.basePort, dataDir: o.dataDir, secret, secretsKey, shared: { ...s3Env, ...(o.withCaddy ? tlsProxyEnv(o) : {}), ...o.env } }, i) });
  const start = async (i: number) => {
    const child = spawnNamed([process.execPath, ...INSTANCE_COMMAND], envOf(i), (l) => {
      logs[i].push(l);
      log(`[app${i + 1}] ${l}`);
    });
    children[i] = child;
    await untilHealthy(instanceUrls[i], `instance ${i + 1}`, () => !exited(child)).catch((e: Error) => {
      throw new Error(`${e.message}; its last lines:\n${logs[i].slice(-30).join("\n")}`);
    });
  };
  let caddy: ChildProcess | null = null;
  const stop = async () => {
    await Promise.all(children.map((c) => c && signalAndWait(c, "SIGTERM")));
    if (caddy) await signalAndWait(caddy, "SIGTERM", 5_000);
    await s3?.stop();
  };
  try {
    await Promise.all(ports.map((_, i) => start(i)));
    if (o.withCaddy) {
      const env = { ...process.env, ...caddyEnv(o, ports) };
      const proc = spawnNamed(["/usr/bin/caddy", "run", "--config", CADDYFILE, "--adapter", "caddyfile"], env, (l) => log(`[caddy] ${l}`));
      caddy = proc;
      await untilHealthy(`http://127.0.0.1:${o.basePort}`, "Caddy", () => !exited(proc), 30_000);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    proxyUrl: o.withCaddy ? `http://127.0.0.1:${o.basePort}` : null,
    instanceUrls,
    logs,
    start,
    stop,
    kill: async (i, signal) => void (children[i] && (await signalAndWait(children[i]!, signal))),
    restart: async (i) => {
      if (children[i]) await signalAndWait(children[i]!, "SIGTERM");
      await start(i);
    },
  };
}

/** The cluster's key for site secrets: made once in its folder (loadSecretsKey's file, as one process on PGlite keeps it), in hex. */
export function clusterSecretsKey(dataDir: string): string {
  const k = loadSecretsKey({}, dataDir);
  if (!k.key) throw new Error(k.problem);
  return k.key.toString("hex");
}

const USAGE = "usage: npm run cluster [-- --instances N] [--port P]   (DATABASE_URL and REDIS_URL must be set)";

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  let instances = 3;
  let basePort = Number(process.env.CLUSTER_PORT || 8080);
  for (let i = 0; i < argv.length; i += 2) {
    const value = Number(argv[i + 1]);
    if (argv[i] === "--instances" && Number.isInteger(value) && value >= 1 && value <= 20) instances = value;
    else if (argv[i] === "--port" && Number.isInteger(value) && value >= 1 && value <= 65_000) basePort = value;
    else {
      io.err(USAGE);
      return 2;
    }
  }
  const missing = REQUIRED_ENV.filter((k) => !process.env[k]?.trim());
  if (missing.length) {
    io.err(`The cluster shares one PostgreSQL and one Redis: set ${missing.join(" and ")}.\n${USAGE}`);
    return 2;
  }
  if ((await buildIfStale(io)) !== 0) return 1;
  io.out(`Starting ${instances} instances behind Caddy…`);
  const cluster = await runCluster({ instances, basePort, dataDir: ".data-cluster", env: {}, withCaddy: true, log: io.out });
  io.out(`\nForecourt cluster: ${instances} instances (${cluster.instanceUrls.join(", ")}) behind Caddy at ${cluster.proxyUrl}`);
  io.out(`  Admin: http://localhost:${basePort}/admin   Sites: http://{slug}.localhost:${basePort}/   Ctrl-C stops all.`);
  await new Promise<void>((done) => ["SIGINT", "SIGTERM"].forEach((s) => process.once(s, () => done())));
  io.out("Stopping the cluster…");
  await cluster.stop();
  return 0;
}

runIfMain(import.meta.url, main);
