/**
 * Coherence between instances (issue 32): each case acts through instance 0 and polls the other
 * instances until each shows the change — in its tenant cache, its page cache (a car's page is
 * cached on each first) and its embedded search index — and answers the slowest delay in ms,
 * throwing when it is 1 s or more (BUDGET_MS). Each case lists cars of its own through the feed,
 * so the cases run in any order on the seeded demo sites; `all` lists them.
 * tests/cluster/cluster.spec.ts runs them against 3 instances behind Caddy.
 */
import pg from "pg";
import { DEMO_MOBILES } from "../../domain/mobile";
import {
  adminCookie, cookieOf, expectStatus, listCar, pollOthers, searchBadge, send, warmPage,
  type CoherenceCluster, type FeedCar,
} from "./coherence-client";

export type { CoherenceCluster };
export type CoherenceCase = (c: CoherenceCluster) => Promise<number>;

/** How long re-converging may take from the writes made while no instance listened. */
export const RECONNECT_BUDGET_MS = 1500;

/** Bluegum (used cars, reserve online) and Harbourline (online purchase for signed-in visitors). */
const BLUEGUM = { slug: "bluegum", dealership: 301, location: 3001 };
const HARBOURLINE = { slug: "harbourline", dealership: 101, location: 1001 };
const CARD = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
const CONTACT = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412 345 678" };

const page = (c: CoherenceCluster, i: number, site: string, car: FeedCar) => send(c, i, { host: site, path: `/cars/${car.slug}` });
const money = (n: number) => `$${n.toLocaleString("en-AU")}`;

/** A car listed and seen (page cached, index built) on every other instance before the change. */
async function seenCar(c: CoherenceCluster, site: typeof BLUEGUM, label: string): Promise<FeedCar> {
  const car = await listCar(c, site, label);
  for (let i = 1; i < c.instanceUrls.length; i++) await searchBadge(c, i, site.slug, car.badge);
  await pollOthers(c, `${label}: the new car in search`, performance.now(), async (i) => (await searchBadge(c, i, site.slug, car.badge)).length === 1 || "not found");
  await warmPage(c, site.slug, `/cars/${car.slug}`);
  return car;
}

/** The staff publish the site's draft with a new name: each instance's pages show it (tenant cache, page cache). */
export const publish: CoherenceCase = async (c) => {
  const car = await seenCar(c, BLUEGUM, "publish");
  const cookie = await adminCookie(c);
  const draft = expectStatus(await send(c, 0, { host: "admin", path: "/api/admin/tenants/bluegum/draft", headers: { cookie } }), 200, "the draft").json();
  const doc = draft.document as { identity: { name: string } };
  const name = `Bluegum Pre-Owned ${car.badge}`;
  doc.identity.name = name;
  const saved = expectStatus(await send(c, 0, { method: "POST", host: "admin", path: "/api/admin/tenants/bluegum/draft", headers: { cookie }, body: { document: doc, revision: draft.revision } }), 200, "saving the draft").json();
  expectStatus(await send(c, 0, { method: "POST", host: "admin", path: "/api/admin/tenants/bluegum/publish", headers: { cookie }, body: { revision: saved.revision } }), 200, "publishing");
  const since = performance.now();
  return pollOthers(c, "a publish", since, async (i) => {
    const a = await page(c, i, "bluegum", car);
    return a.body.includes(name) || `${a.status} ${a.headers["x-forecourt-cache"]}, without "${name}"`;
  });
};

/** The Feature flags screen switches sign-in on (then off again) for a site: each instance's endpoints follow. */
export const flagToggle: CoherenceCase = async (c) => {
  const cookie = await adminCookie(c);
  const delays: number[] = [];
  for (const on of [true, false]) {
    const draft = expectStatus(await send(c, 0, { host: "admin", path: "/api/admin/tenants/bluegum/draft", headers: { cookie } }), 200, "the draft").json();
    const flags = { "/features/auth/enabled": on };
    expectStatus(await send(c, 0, { method: "POST", host: "admin", path: "/api/admin/tenants/bluegum/flags", headers: { cookie }, body: { flags, revision: draft.revision } }), 200, `sign-in ${on ? "on" : "off"}`);
    const since = performance.now();
    // With sign-in on, an empty code request is a 400 (no number); with it off, a 404 (no sign-in here).
    delays.push(await pollOthers(c, `the sign-in flag ${on ? "on" : "off"}`, since, async (i) => {
      const a = await send(c, i, { method: "POST", host: "bluegum", path: "/api/auth/request-code", body: {} });
      return a.status === (on ? 400 : 404) || `${a.status} ${a.body.slice(0, 100)}`;
    }));
  }
  return Math.max(...delays);
};

