/**
 * What the coherence cases (tests/cluster/coherence.ts) do to a cluster: requests to one instance
 * with a site's Host header (Node's fetch drops a Host header; http.request keeps it), the admin's
 * session, feed keys and cars, and polling the other instances until each shows a change.
 */
import { createHash, randomBytes } from "node:crypto";
import { request } from "node:http";
import pg from "pg";
import { feedVehicle } from "../fixtures/vehicle";

/** The cluster as the cases see it: startCluster's result (tests/cluster/harness.ts) and its database. */
export interface CoherenceCluster {
  /** Each instance's own address (http://127.0.0.1:PORT), not the proxy's. */
  instanceUrls: string[];
  /** The Host header of a demo site, e.g. "bluegum.localhost:4500" (the port is not read). */
  hostFor(slug: string): string;
  /** The cluster's PostgreSQL database (feed keys are made there). */
  databaseUrl: string;
  /** A staff session's Cookie header (fc_admin=…); without it the demo staff account signs in through instance 0. */
  adminCookie?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: () => Record<string, unknown>;
}

export interface Send {
  method?: string;
  /** A site's slug, "admin" for the admin host, or a Host header as written. */
  host: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Where this run's requests come from (X-Forwarded-For, read by instances that trust one proxy): its own rate-limit buckets. */
export const CLIENT = `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;

export function hostHeader(c: CoherenceCluster, i: number, host: string): string {
  if (host === "admin") return `localhost:${new URL(c.instanceUrls[i]).port}`;
  return /[.:]/.test(host) ? host : c.hostFor(host);
}

/** One request to instance `i`; never follows redirects. */
export function send(c: CoherenceCluster, i: number, r: Send): Promise<Answer> {
  const url = new URL(r.path, c.instanceUrls[i]);
  const host = hostHeader(c, i, r.host);
  const body = r.body === undefined ? undefined : typeof r.body === "string" || r.body instanceof Uint8Array ? r.body : JSON.stringify(r.body);
  const headers: Record<string, string> = { host, "x-forwarded-for": CLIENT, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...r.headers };
  if (r.method && r.method !== "GET") headers.origin ??= `http://${host}`;
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, method: r.method ?? "GET", headers, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode!, headers: res.headers, body: text, json: () => JSON.parse(text) });
      });
    });
    req.on("timeout", () => req.destroy(new Error(`${r.method ?? "GET"} ${r.path} on instance ${i} took over 15 s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Throws with the answer unless its status is `status`. */
export function expectStatus(a: Answer, status: number, what: string): Answer {
  if (a.status !== status) throw new Error(`${what}: expected ${status}, got ${a.status}: ${a.body.slice(0, 300)}`);
  return a;
}

/** The first cookie of a Set-Cookie answer, as a Cookie header ("name=value"). */
export const cookieOf = (a: Answer) => [a.headers["set-cookie"] ?? []].flat()[0]?.split(";")[0] ?? "";

/** The staff's Cookie header: the cluster's, or the demo staff account signed in through instance 0. */
export async function adminCookie(c: CoherenceCluster): Promise<string> {
  if (c.adminCookie) return c.adminCookie;
  const signIn = await send(c, 0, { method: "POST", host: "admin", path: "/api/admin/sign-in", body: { email: "staff@forecourt.test", password: "forecourt-staff-demo" } });
  return cookieOf(expectStatus(signIn, 200, "the demo staff account's sign-in"));
}

/** A new feed key of the dealership, made in the database as `npm run feed:key` makes one (only its SHA-256 is kept). */
export async function feedKey(c: CoherenceCluster, dealershipId: number): Promise<string> {
  const key = "fck_" + randomBytes(32).toString("base64url");
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    await db.query("insert into dealership_api_keys (dealership_id, key_hash, key_prefix, label) values ($1, $2, $3, 'coherence test')", [
      dealershipId, createHash("sha256").update(key).digest("hex"), key.slice(0, 10),
    ]);
  } finally {
    await db.end();
  }
  return key;
}

/** A car of this run on a site: its feed writes go through instance `via`. */
export interface FeedCar {
  id: string;
  slug: string;
  badge: string;
  put(over: Record<string, unknown>, via?: number): Promise<Answer>;
  remove(via?: number): Promise<Answer>;
}

/** Lists a new used car at the dealership and location (through instance 0); a unique badge finds it in search. */
export async function listCar(c: CoherenceCluster, site: { slug: string; dealership: number; location: number }, label: string): Promise<FeedCar> {
  const key = await feedKey(c, site.dealership);
  const tag = randomBytes(3).toString("hex");
  const id = `coherence-${label}-${tag}`;
  const badge = `Coh${tag}`;
  const auth = { authorization: `Bearer ${key}` };
  const base = feedVehicle(id, { dealership_id: site.dealership, location_id: site.location, stocknum: `COH-${tag}`, badge, price: 30990 });
  const car: FeedCar = {
    id, slug: "", badge,
    put: (over, via = 0) => send(c, via, { method: "PUT", host: site.slug, path: `/api/feed/vehicles/${id}`, headers: auth, body: { ...base, ...over } }),
    remove: (via = 0) => send(c, via, { method: "DELETE", host: site.slug, path: `/api/feed/vehicles/${id}`, headers: auth }),
  };
  const created = expectStatus(await car.put({}), 201, `listing ${id}`).json();
  car.slug = String((created.vehicle as { slug?: string } | undefined)?.slug ?? created.slug);
  return car;
}

/** The search hits of one badge on a site, from instance `i`'s embedded index. */
export async function searchBadge(c: CoherenceCluster, i: number, site: string, badge: string): Promise<Record<string, unknown>[]> {
  const body = { requests: [{ indexName: "vehicles", params: `query=&hitsPerPage=5&filters=${encodeURIComponent(`badge:"${badge}"`)}` }] };
  const a = expectStatus(await send(c, i, { method: "POST", host: site, path: "/api/search/1/indexes/*/queries", body }), 200, `search on instance ${i}`);
  return (a.json().results as { hits: Record<string, unknown>[] }[])[0].hits;
}

/** Fetches a car's page on every instance but the first, twice, so each has it in its page cache. */
export async function warmPage(c: CoherenceCluster, site: string, path: string): Promise<void> {
  for (let i = 1; i < c.instanceUrls.length; i++) {
    for (let n = 0; n < 2; n++) expectStatus(await send(c, i, { host: site, path }), 200, `${path} on instance ${i}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the cases wait for a change at most (the budget is 1 s; waiting longer says by how much it was missed). */
export const BUDGET_MS = 1000;
const GIVE_UP_MS = 10_000;

/**
 * Polls every instance but the first (from `from`) until `shows(i)` holds on each; answers the slowest one's
 * delay in ms since `since` (when the change was acknowledged), and throws when it is BUDGET_MS (or
 * `budgetMs`) or more, or when an instance never showed it (with what it showed last). An instance's delay is when
 * the first check that saw the change was sent: the propagation, not how long that page then took
 * to render on a busy machine (every check before it had seen the old state).
 */
export async function pollOthers(c: CoherenceCluster, what: string, since: number, shows: (i: number) => Promise<true | string>, opts: { from?: number; budgetMs?: number } = {}): Promise<number> {
  const { from = 1, budgetMs = BUDGET_MS } = opts;
  const delays = await Promise.all(
    c.instanceUrls.slice(from).map(async (_, k) => {
      const i = k + from;
      let last = "";
      while (performance.now() - since < GIVE_UP_MS) {
        const asked = performance.now();
        const seen = await shows(i).catch((e: Error) => `error: ${e.message}`);
        if (seen === true) return asked - since;
        last = seen;
        await sleep(20);
      }
      throw new Error(`${what}: instance ${i} did not show it within ${GIVE_UP_MS} ms; last: ${last}`);
    }),
  );
  const slowest = Math.round(Math.max(...delays));
  if (slowest >= budgetMs) throw new Error(`${what}: visible on every instance only after ${slowest} ms (budget ${budgetMs} ms; each: ${delays.map(Math.round).join(", ")} ms)`);
  return slowest;
}
