/**
 * bench:cluster's load and its publish probe (scripts/bench-cluster.ts runs them on 1 and on 3 instances).
 * The load: a fixed number of keep-alive connections through the proxy, each cycling through the demo
 * sites and the page kinds a visitor asks for (home, search page, vehicle page, the search API), plus
 * leads at a fixed rate, each from an address of its own (a new visitor: the lead limits count per
 * client and network, and the proxy passes the connection's address on). The probe: while the load
 * runs, a staff member publishes a change through the admin API of the proxy, and every instance is
 * polled until its home page shows it.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
  ms: number;
}

export interface Call {
  base: string;
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The connection's source address (a visitor of its own); a new connection. */
  localAddress?: string;
}

const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 256 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 256, rejectUnauthorized: false }) };

/** One request through Node's http (fetch drops a Host header it is given: DESIGN.md). Never throws: a failed connection is status 0. */
export function call(c: Call): Promise<Answer> {
  const url = new URL(c.path, c.base);
  const tls = url.protocol === "https:";
  const start = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, body = "", headers: IncomingHttpHeaders = {}) => resolve({ status, body, headers, ms: performance.now() - start });
    const options = {
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: c.method ?? "GET",
      headers: { host: c.host, "accept-encoding": "identity", ...c.headers, ...(c.body ? { "content-length": String(Buffer.byteLength(c.body)) } : {}) },
      ...(c.localAddress ? { agent: false as const, localAddress: c.localAddress } : { agent: tls ? agents.https : agents.http }),
      ...(tls ? { servername: c.host.split(":")[0], rejectUnauthorized: false } : {}),
    };
    const req = (tls ? httpsRequest : httpRequest)(options, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"), res.headers));
      res.on("error", () => done(0));
    });
    req.on("error", () => done(0));
    req.end(c.body);
  });
}

export type Kind = "home" | "search page" | "vehicle page" | "search API" | "lead";
/** The visitor's mix, one turn of each connection's cycle: vehicle pages and search queries twice. */
export const MIX: Kind[] = ["home", "vehicle page", "search API", "search page", "vehicle page", "search API"];

export interface Site {
  slug: string;
  host: string;
  cars: string[];
  /** One of the site's vehicles (objectID), which its leads ask about. */
  carId: string;
}

export interface Tally {
  latencies: number[];
  errors: number;
  /** Answers that were not the expected status, by status (0: no answer). */
  statuses: Record<string, number>;
}

export const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

export const SEARCH_BODY = JSON.stringify({ requests: [{ indexName: "vehicles", params: { query: "", hitsPerPage: 20, page: 0, facets: ["make", "body_type"] } }] });

/** A vehicle page's Enquire Now as the form sends it (README, Leads), with its own idempotency key. */
export function leadCall(base: string, site: Site, n: number, runId: string): Call {
  const lead = {
    url: `http://${site.host}${site.cars[0]}`, source: "Website", form: "vehicle-enquiry", category: "Vehicle Enquiry", car_id: site.carId, isLastStep: true,
    // terms_conditions: the sites whose forms ask for it require it (Coralstone's).
    fields: { first_name: "Bench", last_name: `Visitor ${n}`, email: `bench-${n}@example.com`, phone: "0400 000 000", message: "Bench: is it still available?", terms_conditions: true },
  };
  // A visitor of its own: 127.a.b.1 is a loopback address on Linux, each (a, b) a network of its own.
  const localAddress = `127.${1 + Math.floor(n / 250) % 250}.${n % 250}.1`;
  return { base, host: site.host, path: "/api/leads", method: "POST", localAddress, body: JSON.stringify(lead), headers: { "content-type": "application/json", "idempotency-key": `bench-${runId}-${n}` } };
}

function visitCall(base: string, site: Site, kind: Kind, n: number): Call {
  if (kind === "home") return { base, host: site.host, path: "/" };
  if (kind === "search page") return { base, host: site.host, path: "/search" };
  if (kind === "vehicle page") return { base, host: site.host, path: site.cars[n % site.cars.length] };
  return { base, host: site.host, path: "/api/search/1/indexes/*/queries", method: "POST", body: SEARCH_BODY, headers: { "content-type": "application/json" } };
}

export interface LoadOptions {
  base: string;
  sites: Site[];
  connections: number;
  seconds: number;
  leadsPerSecond: number;
  runId: string;
}

