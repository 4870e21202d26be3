/**
 * Docker cannot build or pull images on the project's machines, so the Dockerfile and compose.yaml are
 * held here to what the tested cluster runs (scripts/cluster.ts, tests/cluster/): the same start
 * command, the same settings, the app's health path, the proxy's configuration, a non-root user and
 * three app instances. Each check reads the files as Docker would (instructions with their line
 * continuations; compose as YAML with its merge keys) and fails naming what drifted.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CORE_SCHEMA, load, mergeTag } from "js-yaml";
import { describe, expect, it } from "vitest";
import { CADDYFILE, caddyEnv, CLUSTER_DRAIN_MS, INSTANCE_COMMAND, instanceEnv, REQUIRED_ENV, s3StandInEnv } from "../../scripts/cluster";

const root = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");

interface Instruction {
  op: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments and blank lines left out. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = "";
  for (const line of text.split("\n")) {
    if (!pending && /^\s*(#|$)/.test(line)) continue;
    if (/\\\s*$/.test(line)) {
      pending += line.replace(/\\\s*$/, " ");
      continue;
    }
    const whole = (pending + line).trim();
    pending = "";
    const m = /^(\S+)\s+([\s\S]*)$/.exec(whole);
    if (m) out.push({ op: m[1]!.toUpperCase(), args: m[2]!.trim() });
  }
  return out;
}

/** The instructions of the last stage (from its FROM on). */
function lastStage(instructions: Instruction[]): Instruction[] {
  const from = instructions.map((i) => i.op).lastIndexOf("FROM");
  return instructions.slice(from);
}

/** An exec-form instruction's words (JSON array), or null for the shell form. */
function execForm(args: string): string[] | null {
  if (!args.startsWith("[")) return null;
  return JSON.parse(args) as string[];
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
  entrypoint?: string[];
}

const dockerfile = parseDockerfile(read("Dockerfile"));
const compose = load(read("compose.yaml"), { schema: CORE_SCHEMA.withTags(mergeTag) }) as { services: Record<string, ComposeService> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.build !== undefined);
const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
const HEALTH_PATH = "/api/health";
/** Every setting scripts/cluster.ts gives an instance: the ones it requires, its S3 stand-in's, and its own. */
const clusterEnv = instanceEnv({ basePort: 8080, dataDir: "/tmp/x", secret: "s", secretsKey: "k", shared: s3StandInEnv({ endpoint: "http://s3", accessKeyId: "k", secretAccessKey: "s" }) }, 0);
const clusterSettings = [...new Set([...REQUIRED_ENV, ...Object.keys(clusterEnv)])].sort();
/** Every file the app reads its settings in: the server, the serving layer, the start script. */
const appSources = ["server", "serving"].flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).filter((f) => /(?<!\.test)\.ts$/.test(f)).map((f) => read(join(dir, f))));
appSources.push(read("scripts/start.ts"), read("instrumentation.ts"));