/** A feed changes a car's price: each instance's search and page show the new price. */
export const feedUpdate: CoherenceCase = async (c) => {
  const car = await seenCar(c, BLUEGUM, "update");
  expectStatus(await car.put({ price: 27490 }), 200, "the price change");
  const since = performance.now();
  return pollOthers(c, "a feed update", since, async (i) => {
    const [hit] = await searchBadge(c, i, "bluegum", car.badge);
    if (hit?.price !== 27490) return `search price ${hit?.price}`;
    const a = await page(c, i, "bluegum", car);
    return (a.body.includes(money(27490)) && !a.body.includes(money(30990))) || `page ${a.status} ${a.headers["x-forecourt-cache"]} without ${money(27490)}`;
  });
};

/** A feed deletes a car: it leaves each instance's search, and its page is a 404. */
export const feedDelete: CoherenceCase = async (c) => {
  const car = await seenCar(c, BLUEGUM, "delete");
  expectStatus(await car.remove(), 200, "the deletion");
  const since = performance.now();
  return pollOthers(c, "a feed deletion", since, async (i) => {
    const hits = await searchBadge(c, i, "bluegum", car.badge);
    if (hits.length) return "still in search";
    const a = await page(c, i, "bluegum", car);
    return a.status === 404 || `page ${a.status} ${a.headers["x-forecourt-cache"]}`;
  });
};

/** Each other instance shows the car reserved: in search, and its page no longer offers to reserve it. */
const showsReserved = (c: CoherenceCluster, site: string, car: FeedCar) => async (i: number) => {
  const [hit] = await searchBadge(c, i, site, car.badge);
  if (hit?.reserved !== true) return `search reserved ${hit?.reserved}`;
  const a = await page(c, i, site, car);
  return (a.status === 200 && !/>Reserve This /.test(a.body)) || `page ${a.status} ${a.headers["x-forecourt-cache"]} still offers to reserve`;
};

/** A visitor pays a deposit through instance 0: the car is reserved on every instance. */
export const reservation: CoherenceCase = async (c) => {
  const car = await seenCar(c, BLUEGUM, "reserve");
  const body = { car: car.slug, kind: "reserve", contact: CONTACT, card: CARD };
  const held = await send(c, 0, { method: "POST", host: "bluegum", path: "/api/reservations", headers: { "idempotency-key": `coherence-${car.badge}` }, body });
  expectStatus(held, 201, "the reservation");
  return pollOthers(c, "a reservation", performance.now(), showsReserved(c, "bluegum", car));
};

/** A signed-in visitor buys a car online through instance 0 (Harbourline gates checkout): it is held on every instance. */
export const sale: CoherenceCase = async (c) => {
  const car = await seenCar(c, HARBOURLINE, "sale");
  const cookie = await siteSignIn(c, 0, 0);
  const body = { car: car.slug, kind: "purchase", contact: CONTACT, purchase: { payment: "Cash", delivery: "Pick-up" }, card: CARD };
  const bought = await send(c, 0, { method: "POST", host: "harbourline", path: "/api/reservations", headers: { cookie, "idempotency-key": `coherence-${car.badge}` }, body });
  expectStatus(bought, 201, "the online purchase");
  return pollOthers(c, "an online purchase", performance.now(), showsReserved(c, "harbourline", car));
};

/** Signs a Harbourline visitor in with the demo number: the code asked for through one instance, entered through another. */
async function siteSignIn(c: CoherenceCluster, askVia: number, verifyVia: number): Promise<string> {
  const phone = DEMO_MOBILES.AU;
  const asked = expectStatus(await send(c, askVia, { method: "POST", host: "harbourline", path: "/api/auth/request-code", body: { phone } }), 200, "the sign-in code").json();
  const verified = await send(c, verifyVia, { method: "POST", host: "harbourline", path: "/api/auth/verify-code", body: { phone: asked.phone, code: asked.demoCode } });
  return cookieOf(expectStatus(verified, 200, "the sign-in"));
}

/**
 * PostgreSQL drops every instance's LISTEN connection; while they are away another process on the
 * database (as `npm run import` would) deletes a car and reprices another — in SQL, at once, since a
 * request through an instance may outlast the first reconnect (0.25–0.5 s) on a busy machine. No
 * instance hears either: once their connections are back, every instance's index and pages follow
 * (the deletion through vehicle_deletions, which every deletion of the app writes).
 */
