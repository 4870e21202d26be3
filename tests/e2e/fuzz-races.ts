/**
 * The fuzz's races (issue 30 "Done when"): the same writes sent at the same moment, on a running
 * server (fuzz.spec.ts on the shared PGlite server, fuzz-servers.spec.ts on PostgreSQL). Each race
 * answers no 5xx and keeps its invariants:
 *   - reservations (bluegum): concurrent reservations of one car with different Idempotency-Keys
 *     hold it once; the same key sent concurrently makes one reservation; concurrent cancels of one
 *     reservation, a stranger's and a cross-site one, racing new reservations of the car: the buyer's
 *     answer "cancelled", the others 403, the cancelled one stays cancelled, the car is held at most once;
 *   - service bookings (coralstone-mazda): concurrent first steps with one Idempotency-Key make one
 *     booking; concurrent later steps with its lead-token and a stranger's (none, a replaced one, a
 *     made-up one): the stranger's are 403 and the booking's contact stays the visitor's;
 *   - trade-in pictures (bluegum): identical and different pictures uploaded concurrently to one
 *     evaluation, past its 10-picture limit: 10 kept, the rest 409, every kept picture on disk;
 *   - the admin's picture library (redgate): the same picture uploaded concurrently is one entry.
 * And no temporary file is left in the uploads folders. With a database connection (PostgreSQL) the
 * stored rows are checked too; on PGlite (whose files the server holds) the answers, the admin's view
 * and the files on disk are.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { NOT_YOUR_BOOKING, serviceBookingSpec, type ServiceValues } from "../../domain/service-booking";
import { buildServiceLead } from "../../domain/service-booking-lead";
import { TOO_MANY_IMAGES_MESSAGE } from "../../domain/trade-in";
import { NOT_THE_BUYER } from "../../domain/vdp-rules";
import { CROSS_SITE_REFUSED } from "../../server/admin/csrf";
import { DECLINED } from "../../server/payments/embedded";
import { cookieOf, describeRequest, send, type FuzzAnswer, type FuzzRequest, type Query } from "./fuzz-requests";

const tenant = (slug: string): TenantDocument => JSON.parse(readFileSync(`tenants/${slug}.json`, "utf8"));

/** Where the server keeps its data (DATA_DIR), and its database when the test can query it (PostgreSQL). */
export interface RaceServer {
  port: number;
  dataDir: string;
  query: Query | null;
  /** An admin session of Forecourt staff (the fuzz's context signs one in). */
  staffCookie: string;
}

export interface RaceOutcome {
  sent: number;
  statuses: Map<number, number>;
  /** 5xx, hangs, and broken invariants, one line each. */
  failures: string[];
}

const RESERVE_SITE = "bluegum";
const SERVICE_SITE = "coralstone-mazda";
const TRADE_IN_SITE = "bluegum";
const LIBRARY_SITE = "redgate";

const GOOD_CARD = "4242424242424242";
const DECLINED_CARD = "4000000000000002";
const CHALLENGE_CARD = "4000002760003184";
const BUYER = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0412 345 678" };
const STRANGER = { first_name: "Mallory", last_name: "Stranger", email: "mallory@example.com", phone: "0411 111 111" };