describe("the Dockerfile", () => {
  it("builds in stages and runs on node:20-bookworm-slim", () => {
    const froms = dockerfile.filter((i) => i.op === "FROM").map((i) => i.args);
    expect(froms.length).toBeGreaterThanOrEqual(3);
    expect(froms.at(-1)).toBe("node:20-bookworm-slim AS runtime");
  });

  it("runs the server as a user other than root", () => {
    const users = lastStage(dockerfile).filter((i) => i.op === "USER").map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it("checks the app's health path on the port it serves", () => {
    expect(existsSync(join(root, "app", HEALTH_PATH, "route.ts"))).toBe(true);
    const check = lastStage(dockerfile).find((i) => i.op === "HEALTHCHECK")?.args ?? "";
    expect(check).toContain(HEALTH_PATH);
    expect(check).toContain("process.env.PORT");
    const env = lastStage(dockerfile).filter((i) => i.op === "ENV").map((i) => i.args).join(" ");
    expect(env).toMatch(/\bPORT=3000\b/);
    expect(env).toMatch(/\bNODE_ENV=production\b/);
  });

  it("copies into the runtime every source the start command fingerprints, so it does not build again", () => {
    const build = read("scripts/build.ts");
    const sources = JSON.parse(/const SOURCES = (\[[^\]]*\])/.exec(build)![1]!) as string[];
    const copied = lastStage(dockerfile)
      .filter((i) => i.op === "COPY" && i.args.includes("--from=build"))
      .flatMap((i) => i.args.split(/\s+/).filter((w) => w.startsWith("/app/")).map((w) => w.slice("/app/".length)));
    for (const source of [...sources, "tenants", "serving", "scripts", ".next"]) expect(copied, source).toContain(source);
  });
});

describe("compose.yaml", () => {
  it("runs three app instances of the Dockerfile's image", () => {
    expect(appServices.map(([name]) => name)).toEqual(["app1", "app2", "app3"]);
  });

  it("runs PostgreSQL 15, Redis 7, MinIO with its bucket made at start, and Caddy 2 on ports 80 and 443", () => {
    expect(services.postgres?.image).toBe("postgres:15");
    expect(services.redis?.image).toBe("redis:7");
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    const bucket = services.app1!.environment!.S3_BUCKET;
    expect(services["minio-bucket"]?.entrypoint?.join(" ")).toContain(`mc mb --ignore-existing media/${bucket}`);
    expect(services.caddy?.image).toBe("caddy:2");
    expect(services.caddy?.ports).toEqual(["80:80", "443:443"]);
  });

  it("gives every long-running service a health check, the apps' on the app's health path", () => {
    for (const [name, s] of Object.entries(services)) {
      if (name === "minio-bucket") continue;
      expect(s.healthcheck?.test?.length, name).toBeGreaterThan(1);
    }
    for (const [name, s] of appServices) expect(s.healthcheck!.test.join(" "), name).toContain(`127.0.0.1:3000${HEALTH_PATH}`);
  });

  it("starts the apps once their shared parts are healthy, and Caddy once the apps are", () => {
    for (const [, s] of appServices) expect(s.depends_on).toEqual({ postgres: { condition: "service_healthy" }, redis: { condition: "service_healthy" }, "minio-bucket": { condition: "service_completed_successfully" } });
    expect(Object.keys(services.caddy?.depends_on ?? {})).toEqual(["app1", "app2", "app3"]);
  });
});

describe("the Docker files in step with scripts/cluster.ts", () => {
  it("the image starts each instance with the command the cluster runs (npm start's, with no npm in between)", () => {
    const cmd = execForm(lastStage(dockerfile).find((i) => i.op === "CMD")?.args ?? "");
    expect(cmd).toEqual(["node", ...INSTANCE_COMMAND]);
    expect(pkg.scripts.start).toBe(`tsx ${INSTANCE_COMMAND.slice(2).join(" ")}`);
  });

  it("compose gives each instance every setting the cluster gives it, and only settings the app reads", () => {
    const settingsOfCluster = clusterSettings;
    expect(settingsOfCluster).toEqual(expect.arrayContaining(["DATABASE_URL", "REDIS_URL", "S3_BUCKET", "PORT", "DATA_DIR", "FORECOURT_SECRET", "FORECOURT_SECRETS_KEY"]));
    for (const [name, s] of appServices) {
      const settings = Object.keys(s.environment ?? {});
      for (const setting of settingsOfCluster) expect(settings, `${name} lacks ${setting}`).toContain(setting);
      for (const setting of settings) expect(appSources.some((src) => src.includes(`env.${setting}`)), `nothing reads ${setting}`).toBe(true);
      expect(s.environment!.TRUSTED_PROXIES).toBe(clusterEnv.TRUSTED_PROXIES);
      expect(Number(s.environment!.DRAIN_MS)).toBe(CLUSTER_DRAIN_MS);
    }
  });

  it("compose mounts deploy/Caddyfile, the cluster's proxy configuration, with the apps as its upstreams", () => {
    expect(services.caddy?.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(CADDYFILE).toBe("deploy/Caddyfile");
    const placeholders = new Set([...read("deploy/Caddyfile").matchAll(/\{\$([A-Z0-9_]+)/g)].map((m) => m[1]!));
    const env = services.caddy?.environment ?? {};
    for (const name of Object.keys(env)) expect([...placeholders], name).toContain(name);
    // What the cluster sets for its Caddy, compose sets too (the Caddyfile's defaults are this machine's).
    // XDG_* (where Caddy keeps its certificates) the caddy image sets itself (/data, /config, mounted as volumes).
    const clusterCaddyEnv = Object.keys(caddyEnv({ basePort: 8080, dataDir: "/tmp/x" }, [8090])).filter((n) => !n.startsWith("XDG_"));
    expect(clusterCaddyEnv).toContain("FORECOURT_UPSTREAMS");
    for (const name of clusterCaddyEnv) expect(Object.keys(env), name).toContain(name);
    expect(env.FORECOURT_UPSTREAMS).toBe(appServices.map(([name, s]) => `${name}:${s.environment!.PORT}`).join(" "));
    expect(services.caddy?.ports).toEqual([`${env.CADDY_HTTP_PORT}:${env.CADDY_HTTP_PORT}`, `${env.CADDY_HTTPS_PORT}:${env.CADDY_HTTPS_PORT}`]);
  });
});