/** Runs the mixed load for `seconds`; each kind's latencies, errors (anything but 200, or no answer). */
export async function mixedLoad(o: LoadOptions): Promise<{ tallies: Map<Kind, Tally>; seconds: number }> {
  const tallies = new Map<Kind, Tally>();
  const record = (kind: Kind, a: Answer) => {
    const t = tallies.get(kind) ?? { latencies: [], errors: 0, statuses: {} };
    tallies.set(kind, t);
    t.latencies.push(a.ms);
    if (a.status !== 200) {
      t.errors++;
      t.statuses[a.status] = (t.statuses[a.status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  const until = started + o.seconds * 1000;
  let turn = 0;
  const visitors = Array.from({ length: o.connections }, async () => {
    while (performance.now() < until) {
      const n = turn++;
      const kind = MIX[n % MIX.length];
      const site = o.sites[Math.floor(n / MIX.length) % o.sites.length];
      record(kind, await call(visitCall(o.base, site, kind, n)));
    }
  });
  const leads = (async () => {
    const pending: Promise<void>[] = [];
    for (let n = 0; performance.now() < until && o.leadsPerSecond > 0; n++) {
      const site = o.sites[n % o.sites.length];
      pending.push(call(leadCall(o.base, site, n, o.runId)).then((a) => record("lead", a)));
      await new Promise((r) => setTimeout(r, Math.max(0, started + ((n + 1) * 1000) / o.leadsPerSecond - performance.now())));
    }
    await Promise.all(pending);
  })();
  await Promise.all([...visitors, leads]);
  return { tallies, seconds: (performance.now() - started) / 1000 };
}

export interface Probe {
  /** The proxy's base URL and the admin's host there. */
  base: string;
  adminHost: string;
  slug: string;
  /** Each instance's base URL and the site's host on it. */
  instances: { base: string; host: string }[];
}

const must = (a: Answer, what: string) => {
  if (a.status !== 200) throw new Error(`${what} answered ${a.status}: ${a.body.slice(0, 300)}`);
  return JSON.parse(a.body) as Record<string, unknown>;
};

/** Signs in as the demo staff member through the proxy; a function that sends admin API calls with the session. */
export async function adminSession(p: Probe, email: string, password: string): Promise<(path: string, body?: unknown) => Promise<Answer>> {
  const origin = `${new URL(p.base).protocol}//${p.adminHost}`;
  const json = { "content-type": "application/json", origin };
  const signIn = await call({ base: p.base, host: p.adminHost, path: "/api/admin/sign-in", method: "POST", headers: json, body: JSON.stringify({ email, password }) });
  must(signIn, "sign-in");
  const cookie = String(signIn.headers["set-cookie"]?.[0] ?? "").split(";")[0];
  return (path, body) =>
    call({ base: p.base, host: p.adminHost, path, method: body === undefined ? "GET" : "POST", headers: { ...json, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * Publishes `count` changes of the site's first hero slide, one after another, and for each the ms
 * from the publish's answer until every instance's home page shows it (polled every 20 ms; at most 30 s).
 * A publish that fails, or is not seen everywhere in time, is listed in `failures` and the next one goes on.
 */
export async function publishDelays(p: Probe, admin: (path: string, body?: unknown) => Promise<Answer>, count: number, gapMs: number): Promise<{ delays: number[]; failures: string[] }> {
  const delays: number[] = [];
  const failures: string[] = [];
  const api = `/api/admin/tenants/${p.slug}`;
  for (let i = 0; i < count; i++) {
    try {
      const draft = must(await admin(`${api}/draft`), "the draft") as { document: { pages: { path: string; blocks: { type: string; props: { slides?: { description: string }[] } }[] }[] }; revision: number };
      const marker = `Bench publish ${Date.now().toString(36)}-${i}`;
      const slide = draft.document.pages.find((page) => page.path === "/")?.blocks.find((b) => b.type === "hero-slides")?.props.slides?.[0];
      if (!slide) throw new Error(`${p.slug}'s home page has no hero slide to change`);
      slide.description = marker;
      const saved = must(await admin(`${api}/draft`, { document: draft.document, revision: draft.revision }), "saving the draft") as { revision: number };
      must(await admin(`${api}/publish`, { revision: saved.revision }), "publishing");
      const published = performance.now();
      await Promise.all(
        p.instances.map(async (instance) => {
          while (!(await call({ base: instance.base, host: instance.host, path: "/" })).body.includes(marker)) {
            if (performance.now() - published > 30_000) throw new Error(`${instance.base} did not show the publish within 30 s`);
            await new Promise((r) => setTimeout(r, 20));
          }
        }),
      );
      delays.push(performance.now() - published);
    } catch (e) {
      failures.push((e as Error).message);
    }
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return { delays, failures };
}