const parse = (a: FuzzAnswer): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(a.text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A 16×16 PNG of one colour (a different colour is a different picture). */
async function png(n: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53 + 7) % 256 } } }).png().toBuffer();
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }): { body: Buffer; type: string } {
  const boundary = `----fuzz-race-${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under `dir` (relative paths); none when it does not exist. */
const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name)) : []);

/**
 * Runs the races on the server at `port`. Each request comes from a client address of its own (a
 * /24 network of its own too, 198.18.0.0/15 is for tests), so the per-client and per-network limits
 * the fuzz has used up are not in the way; the server must trust one proxy (TRUSTED_PROXIES=1).
 */
export async function runRaces(server: RaceServer): Promise<RaceOutcome> {
  const { port, query } = server;
  const out: RaceOutcome = { sent: 0, statuses: new Map(), failures: [] };
  let clients = 0;
  /** The n-th request's address: 198.18.{n mod 256}.{…}, a /24 of its own for the first 256. */
  const client = () => {
    const n = clients++;
    return `198.18.${n & 255}.${1 + ((n >> 8) & 127)}`;
  };
  const fail = (message: string) => out.failures.push(message);
  const expectThat = (ok: boolean, message: string) => {
    if (!ok) fail(message);
  };
  /** Sends the requests at the same moment; a 5xx, a hang (30 s) or a dropped connection is a failure. */
  const all = async (race: string, requests: FuzzRequest[], keep = 64 * 1024): Promise<FuzzAnswer[]> => {
    for (const q of requests) q.client ??= client();
    const answers = await Promise.all(requests.map((q) => send(port, q, 30_000, keep)));
    answers.forEach((a, k) => {
      out.sent++;
      out.statuses.set(a.status, (out.statuses.get(a.status) ?? 0) + 1);
      if (a.error || a.status >= 500 || a.status <= 0) fail(`${race}: ${a.error ?? a.status} ${a.text.slice(0, 300)}: ${describeRequest(requests[k], port)}`);
    });
    return answers;
  };
  const one = async (race: string, request: FuzzRequest, keep?: number) => (await all(race, [request], keep))[0];
  const rows = async (sql: string) => (query ? ((await query(sql)).rows as Record<string, unknown>[]) : []);
  const section = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      fail(`${name}: ${(e as Error).stack ?? e}`);
    }
  };

  // ---- reservations ----
  await section("reservations", async () => {
    const host = `${RESERVE_SITE}.localhost:${port}`;
    const origin = `http://${host}`;
    const run = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
    const reserve = (car: string, key: string, card = GOOD_CARD): FuzzRequest => ({
      label: `reserve ${car} (${card.slice(-4)}, key ${key})`, method: "POST", host, path: "/api/reservations",
      headers: { "content-type": "application/json", origin, "idempotency-key": key },
      body: JSON.stringify({ car, contact: BUYER, card: { number: card, expiry: "12/30", cvc: "123" } }),
    });
    const cancel = (id: string, headers: Record<string, string>): FuzzRequest => ({ label: `cancel ${id}`, method: "POST", host, path: `/api/reservations/${id}/cancel`, headers: { origin, ...headers }, body: "" });
    const ownerCookie = (a: FuzzAnswer, id: string) => cookieOf(a, `fc_reservation_${id}`);
    const heldOf = async (vehicleSlug: string) =>
      Number((await rows(`select count(*)::int as n from reservations r join vehicles v on v.id = r.vehicle_id where v.slug = '${vehicleSlug}' and r.status = 'held'`))[0]?.n ?? 0);
    /**
     * A create that did not hold: the car held already (409), or paid and refunded at once (402: LOST_RACE or
     * GONE_BEFORE_PAID of server/reservations/service.ts, which Playwright cannot import: it reads the lead schema's JSON).
     */
    const refusedCreate = (a: FuzzAnswer) => {
      const b = parse(a);
      return (a.status === 409 && b.reason === "reserved") || (a.status === 402 && b.status === "declined" && /Your deposit of \$[\d,.]+ has been refunded\.$/.test(String(b.message)));
    };

    // Two cars nobody holds (from the end of the list: the reserve-online spec takes the first).
    const search = await one("reservations: find cars", {
      label: "search", method: "POST", host, path: "/api/search/1/indexes/*/queries", headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests: [{ indexName: "vehicles", params: { hitsPerPage: 20, numericFilters: ["price>0"], attributesToRetrieve: ["slug", "price", "reserved"], attributesToHighlight: [] } }] }),
    });
    const hits = ((parse(search).results as { hits: { slug: string; price: number; reserved?: boolean }[] }[] | undefined)?.[0]?.hits ?? []).filter((h) => h.price > 0 && !h.reserved);
    if (hits.length < 2) throw new Error(`bluegum's search found ${hits.length} cars to reserve: ${search.text.slice(0, 300)}`);
    const [carA, carB] = [hits[hits.length - 1].slug, hits[hits.length - 2].slug];

    // 1. One car, eight buyers at once (six good cards, one declined, one 3-D Secure): held once.
    const first = [...Array.from({ length: 6 }, (_, k) => reserve(carA, `race-${run}-a${k}`)), reserve(carA, `race-${run}-declined`, DECLINED_CARD), reserve(carA, `race-${run}-3ds`, CHALLENGE_CARD)];
    const firstAnswers = await all("reservations: one car, different keys", first);
    const held = firstAnswers.filter((a) => a.status === 201);
    expectThat(held.length === 1, `reservations: one car reserved by 8 buyers at once was held ${held.length} times (exactly once expected): ${firstAnswers.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join(" | ")}`);
    firstAnswers.slice(0, 6).forEach((a, k) => expectThat(a.status === 201 || refusedCreate(a), `reservations: good card ${k} answered ${a.status} ${a.text.slice(0, 200)}`));
    const [declined, challenged] = firstAnswers.slice(6);
    expectThat((declined.status === 402 && parse(declined).message === DECLINED) || (declined.status === 409 && parse(declined).reason === "reserved"), `reservations: the declined card answered ${declined.status} ${declined.text.slice(0, 200)}`);
    expectThat((challenged.status === 200 && parse(challenged).status === "requires_action") || (challenged.status === 409 && parse(challenged).reason === "reserved"), `reservations: the 3-D Secure card answered ${challenged.status} ${challenged.text.slice(0, 200)}`);
    if (query) expectThat((await heldOf(carA)) === 1, `reservations: ${await heldOf(carA)} held reservations of ${carA} stored (1 expected)`);
    if (held.length !== 1) return;
    const winner = String(parse(held[0]).reservation_id);
    const winnerCookie = ownerCookie(held[0], winner);
    if (!winnerCookie) throw new Error(`the held reservation set no owner cookie: ${held[0].setCookie.join(" | ")}`);

    // 2. One buyer's request sent six times at once (one Idempotency-Key): one reservation.
    const sameKey = `race-${run}-same`;
    const replays = await all("reservations: one key six times", Array.from({ length: 6 }, () => reserve(carB, sameKey)));
    const ids = new Set(replays.map((a) => parse(a).reservation_id));
    expectThat(ids.size === 1 && !ids.has(undefined), `reservations: one Idempotency-Key sent 6 times at once answered ${ids.size} reservations: ${replays.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join(" | ")}`);
    expectThat(replays.every((a) => a.status === 201 || a.status === 202) && replays.some((a) => a.status === 201), `reservations: one Idempotency-Key sent 6 times answered ${replays.map((a) => a.status).join(", ")} (201, or 202 while the first is paying)`);
    if (query) {
      const [{ n }] = await rows(`select count(*)::int as n from reservations where idempotency_key = '${sameKey}'`);
      expectThat(Number(n) === 1, `reservations: one Idempotency-Key stored ${n} reservations`);
      expectThat((await heldOf(carB)) === 1, `reservations: ${await heldOf(carB)} held reservations of ${carB} stored (1 expected)`);
    }

    // 3. The buyer cancels four times at once, a stranger twice (no cookie, another's), another site once, while four new buyers reserve the car.
    const strangerCookie = `fc_reservation_${winner}=${randomBytes(32).toString("base64url")}`;
    const third = [
      ...Array.from({ length: 4 }, () => cancel(winner, { cookie: winnerCookie })),
      cancel(winner, {}),
      cancel(winner, { cookie: strangerCookie }),
      cancel(winner, { cookie: winnerCookie, origin: "http://evil.test" }),
      ...Array.from({ length: 4 }, (_, k) => reserve(carA, `race-${run}-c${k}`)),
    ];
    const thirdAnswers = await all("reservations: cancels racing new reservations", third);
    thirdAnswers.slice(0, 4).forEach((a) => expectThat(a.status === 200 && parse(a).status === "cancelled", `reservations: the buyer's cancel answered ${a.status} ${a.text.slice(0, 200)}`));
    thirdAnswers.slice(4, 6).forEach((a) => expectThat(a.status === 403 && parse(a).message === NOT_THE_BUYER, `reservations: a stranger's cancel answered ${a.status} ${a.text.slice(0, 200)}`));
    expectThat(thirdAnswers[6].status === 403 && parse(thirdAnswers[6]).message === CROSS_SITE_REFUSED, `reservations: a cross-site cancel answered ${thirdAnswers[6].status} ${thirdAnswers[6].text.slice(0, 200)}`);
    const creates = thirdAnswers.slice(7);
    creates.forEach((a) => expectThat(a.status === 201 || refusedCreate(a), `reservations: a reservation racing the cancel answered ${a.status} ${a.text.slice(0, 200)}`));
    const heldAgain = creates.filter((a) => a.status === 201);
    expectThat(heldAgain.length <= 1, `reservations: the released car was held ${heldAgain.length} times by 4 buyers at once`);
    // Cancelled stays cancelled: asked again, and as stored.
    const again = await one("reservations: cancel again", cancel(winner, { cookie: winnerCookie }));
    expectThat(again.status === 200 && parse(again).status === "cancelled", `reservations: a cancelled reservation cancelled again answered ${again.status} ${again.text.slice(0, 200)}`);
    if (query) {
      const [r] = await rows(`select status, released_at is not null as released from reservations where id = '${winner}'`);
      expectThat(r?.status === "cancelled" && r?.released === true, `reservations: the cancelled reservation is stored as ${JSON.stringify(r)}`);
      expectThat((await heldOf(carA)) === heldAgain.length, `reservations: ${await heldOf(carA)} held reservations of ${carA} stored (${heldAgain.length} answered held)`);
    }

    // The cars are released again for the specs after this one: the new hold of car A, and car B's (its cookie from a retry: the concurrent replays replaced each other's).
    const releases: FuzzRequest[] = heldAgain.map((a) => {
      const id = String(parse(a).reservation_id);
      return cancel(id, { cookie: ownerCookie(a, id) ?? "" });
    });
    const retry = await one("reservations: a retry", reserve(carB, sameKey));
    const idB = String(parse(retry).reservation_id);
    releases.push(cancel(idB, { cookie: ownerCookie(retry, idB) ?? "" }));
    const released = await all("reservations: release", releases);
    released.forEach((a) => expectThat(a.status === 200 && parse(a).status === "cancelled", `reservations: the release answered ${a.status} ${a.text.slice(0, 200)}`));
    if (query) expectThat((await heldOf(carA)) + (await heldOf(carB)) === 0, `reservations: holds left on ${carA} or ${carB} after their buyers cancelled`);
  });

  // ---- service bookings ----
  await section("service bookings", async () => {
    const host = `${SERVICE_SITE}.localhost:${port}`;
    const spec = serviceBookingSpec(tenant(SERVICE_SITE));
    const url = `http://${host}/service`;
    const vehicle: ServiceValues = { rego: "RACE01", state: "QLD", vehicle_make: "Mazda", vehicle_model: "CX-5", vehicle_year: "2020" };
    const step = (values: ServiceValues, leadId: string | undefined, headers: Record<string, string>, key = `race-svc-${randomBytes(6).toString("hex")}`): FuzzRequest => ({
      label: `service step${leadId ? ` of ${leadId}` : ""} as ${values.first_name}`, method: "POST", host, path: "/api/leads",
      headers: { "content-type": "application/json", origin: `http://${host}`, "idempotency-key": key, ...headers },
      body: JSON.stringify(buildServiceLead(spec, values, { last: false, leadId, url })),
    });
    const key = `race-svc-first-${randomBytes(6).toString("hex")}`;
    const firsts = await all("service: first step six times with one key", Array.from({ length: 6 }, () => step(BUYER, undefined, {}, key)));
    const leadIds = new Set(firsts.map((a) => parse(a).lead_id));
    expectThat(firsts.every((a) => a.status === 200 && typeof parse(a).lead_token === "string"), `service: the first step sent 6 times at once answered ${firsts.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join(" | ")}`);
    expectThat(leadIds.size === 1, `service: one Idempotency-Key sent 6 times at once made ${leadIds.size} bookings`);
    if (firsts.some((a) => a.status !== 200)) return;
    const leadId = String(firsts[0].status === 200 ? parse(firsts[0]).lead_id : "");
    if (query) {
      const [{ n }] = await rows(`select count(*)::int as n from leads where idempotency_key = '${key}'`);
      expectThat(Number(n) === 1, `service: one Idempotency-Key stored ${n} bookings`);
    }
    // Which of the concurrent tokens is the booking's is a matter of timing: a retry (the same key) gives the one that is.
    const retry = await one("service: retry of the first step", step(BUYER, undefined, {}, key));
    const token = String(parse(retry).lead_token);
    const replaced = String(parse(firsts[0]).lead_token);
    const later = [
      ...Array.from({ length: 4 }, (_, k) => step({ ...BUYER, ...vehicle, vehicle_year: String(2016 + k) }, leadId, { "lead-token": token })),
      step({ ...STRANGER, ...vehicle }, leadId, {}),
      step({ ...STRANGER, ...vehicle }, leadId, { "lead-token": replaced }),
      step({ ...STRANGER, ...vehicle }, leadId, { "lead-token": randomBytes(32).toString("base64url") }),
      step({ ...STRANGER, ...vehicle }, leadId, { "lead-token": "" }),
    ];
    const laterAnswers = await all("service: later steps, the visitor's and a stranger's", later);
    laterAnswers.slice(0, 4).forEach((a) => expectThat(a.status === 200 && parse(a).lead_id === leadId, `service: the visitor's later step answered ${a.status} ${a.text.slice(0, 200)}`));
    laterAnswers.slice(4).forEach((a) => expectThat(a.status === 403 && parse(a).error === NOT_YOUR_BOOKING, `service: a stranger's later step answered ${a.status} ${a.text.slice(0, 200)}`));
    // The booking's contact is still the visitor's: as stored, and as the dealer's inbox shows it.
    if (query) {
      const [r] = await rows(`select payload->'fields'->>'first_name' as first_name, payload->'fields'->>'email' as email from leads where id = '${leadId}'`);
      expectThat(r?.first_name === BUYER.first_name && r?.email === BUYER.email, `service: the booking's contact is stored as ${JSON.stringify(r)}`);
    }
    const inbox = await one("service: the inbox's page of the booking", { label: "admin lead", method: "GET", host: `localhost:${port}`, path: `/admin/tenants/${SERVICE_SITE}/leads/${leadId}`, headers: { cookie: server.staffCookie } }, 4 * 1024 * 1024);
    expectThat(inbox.status === 200, `service: the inbox's page of the booking answered ${inbox.status}`);
    // The page shows the booking as its last step left it (the later steps' registration), so a contact they replaced would show.
    expectThat(inbox.text.includes(vehicle.rego as string) && inbox.text.includes(BUYER.email), `service: the inbox's page does not show the booking's registration and the visitor's e-mail`);
    expectThat(!inbox.text.includes(STRANGER.email) && !inbox.text.includes(STRANGER.first_name), `service: the inbox shows the stranger's contact`);
  });

  // ---- trade-in pictures ----
  await section("trade-in pictures", async () => {
    const host = `${TRADE_IN_SITE}.localhost:${port}`;
    const origin = `http://${host}`;
    const started = await one("trade-in: enter-vin", {
      label: "enter-vin", method: "POST", host, path: "/api/eval-expert/enter-vin", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ rego: "1DMX452", state: "WA" }),
    });
    const visitor = cookieOf(started, "fc_tradein_visitor");
    const evalId = (JSON.parse(started.text) as { EvalID?: string }[])[0]?.EvalID;
    if (started.status !== 200 || !visitor || !evalId) throw new Error(`enter-vin answered ${started.status} ${started.text.slice(0, 200)}`);
    const pictures = await Promise.all(Array.from({ length: 12 }, (_, k) => png(k)));
    const upload = (n: number): FuzzRequest => {
      const m = multipart({ evalid: evalId }, { name: `race-${n}.png`, type: "image/png", data: pictures[n] });
      return { label: `trade-in picture ${n}`, method: "POST", host, path: "/api/eval-expert/image-upload", headers: { "content-type": m.type, origin, cookie: visitor }, body: m.body };
    };
    // Six of picture 0 (first, and among the last, so some are likely kept and some too late) and one each of 1 to 10: sixteen for ten places.
    const sent = [0, 1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 0, 0, 0, 0];
    const answers = await all("trade-in: 16 pictures at once for 10 places", sent.map(upload));
    const kept = answers.filter((a) => a.status === 200);
    expectThat(kept.length === 10, `trade-in: ${kept.length} of 16 pictures sent at once were kept (10 places): ${answers.map((a) => a.status).join(", ")}`);
    answers.forEach((a) => expectThat(a.status === 200 || (a.status === 409 && parse(a).message === TOO_MANY_IMAGES_MESSAGE), `trade-in: a picture answered ${a.status} ${a.text.slice(0, 200)}`));
    expectThat(Math.max(0, ...kept.map((a) => Number(parse(a).count))) === kept.length, `trade-in: the counts answered were ${kept.map((a) => parse(a).count).join(", ")}`);
    const eleventh = await one("trade-in: one more picture", upload(11));
    expectThat(eleventh.status === 409 && parse(eleventh).message === TOO_MANY_IMAGES_MESSAGE, `trade-in: the picture after the tenth answered ${eleventh.status} ${eleventh.text.slice(0, 200)}`);
    // Every upload kept is a file on disk (one per upload: the same picture kept twice is two), and nothing else.
    const dir = join(server.dataDir, "trade-in", TRADE_IN_SITE, evalId);
    const files = filesUnder(dir);
    if (process.env.RACE_DEBUG) console.log(sent.map((n, k) => `${n}:${answers[k].status}`).join(" "), files);
    expectThat(files.length === kept.length, `trade-in: ${files.length} files in ${dir} for ${kept.length} uploads kept: ${files.join(", ")}`);
    if (query) {
      const [r] = await rows(`select images from trade_in_evaluations where id = '${evalId}'`);
      const images = (r?.images ?? []) as { path: string }[];
      expectThat(images.length === 10, `trade-in: the evaluation stores ${images.length} pictures (10 expected)`);
      const missing = images.filter((i) => !existsSync(join(server.dataDir, i.path)));
      expectThat(missing.length === 0, `trade-in: pictures the evaluation lists are not on disk: ${missing.map((i) => i.path).join(", ")}`);
    }
  });

  // ---- the admin's picture library ----
  await section("admin picture library", async () => {
    const admin = `localhost:${port}`;
    const same = await png(100 + (Date.now() % 1000));
    const others = await Promise.all([png(2001), png(2002)]);
    const upload = (data: Buffer): FuzzRequest => ({
      label: "library upload", method: "POST", host: admin, path: `/api/admin/tenants/${LIBRARY_SITE}/uploads`, headers: { "content-type": "image/png", origin: `http://${admin}`, cookie: server.staffCookie }, body: data,
    });
    const answers = await all("library: one picture six times at once, two others", [...Array.from({ length: 6 }, () => upload(same)), ...others.map(upload)]);
    answers.forEach((a) => expectThat(a.status === 201, `library: an upload answered ${a.status} ${a.text.slice(0, 200)}`));
    const entries = answers.slice(0, 6).map((a) => parse(a));
    const ids = new Set(entries.map((e) => e.id));
    expectThat(ids.size === 1 && new Set(entries.map((e) => e.src)).size === 1, `library: one picture uploaded 6 times at once answered ${ids.size} entries: ${[...ids].join(", ")}`);
    const src = String(entries[0].src);
    const library = await one("library: list", { label: "media", method: "GET", host: admin, path: `/api/admin/tenants/${LIBRARY_SITE}/media`, headers: { cookie: server.staffCookie } });
    const media = (parse(library).media ?? []) as { id: number; src?: string; file?: string }[];
    const listed = media.filter((m) => m.id === entries[0].id);
    expectThat(listed.length === 1, `library: the picture uploaded 6 times is listed ${listed.length} times: ${library.text.slice(0, 300)}`);
    const file = src.split("/").pop()!;
    expectThat(existsSync(join(server.dataDir, "uploads", LIBRARY_SITE, file)), `library: ${src} is not on disk`);
    if (query) {
      const [{ n }] = await rows(`select count(*)::int as n from site_media where tenant_slug = '${LIBRARY_SITE}' and file = '${file}'`);
      expectThat(Number(n) === 1, `library: ${n} entries stored for one picture`);
    }
  });

  // No temporary file of an upload is left behind (server/media/atomic-write.ts writes {file}.{pid}.{random}.tmp, then renames it).
  const temporary = [...filesUnder(join(server.dataDir, "uploads")), ...filesUnder(join(server.dataDir, "trade-in"))].filter((f) => /\.tmp$/.test(f));
  expectThat(temporary.length === 0, `temporary files left: ${temporary.join(", ")}`);
  return out;
}

export function reportRaces(name: string, o: RaceOutcome) {
  const statuses = [...o.statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(" ");
  console.log(`[fuzz races ${name}] ${o.sent} requests; statuses ${statuses}; ${o.failures.length} failures`);
  for (const f of o.failures.slice(0, 40)) console.log(`  ${f}`);
}

/** A staff session for the races, signed in from a client address of its own. */
export async function signInStaff(port: number): Promise<string> {
  const admin = `localhost:${port}`;
  const a = await send(port, {
    label: "races sign-in", method: "POST", host: admin, path: "/api/admin/sign-in", client: "198.19.0.1",
    headers: { "content-type": "application/json", origin: `http://${admin}` }, body: JSON.stringify({ email: "staff@forecourt.test", password: "forecourt-staff-demo" }),
  });
  const cookie = cookieOf(a, "fc_admin");
  if (a.status !== 200 || !cookie) throw new Error(`staff sign-in answered ${a.status} ${a.text.slice(0, 200)}`);
  return cookie;
}
