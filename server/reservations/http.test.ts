import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, pgliteDatabase, withTestDatabase } from "../../tests/databases";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import type { DbHandle } from "../db";
import { leadDeliveries, reservations } from "../db/schema";
import { withErrors, type SiteContext } from "../http/site-route";
import { upsertVehicle } from "../inventory/store";
import { createTenant, publish } from "../tenants/store";
import { smsProvider } from "../sms/provider";
import { CARD_MESSAGES } from "../../domain/payment-card";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter } from "../http/rate-limit";
import { OutboxWorker, type EmailMessage } from "../leads/outbox";
import { handleCancel, handleChallenge, handleOpen, handleReserve, RESERVATIONS_BUSY, RESERVE_LIMITS } from "./http";
import { answerOf } from "../http/endpoint";
import { createHash } from "node:crypto";
import { challengeOffer, solveChallenge } from "../../domain/challenge";
import { CHALLENGE_BASE_BITS, CHALLENGE_HEADER, CHALLENGE_MESSAGES } from "../http/challenge";
import { RESERVE_SIGN_IN_REQUIRED as SIGN_IN_REQUIRED } from "../../domain/gated-routes";
import { NOT_THE_BUYER } from "./service";
import { reservationLinkKey } from "./owner";
import { CROSS_SITE_REFUSED } from "../admin/csrf";
import { createSession, upsertSiteUser } from "../auth/sessions";
import type { TenantDocument } from "../../schemas/generated/tenant";

const tenant = inventoryTenant("alpha");
tenant.features.reserveOnline = { enabled: true, route: "checkout", deposit: 200, holdHours: 48 };

const body = (slug: string, over: Record<string, unknown> = {}) => ({
  car: slug,
  contact: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", phone: "0400 000 000" },
  card: { number: "4242424242424242", expiry: "12/30", cvc: "123" },
  ...over,
});
let n = 0;
const post = (b: unknown, headers: Record<string, string> = {}) =>
  new Request("http://alpha.localhost/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": `http-test-${++n}`, ...headers },
    body: typeof b === "string" ? b : JSON.stringify(b),
  });