export const reconverge: CoherenceCase = async (c) => {
  // The first reconnect waits 0.25–0.5 s by design (server/db/open.ts, reconnectDelayMs); then the 1 s budget.
  const gone = await seenCar(c, BLUEGUM, "gone");
  const kept = await seenCar(c, BLUEGUM, "kept");
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    // By name, not by last query: a connection made just now may not have sent its LISTEN yet.
    const listeners = "from pg_stat_activity where datname = current_database() and application_name = 'forecourt-listen'"; // server/db/open.ts, LISTENER_NAME
    await db.query("begin");
    await db.query("delete from vehicles where id = $1", [gone.id]);
    await db.query("insert into vehicle_deletions (id, deleted_at) values ($1, now())", [gone.id]);
    await db.query(`update vehicles set price = 25990, data = jsonb_set(data, '{price}', '25990'), updated_at = now() where id = $1`, [kept.id]);
    // Cut the connections only now, all at once (waiting on each in turn let the first reconnect before
    // the last had gone), wait until they have all gone, then commit at once: well before the first
    // reconnect (≥ 0.25 s), however slow the writes were.
    const cut = await db.query<{ pid: number }>(`select pid, pg_terminate_backend(pid) ${listeners}`);
    if ((cut.rowCount ?? 0) < c.instanceUrls.length) throw new Error(`expected a LISTEN connection per instance, found ${cut.rowCount}`);
    const pids = cut.rows.map((r) => r.pid);
    for (const until = Date.now() + 5000; Date.now() < until; await new Promise((r) => setTimeout(r, 5))) {
      await db.query("select pg_stat_clear_snapshot()"); // pg_stat_activity is otherwise read once per transaction
      if (!(await db.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where pid = any($1)", [pids])).rows[0].n) break;
    }
    await db.query("commit");
    const since = performance.now();
    const { rows } = await db.query<{ at: Date }>("select now() as at");
    // The writes were made while no LISTEN connection was up (else a NOTIFY, not the re-sync, would bring them).
    const early = await db.query<{ pid: number; started: string }>(`select pid, to_char(backend_start, 'HH24:MI:SS.MS') as started ${listeners} and backend_start < $1`, [rows[0].at]);
    if (early.rowCount) throw new Error(`${early.rowCount} LISTEN connections were back before the writes (committed at ${rows[0].at.toISOString()}; backends: ${JSON.stringify(early.rows)}): the re-sync was not tested`);
    // Instance 0 did not hear them either: every instance is polled.
    return await pollOthers(c, "re-converging after the LISTEN connections were cut", since, async (i) => {
      if ((await searchBadge(c, i, "bluegum", gone.badge)).length) return "the deleted car is still in search";
      if ((await searchBadge(c, i, "bluegum", kept.badge))[0]?.price !== 25990) return "the old price in search";
      const a = await page(c, i, "bluegum", gone);
      return a.status === 404 || `the deleted car's page: ${a.status} ${a.headers["x-forecourt-cache"]}`;
    }, { from: 0, budgetMs: RECONNECT_BUDGET_MS });
  } finally {
    await db.end();
  }
};

/** A limit counted through one instance holds on the others (Redis): a car's view counts once per visitor and half hour. */
export const rateLimit: CoherenceCase = async (c) => {
  const car = await seenCar(c, BLUEGUM, "views");
  const view = async (i: number) => Number(expectStatus(await send(c, i, { host: "bluegum", path: `/api/cars/${car.slug}/view.json` }), 200, `a view on instance ${i}`).json().views);
  const first = await view(0);
  const since = performance.now();
  return pollOthers(c, "a counted view", since, async (i) => {
    const again = await view(i);
    return again === first || `counted again on instance ${i}: ${first} → ${again}`;
  });
};

/** A session made through instance 0 holds on the others, and signing out through instance 0 ends it everywhere. */
export const session: CoherenceCase = async (c) => {
  const signIn = await send(c, 0, { method: "POST", host: "admin", path: "/api/admin/sign-in", body: { email: "staff@forecourt.test", password: "forecourt-staff-demo" } });
  const cookie = cookieOf(expectStatus(signIn, 200, "the staff sign-in"));
  const draft = (i: number) => send(c, i, { host: "admin", path: "/api/admin/tenants/bluegum/draft", headers: { cookie } });
  const signedIn = await pollOthers(c, "an admin session", performance.now(), async (i) => (await draft(i)).status === 200 || "not signed in");
  expectStatus(await send(c, 0, { method: "POST", host: "admin", path: "/api/admin/sign-out", headers: { cookie }, body: {} }), 303, "signing out");
  const signedOut = await pollOthers(c, "a sign-out", performance.now(), async (i) => {
    const a = await draft(i);
    return a.status === 401 || `${a.status}: still signed in`;
  });
  // A visitor's session too: the code asked for through instance 0, entered through instance 1.
  const visitor = await siteSignIn(c, 0, Math.min(1, c.instanceUrls.length - 1));
  const garage = await pollOthers(c, "a visitor's session", performance.now(), async (i) => {
    const a = await send(c, i, { host: "harbourline", path: "/my-garage", headers: { cookie: visitor } });
    return a.status === 200 || `${a.status} ${a.headers.location ?? ""}`;
  });
  return Math.max(signedIn, signedOut, garage);
};

/** Every case, in the order the spec runs them (the re-sync last: it cuts every instance's LISTEN connection). */
export const all: Record<string, CoherenceCase> = { publish, flagToggle, feedUpdate, feedDelete, reservation, sale, rateLimit, session, reconverge };