describe("reservation endpoints", () => {
  let h: DbHandle;
  let slug = "";
  const db = withTestDatabase(pgliteDatabase, async (handle) => {
    h = handle;
    await createTenant(h.db, tenant, "test");
    await publish(h, "alpha", { actor: "test" });
    slug = (await upsertVehicle(h.db, feedVehicle("h1"))).vehicle.slug;
  });
  const ctx = (): SiteContext => ({ db: h.db, tenant, sms: smsProvider(h.db) });
  // Each test file run has its own limiter: the card-attempt limit is tested on its own below.
  const limiter = new MemoryRateLimiter();
  const reserve = (req: Request) => answerOf(() => handleReserve(req, ctx(), { limiter }));

  it("hostile bodies and headers are 4xx with a message; nothing is reserved", async (t) => {
    db.need(t);
    const cases: [Request, number, string | RegExp][] = [
      [post(body(slug), { "idempotency-key": "" }), 400, /Idempotency-Key header is required/],
      [post(body(slug), { "idempotency-key": "bad key\u0001" }), 400, /Idempotency-Key header must be/],
      [post("{not json"), 400, /JSON/],
      [post("[1,2]"), 400, /object/],
      [post("9".repeat(400)), 400, /object/],
      [post(JSON.parse(`{"a":${"[".repeat(100)}${"]".repeat(100)}}`)), 400, /nested too deeply/],
      [post(body("../../etc/passwd")), 400, /slug/],
      [post(body(slug, { kind: "steal" })), 400, /"kind"/],
      [post(body(slug, { contact: "Ada" })), 400, /"contact" must be an object/],
      [post(body(slug, { card: [1] })), 400, /"card" must be an object/],
      [post(body(slug, { contact: { first_name: "\ud800", email: "not-an-email", phone: "x".repeat(5000) } })), 422, /Please fix the following errors/],
      [post(body(slug, { card: { number: 4242424242424242, expiry: 1230, cvc: 123 } })), 422, CARD_MESSAGES.numberMissing],
      [post(body(slug, { card: { number: "4242424242424241", expiry: "12/30", cvc: "123" } })), 422, CARD_MESSAGES.numberInvalid],
      [post(body("no-such-car")), 404, /no such car/],
      [post(body(slug, { kind: "purchase" })), 422, /Choose how you will pay/],
      [post("x".repeat(20_000)), 413, /too large/],
    ];
    for (const [req, status, message] of cases) {
      const res = await reserve(req);
      const answer = await res.json();
      expect([res.status, answer.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await h.db.select().from(reservations).where(eq(reservations.status, "held"))).toEqual([]);
  });

  it("field errors are named as the form names them", async (t) => {
    db.need(t);
    const res = await reserve(post(body(slug, { contact: { first_name: "", email: "x" }, card: { number: "", expiry: "01/20", cvc: "1" } })));
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(Object.keys(errors).sort()).toEqual(["card.cvc", "card.expiry", "card.number", "email", "first_name", "last_name", "phone"]);
    expect(errors["card.expiry"]).toBe(CARD_MESSAGES.expiryPast);
  });

  it("the 11th card attempt from one client in 10 minutes is 429 with when to try again; another client still pays", async (t) => {
    db.need(t);
    const own = new MemoryRateLimiter();
    const attempt = (client: string) =>
      answerOf(() => handleReserve(post(body(slug, { card: { number: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" } }), { [CLIENT_ADDRESS_HEADER]: client }), ctx(), { limiter: own }));
    for (let i = 0; i < RESERVE_LIMITS.perClient.limit; i++) expect((await attempt("203.0.113.9")).status).toBe(402);
    const limited = await attempt("203.0.113.9");
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/^Too many payment attempts were made from here in a short time\. Please try again in \d+ seconds\.$/);
    expect((await attempt("198.51.100.7")).status).toBe(402);
    // Nothing was held by any of them.
    expect((await h.db.select().from(reservations).where(eq(reservations.status, "held"))).length).toBe(0);
  });

  it("card attempts count per network too; past the site's cap a browser check, accepted once, instead of a refusal for everyone", async (t) => {
    db.need(t);
    const own = new MemoryRateLimiter();
    const limits = { ...RESERVE_LIMITS, perSite: { limit: 4, windowMs: 60 * 60_000 } };
    const attempt = (client: string, headers: Record<string, string> = {}) =>
      answerOf(() =>
        handleReserve(post(body(slug, { card: { number: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" } }), { [CLIENT_ADDRESS_HEADER]: client, ...headers }), ctx(), { limiter: own, limits }),
      );
    // One /24's 30 attempts (3 addresses × 10); its 31st, from a fresh address of it, is refused. Not counted by the site.
    const own24 = new MemoryRateLimiter();
    const net = (i: number) => answerOf(() => handleReserve(post(body(slug, { card: { number: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" } }), { [CLIENT_ADDRESS_HEADER]: `203.0.113.${i}` }), ctx(), { limiter: own24 }));
    for (let i = 0; i < RESERVE_LIMITS.perNetwork.limit; i++) expect((await net(1 + Math.floor(i / 10))).status).toBe(402);
    const netLimited = await net(200);
    expect(netLimited.status).toBe(429);
    expect((await netLimited.json()).message).toMatch(/^Too many payment attempts were made from here in a short time\. Please try again in \d+ seconds\.$/);
    // The site's 4 from four networks; the fifth visitor is asked for the browser check, not refused.
    for (let i = 1; i <= 4; i++) expect((await attempt(`198.51.${i}.7`)).status).toBe(402);
    const checked = await attempt("192.0.2.50");
    expect(checked.status).toBe(429);
    expect(checked.headers.get("retry-after")).toMatch(/^\d+$/);
    const answer = await checked.json();
    expect(answer.message).toBe(RESERVATIONS_BUSY);
    const offer = challengeOffer(answer);
    expect(offer?.difficulty).toBe(CHALLENGE_BASE_BITS);
    const solution = await solveChallenge(offer!, async (data) => new Uint8Array(createHash("sha256").update(data).digest()));
    expect((await attempt("192.0.2.50", { [CHALLENGE_HEADER]: solution })).status).toBe(402);
    const replay = await attempt("192.0.2.50", { [CHALLENGE_HEADER]: solution });
    expect(replay.status).toBe(403);
    expect((await replay.json()).message).toBe(CHALLENGE_MESSAGES.used);
    // Another client cannot use it.
    const other = await attempt("192.0.2.51", { [CHALLENGE_HEADER]: solution });
    expect((await other.json()).message).toBe(CHALLENGE_MESSAGES.forged);
  });

  it("a declined card is 402 with the gateway's message; 4242 is 201 with the confirmation; then the car is 409; cancel is 200", async (t) => {
    db.need(t);
    const declined = await reserve(post(body(slug, { card: { number: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" } })));
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ status: "declined", message: "Your card was declined." });
    const ok = await reserve(post(body(slug)));
    expect(ok.status).toBe(201);
    const held = await ok.json();
    expect(held).toMatchObject({ status: "held", payment_reference: expect.stringMatching(/^pay_/), confirmation_url: `/cars/${slug}/reservation/${held.reservation_id}` });
    const again = await reserve(post(body(slug)));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This car is already reserved. Another buyer has reserved this car with a deposit. It may become available again if their hold ends.");
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^fc_reservation_${held.reservation_id}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax$`));
    const cancel = (id: string) =>
      withErrors((req, c) => handleCancel(req, c, id), new Request("http://alpha.localhost/x", { method: "POST", headers: { host: "alpha.localhost", origin: "http://alpha.localhost", cookie: cookie.split(";")[0] } }), ctx());
    expect((await cancel("nope")).status).toBe(404);
    expect((await cancel("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const done = await cancel(held.reservation_id);
    expect(done.status).toBe(200);
    expect((await done.json()).status).toBe("cancelled");
  });

  it("the 3-D Secure page: GET shows it, a wrong token is 404, POST answers and redirects to the confirmation", async (t) => {
    db.need(t);
    const res = await reserve(post(body(slug, { card: { number: "4000 0027 6000 3184", expiry: "12/30", cvc: "123" } })));
    expect(res.status).toBe(200);
    const { redirect_url, reservation_id } = await res.json();
    const [path, query] = redirect_url.split("?");
    const id = path.split("/").pop();
    const challenge = (req: Request) => withErrors((r, c) => handleChallenge(r, c, id), req, ctx());
    const page = await challenge(new Request(`http://alpha.localhost${redirect_url}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Complete authentication");
    expect((await challenge(new Request(`http://alpha.localhost${path}?token=wrongwrongwrong`))).status).toBe(404);
    const form = (outcome: string, token = new URLSearchParams(query).get("token")!) =>
      new Request(`http://alpha.localhost${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, outcome }).toString() });
    expect((await challenge(form("maybe"))).status).toBe(400);
    const done = await challenge(form("complete"));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/cars/${slug}/reservation/${reservation_id}`);
    expect((await challenge(form("complete"))).status).toBe(404);
  });
});

/** Cancel's request as a browser sends it: from `origin`, with the cookies it holds for the site. */
const cancelRequest = (id: string, headers: Record<string, string>, body?: string) =>
  new Request(`http://alpha.localhost/api/reservations/${id}/cancel`, { method: "POST", headers: { host: "alpha.localhost", ...headers }, body });

describe.each(backends)("what a buyer starts, only the buyer changes, on %s", (_name, make) => {
  let h: DbHandle;
  const slugs: string[] = [];
  const db = withTestDatabase(make, async (handle) => {
    h = handle;
    await createTenant(h.db, tenant, "test");
    await publish(h, "alpha", { actor: "test" });
    for (const id of ["o1", "o2", "o3"]) slugs.push((await upsertVehicle(h.db, feedVehicle(id))).vehicle.slug);
  });
  const ctx = (doc: TenantDocument = tenant): SiteContext => ({ db: h.db, tenant: doc, sms: smsProvider(h.db) });
  const limiter = new MemoryRateLimiter();
  const reserve = (req: Request, doc?: TenantDocument) => answerOf(() => handleReserve(req, ctx(doc), { limiter }));
  const cancel = (id: string, req: Request) => answerOf(() => handleCancel(req, ctx(), id));
  const status = async (id: string) => (await h.db.select().from(reservations).where(eq(reservations.id, id)))[0].status;

  it("the buyer is e-mailed a link that opens the reservation in any browser, where it can be cancelled; a wrong key opens nothing", async (t) => {
    db.need(t);
    const ok = await reserve(post(body(slugs[2]), { host: "alpha.localhost:3000" }));
    expect(ok.status).toBe(201);
    const { reservation_id: id } = await ok.json();
    const [row] = await h.db.select().from(reservations).where(eq(reservations.id, id));
    const mails = await h.db.select().from(leadDeliveries).where(and(eq(leadDeliveries.leadId, row.leadId!), eq(leadDeliveries.channel, "buyer")));
    expect(mails).toHaveLength(1);
    const key = reservationLinkKey(id);
    expect(mails[0]).toMatchObject({ target: "ada@example.com", status: "pending", subject: expect.stringContaining("your reservation of the") });
    const link = `http://alpha.localhost:3000/api/reservations/${id}/open?key=${key}`;
    expect(mails[0].body).toContain(`Hi Ada,\n\nYour car is reserved: `);
    expect(mails[0].body).toContain(`To see your reservation, or to cancel it while it is held, open:\n${link}\n`);
    // The outbox sends it to the buyer by e-mail.
    const sent: EmailMessage[] = [];
    await new OutboxWorker(h.db, { senders: { email: async (m) => void sent.push(m), adf: async () => {} }, log: () => {} }).runOnce();
    expect(sent.filter((m) => m.to === "ada@example.com")).toEqual([{ to: "ada@example.com", subject: mails[0].subject, text: mails[0].body }]);
    const open = (url: string) => answerOf(() => handleOpen(new Request(url, { headers: { host: "alpha.localhost:3000" } }), ctx(), url.split("/")[5]));
    // A wrong key, or none: to the page (which shows a stranger nothing), no cookie.
    for (const wrong of [`?key=${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`, "?key=", ""]) {
      const res = await open(`http://alpha.localhost:3000/api/reservations/${id}/open${wrong}`);
      expect([res.status, res.headers.get("location"), res.headers.get("set-cookie")]).toEqual([303, `/cars/${slugs[2]}/reservation/${id}`, null]);
    }
    expect((await open(`http://alpha.localhost:3000/api/reservations/00000000-0000-4000-8000-000000000000/open?key=${key}`)).status).toBe(404);
    const opened = await open(link);
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get("set-cookie")!;
    expect(cookie).toBe(`fc_reservation_${id}=${key}; Path=/; Max-Age=7776000; HttpOnly; SameSite=Lax`);
    // Another reservation's key is not this one's.
    expect((await cancel(id, cancelRequest(id, { origin: "http://alpha.localhost", cookie: `fc_reservation_${id}=${reservationLinkKey(slugs[0])}` }))).status).toBe(403);
    const done = await cancel(id, cancelRequest(id, { origin: "http://alpha.localhost", cookie: cookie.split(";")[0] }));
    expect([done.status, (await done.json()).status]).toEqual([200, "cancelled"]);
    // The buyer's confirmation is not the dealer's delivery: not resent, not in the lead's status.
    expect(await status(id)).toBe("cancelled");
  });

  it("cancel: another site's text/plain form or fetch is refused, a stranger with the id is refused, the buyer's browser cancels", async (t) => {
    db.need(t);
    const ok = await reserve(post(body(slugs[0])));
    expect(ok.status).toBe(201);
    const { reservation_id: id } = await ok.json();
    const buyer = ok.headers.get("set-cookie")!.split(";")[0];
    // Another site's page, even carrying the buyer's cookie (a browser would not send a Lax cookie there).
    for (const headers of <Record<string, string>[]>[
      { origin: "https://evil.example", "content-type": "text/plain", cookie: buyer },
      { origin: "null", cookie: buyer },
      { "sec-fetch-site": "cross-site", cookie: buyer },
      { cookie: buyer },
    ]) {
      const res = await cancel(id, cancelRequest(id, headers, "{}"));
      expect([res.status, (await res.json()).message]).toEqual([403, CROSS_SITE_REFUSED]);
    }
    // From the site's own page, but not the buyer: no cookie, a made-up one, another reservation's, a signed-in stranger.
    const other = await reserve(post(body(slugs[1])));
    const otherCookie = other.headers.get("set-cookie")!.split(";")[0].replace(/^fc_reservation_[^=]+/, `fc_reservation_${id}`);
    const stranger = await createSession(h.db, (await upsertSiteUser(h.db, "alpha", "+61400000009")).id);
    for (const cookie of ["", `fc_reservation_${id}=${"A".repeat(43)}`, otherCookie, `fc_session=${stranger.token}`, `fc_reservation_${id}=%ZZ`]) {
      const res = await cancel(id, cancelRequest(id, { origin: "http://alpha.localhost", cookie }));
      expect([res.status, (await res.json()).message]).toEqual([403, NOT_THE_BUYER]);
    }
    expect(await status(id)).toBe("held");
    const done = await cancel(id, cancelRequest(id, { "sec-fetch-site": "same-origin", cookie: buyer }));
    expect([done.status, (await done.json()).status]).toEqual([200, "cancelled"]);
    expect(await status(id)).toBe("cancelled");
  });

  it("a site that gates checkout: an anonymous POST is 401 naming sign-in and holds nothing; a signed-in visitor reserves", async (t) => {
    db.need(t);
    const gated = structuredClone(tenant);
    gated.features.auth = { ...gated.features.auth, enabled: true, gatedRoutes: ["checkout"] } as TenantDocument["features"]["auth"];
    const before = (await h.db.select().from(reservations)).length;
    for (const kind of ["reserve", "purchase"]) {
      const res = await reserve(post(body(slugs[2], { kind })), gated);
      expect([res.status, (await res.json()).message]).toEqual([401, SIGN_IN_REQUIRED]);
    }
    const made = await createSession(h.db, (await upsertSiteUser(h.db, "alpha", "+61400000010")).id);
    expect((await reserve(post(body(slugs[2]), { cookie: "fc_session=not-a-session" }), gated)).status).toBe(401);
    expect((await h.db.select().from(reservations)).length).toBe(before);
    expect(SIGN_IN_REQUIRED).toMatch(/^Sign in to reserve this car/);
    const res = await reserve(post(body(slugs[2]), { cookie: `fc_session=${made.token}` }), gated);
    expect(res.status).toBe(201);
    const { reservation_id } = await res.json();
    const [row] = await h.db.select().from(reservations).where(eq(reservations.id, reservation_id));
    expect([row.status, row.userId]).toEqual(["held", expect.any(Number)]);
  });
});
