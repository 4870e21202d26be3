import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { backends, withTestDatabase } from "../../tests/databases";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { DbHandle } from "../db";
import { authCodes, siteSessions, siteUsers, smsOutbox } from "../db/schema";
import { EmbeddedSmsProvider, type SmsMessage, type SmsProvider } from "../sms/provider";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import { MemoryRateLimiter, type RateLimiter } from "../http/rate-limit";
import { CODE_REQUEST_LIMITS, codeMatches, hashCode, MAX_ATTEMPTS, MAX_CODES_PER_WINDOW, requestCode, verifyCode } from "./codes";
import { CHALLENGE_BASE_BITS, CHALLENGE_HEADER, CHALLENGE_MESSAGES, resetChallengeSecret } from "../http/challenge";
import { challengeOffer, solveChallenge } from "../../domain/challenge";
import { withErrors, type SiteContext } from "../http/site-route";
import { CODES_BUSY, handleRequestCode, handleSignOut, handleVerifyCode, NUMBER_BUSY } from "./http";
import { createSession, requestUser, SESSION_COOKIE, sessionToken, sessionUser, upsertSiteUser } from "./sessions";

/** Keeps every message, for reading the code. */
class CapturingSms implements SmsProvider {
  readonly name = "capture";
  sent: SmsMessage[] = [];
  async send(m: SmsMessage) {
    this.sent.push(m);
  }
  lastCode() {
    return /^(\d{6}) /.exec(this.sent.at(-1)!.body)![1];
  }
}

export function authTenant(slug = "alpha", locale: "en-AU" | "en-NZ" = "en-AU", auth = true): TenantDocument {
  return {
    identity: { slug, name: "Alpha Motors", locale },
    features: { watchlist: true, auth: { enabled: auth } },
    dealerships: [{ id: 1, slug: `${slug}-sales`, name: "Alpha Sales" }],
  } as unknown as TenantDocument;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://alpha.localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("code hashing", () => {
  it("stores a salted hash, never the code, and compares it", () => {
    const a = hashCode("123456");
    const b = hashCode("123456");
    expect(a).not.toContain("123456");
    expect(a).not.toBe(b);
    expect(codeMatches("123456", a)).toBe(true);
    expect(codeMatches("123457", a)).toBe(false);
  });
});

describe("session cookie parsing", () => {
  it("finds the token among other cookies", () => {
    expect(sessionToken(`a=1; ${SESSION_COOKIE}=abc%2Bd; b=2`)).toBe("abc+d");
    expect(sessionToken(null)).toBeNull();
  });
});

// The key the handlers sign challenges with (else one is made in DATA_DIR).
beforeAll(() => {
  vi.stubEnv("FORECOURT_SECRET", "auth-test-secret");
  resetChallengeSecret();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetChallengeSecret();
});

/** A challenge answer's solution, found with Node's SHA-256 (the browser's solver has its own test). */
async function solved(res: Response): Promise<string> {
  const offer = challengeOffer(await res.json());
  if (!offer) throw new Error("no challenge in the answer");
  return solveChallenge(offer, async (data) => new Uint8Array(createHash("sha256").update(data).digest()));
}

describe.each(backends)("sign-in on %s", (_name, make) => {
  let h: DbHandle;
  const sms = new CapturingSms();
  const t0 = new Date("2026-05-01T00:00:00Z");
  const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
  const { need } = withTestDatabase(make, (opened) => (h = opened));
  // A fresh limiter per call unless one is given: these tests are about codes, the limits test shares one.
  const ctx = (now: Date, tenant = authTenant(), limiter: RateLimiter = new MemoryRateLimiter()): SiteContext => ({ db: h.db, tenant, sms, now, limiter });

  it("sends a 6-digit code, stored hashed, valid for 10 minutes", async (c) => {
    need(c);
    const r = await requestCode(h.db, { site: "alpha", siteName: "Alpha Motors", phone: "+61412000001", sms, now: t0 });
    const code = sms.lastCode();
    expect(r).toEqual({ ok: true, expiresAt: at(10), code });
    expect(sms.sent.at(-1)).toMatchObject({ site: "alpha", to: "+61412000001" });
    expect(sms.sent.at(-1)!.body).toBe(`${code} is your Alpha Motors sign-in code. It expires in 10 minutes.`);
    const [row] = await h.db.select().from(authCodes).where(eq(authCodes.phone, "+61412000001"));
    expect(row.codeHash).not.toContain(code);
    expect(await verifyCode(h.db, { site: "alpha", phone: "+61412000001", code, now: at(10) })).toEqual({ ok: false, reason: "expired" });
  });

  it("accepts the right code once, within 10 minutes, on its own site only", async (c) => {
    need(c);
    await requestCode(h.db, { site: "alpha", siteName: "A", phone: "+61412000002", sms, now: t0 });
    const code = sms.lastCode();
    expect(await verifyCode(h.db, { site: "beta", phone: "+61412000002", code, now: at(1) })).toEqual({ ok: false, reason: "no-code" });
    expect(await verifyCode(h.db, { site: "alpha", phone: "+61412000002", code, now: at(9.9) })).toEqual({ ok: true });
    expect(await verifyCode(h.db, { site: "alpha", phone: "+61412000002", code, now: at(9.9) })).toEqual({ ok: false, reason: "no-code" });
  });

  it("allows 5 attempts, then refuses even the right code", async (c) => {
    need(c);
    await requestCode(h.db, { site: "alpha", siteName: "A", phone: "+61412000003", sms, now: t0, code: "111111" });
    const tries = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) tries.push(await verifyCode(h.db, { site: "alpha", phone: "+61412000003", code: "222222", now: at(1) }));
    expect(tries.map((t) => (t.ok ? "ok" : t.reason === "wrong" ? t.attemptsLeft : t.reason))).toEqual([4, 3, 2, 1, "too-many-attempts"]);
    expect(await verifyCode(h.db, { site: "alpha", phone: "+61412000003", code: "111111", now: at(1) })).toEqual({ ok: false, reason: "too-many-attempts" });
  });

  it("sends at most 12 codes per number in 10 minutes, whoever asks (the ceiling, kept in the database)", async (c) => {
    need(c);
    const phone = "+61412000004";
    expect(MAX_CODES_PER_WINDOW).toBe(12);
    for (let m = 0; m < MAX_CODES_PER_WINDOW; m++) expect((await requestCode(h.db, { site: "alpha", siteName: "A", phone, sms, now: at(m < 3 ? m : 2) })).ok).toBe(true);
    expect(await requestCode(h.db, { site: "alpha", siteName: "A", phone, sms, now: at(5) })).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 300 });
    // Another site, or another number, is counted apart.
    expect((await requestCode(h.db, { site: "beta", siteName: "B", phone, sms, now: at(5) })).ok).toBe(true);
    expect((await requestCode(h.db, { site: "alpha", siteName: "A", phone, sms, now: at(10.01) })).ok).toBe(true);
    // Only the newest code counts.
    const newest = sms.lastCode();
    expect(await verifyCode(h.db, { site: "alpha", phone, code: newest, now: at(11) })).toEqual({ ok: true });
  });

  it("creates one user per site and number, and 30-day sessions stored hashed", async (c) => {
    need(c);
    const u1 = await upsertSiteUser(h.db, "alpha", "+61412000005", t0);
    const u2 = await upsertSiteUser(h.db, "alpha", "+61412000005", at(1));
    const other = await upsertSiteUser(h.db, "beta", "+61412000005", t0);
    expect(u2.id).toBe(u1.id);
    expect(other.id).not.toBe(u1.id);
    const { token, expiresAt } = await createSession(h.db, u1.id, t0);
    expect(expiresAt).toEqual(at(30 * 24 * 60));
    const rows = await h.db.select().from(siteSessions).where(eq(siteSessions.userId, u1.id));
    expect(rows[0].tokenHash).not.toBe(token);
    expect(await sessionUser(h.db, "alpha", token, at(60))).toEqual({ id: u1.id, site: "alpha", phone: "+61412000005" });
    expect(await sessionUser(h.db, "beta", token, at(60))).toBeNull();
    expect(await sessionUser(h.db, "alpha", token, at(30 * 24 * 60))).toBeNull();
    expect(await sessionUser(h.db, "alpha", "forged", at(1))).toBeNull();
  });

  it("signs in through the endpoints: normalised number, code, HttpOnly cookie; then signs out", async (c) => {
    need(c);
    const res = await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412 000 006" }), ctx(t0));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, phone: "+61412000006", masked: "04xx xxx 006", expiresInSeconds: 600 });
    const code = sms.lastCode();
    const wrong = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "+61 412 000 006", code: code === "000000" ? "000001" : "000000" }), ctx(at(1)));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("That code is not right. 4 tries left.");
    const ok = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0412000006", code }), ctx(at(1)));
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax$`));
    expect(cookie).not.toMatch(/Domain=/);
    const token = cookie.split(";")[0];
    const signedIn = post("/api/watchlist", {}, { cookie: token });
    expect(await requestUser(signedIn, ctx(at(2)))).toMatchObject({ phone: "+61412000006", site: "alpha" });
    const [user] = await h.db.select().from(siteUsers).where(eq(siteUsers.phone, "+61412000006"));
    expect(user.site).toBe("alpha");

    const out = await withErrors(handleSignOut, post("/api/auth/sign-out", {}, { cookie: token }), ctx(at(3)));
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await requestUser(signedIn, ctx(at(4)))).toBeNull();
  });

  it("marks the cookie Secure over https: a trusted proxy's X-Forwarded-Proto, never a visitor's own", async (c) => {
    need(c);
    const saved = process.env.TRUSTED_PROXIES;
    try {
      delete process.env.TRUSTED_PROXIES;
      await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000007" }), ctx(t0));
      const spoofed = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0412000007", code: sms.lastCode() }, { "x-forwarded-proto": "https" }), ctx(at(1)));
      expect(spoofed.status).toBe(200);
      expect(spoofed.headers.get("set-cookie")).not.toMatch(/Secure/);
      process.env.TRUSTED_PROXIES = "1";
      await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000007" }), ctx(at(2)));
      const res = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0412000007", code: sms.lastCode() }, { "x-forwarded-proto": "https" }), ctx(at(3)));
      expect(res.headers.get("set-cookie")).toMatch(/; Secure$/);
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
  });

  it("answers bad input with 400 and a message, never 500", async (c) => {
    need(c);
    const cases: [Request, string][] = [
      [post("/api/auth/request-code", "not json"), "The request body is not valid JSON."],
      [post("/api/auth/request-code", [1]), "The request body must be a JSON object."],
      [post("/api/auth/request-code", {}), "Enter a mobile number, e.g. 0412 345 678"],
      [post("/api/auth/request-code", { phone: "07 3000 1234" }), "Enter a mobile number, e.g. 0412 345 678"],
      [post("/api/auth/request-code", { phone: 412000008 }), "Enter a mobile number, e.g. 0412 345 678"],
    ];
    for (const [req, message] of cases) {
      const res = await withErrors(handleRequestCode, req, ctx(t0));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    const noCode = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0412000008", code: "12345" }), ctx(t0));
    expect(await noCode.json()).toEqual({ message: "Enter the 6-digit code from the text message." });
    const expired = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0412000008", code: "123456" }), ctx(t0));
    expect((await expired.json()).message).toBe("There is no code waiting for this number. Send a new one.");
  });

  it("explains an expired code and the number's limit from one network", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => t0.getTime()); // a still clock: Retry-After is exact however slow the run
    await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000009" }), ctx(t0, authTenant(), limiter));
    const expired = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0412000009", code: sms.lastCode() }), ctx(at(11)));
    expect(await expired.json()).toMatchObject({ message: "That code has expired. Send a new one." });
    await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000009" }), ctx(at(1), authTenant(), limiter));
    await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000009" }), ctx(at(2), authTenant(), limiter));
    const limited = await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000009" }), ctx(at(3), authTenant(), limiter));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("600");
    expect(await limited.json()).toEqual({ message: "Too many codes were sent to this number. Try again in 10 minutes." });
  });

  it("limits code requests per network (IPv4 /24, IPv6 /48); another network still gets its codes", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => t0.getTime());
    const tenant = authTenant("networks");
    const ask = (n: number, ip: string) =>
      withErrors(handleRequestCode, post("/api/auth/request-code", { phone: `04122${String(n).padStart(5, "0")}` }, { [CLIENT_ADDRESS_HEADER]: ip }), ctx(t0, tenant, limiter));
    const { perClient, perNetwork } = CODE_REQUEST_LIMITS;
    expect(perNetwork).toEqual({ limit: 20, windowMs: 600_000 });
    let n = 0;
    for (let host = 1; n < perNetwork.limit; host++) for (let i = 0; i < perClient.limit; i++) expect((await ask(n++, `198.51.100.${host}`)).status).toBe(200);
    const refused = await ask(n++, "198.51.100.250");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await refused.json()).toEqual({ message: "Too many codes were requested from your network. Try again in 10 minutes." });
    // IPv6: one /48 is one network, however many /64s it hands out.
    for (let i = 0; i < perNetwork.limit / perClient.limit; i++) for (let j = 0; j < perClient.limit; j++) expect((await ask(n++, `2001:db8:7:${i}::1`)).status).toBe(200);
    expect(await (await ask(n++, "2001:db8:7:ff::1")).json()).toEqual({ message: "Too many codes were requested from your network. Try again in 10 minutes." });
    // The next network is not held up.
    const other = await ask(n, "198.51.101.1");
    expect(other.status).toBe(200);
    const stored = await h.db.select().from(authCodes).where(eq(authCodes.site, "networks"));
    expect(stored).toHaveLength(2 * perNetwork.limit + 1);
  });

  it("a stranger asking for a number from their network does not keep its owner out: the owner's network still gets a code", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => t0.getTime());
    const tenant = authTenant("victim");
    const victim = "0412 300 001";
    const ask = (ip: string) => withErrors(handleRequestCode, post("/api/auth/request-code", { phone: victim }, { [CLIENT_ADDRESS_HEADER]: ip }), ctx(t0, tenant, limiter));
    // Three requests for the victim's number from the attacker's network (different addresses), then refused there.
    for (const ip of ["203.0.113.10", "203.0.113.11", "203.0.113.12"]) expect((await ask(ip)).status).toBe(200);
    const attacker = await ask("203.0.113.13");
    expect(attacker.status).toBe(429);
    expect(await attacker.json()).toEqual({ message: "Too many codes were sent to this number. Try again in 10 minutes." });
    // The owner, from their own network, gets a code and signs in with it.
    const owner = await ask("198.51.100.77");
    expect(owner.status).toBe(200);
    const code = sms.lastCode();
    const signedIn = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: victim, code }), ctx(at(1), tenant, limiter));
    expect(signedIn.status).toBe(200);
    expect(await h.db.select().from(authCodes).where(eq(authCodes.site, "victim"))).toHaveLength(4);
  });

  it("past the number's cap from everywhere: a challenge, solved once, sends the code; then the ceiling", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => t0.getTime());
    const tenant = authTenant("numbercap");
    const phone = "0412 300 002";
    const ask = (ip: string, headers: Record<string, string> = {}) =>
      withErrors(handleRequestCode, post("/api/auth/request-code", { phone }, { [CLIENT_ADDRESS_HEADER]: ip, ...headers }), ctx(t0, tenant, limiter));
    const { perNumber } = CODE_REQUEST_LIMITS;
    expect(perNumber).toEqual({ limit: 6, windowMs: 600_000, step: 1, tiers: 6 });
    // Two networks, three each: the number's 6.
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "192.0.2.1", "192.0.2.2", "192.0.2.3"]) expect((await ask(ip)).status).toBe(200);
    const before = sms.sent.length;
    const challenged = await ask("198.51.100.1");
    expect(challenged.status).toBe(429);
    const body = await challenged.clone().json();
    expect(body).toMatchObject({ message: NUMBER_BUSY, challenge: { difficulty: CHALLENGE_BASE_BITS } });
    const solution = await solved(challenged);
    // Bound to the client and the number it was issued for.
    const elsewhere = await ask("198.51.100.2", { [CHALLENGE_HEADER]: solution });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({ message: CHALLENGE_MESSAGES.forged, challengeRefused: true });
    const accepted = await ask("198.51.100.1", { [CHALLENGE_HEADER]: solution });
    expect(accepted.status).toBe(200);
    expect(sms.sent.length - before).toBe(1);
    const replay = await ask("198.51.100.1", { [CHALLENGE_HEADER]: solution });
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual({ message: CHALLENGE_MESSAGES.used, challengeRefused: true });
    // Each next challenge is harder; past the ladder the number is refused.
    const difficulties = [];
    for (let i = 0; i < perNumber.tiers; i++) {
      const res = await ask(`198.51.${110 + i}.1`);
      difficulties.push(challengeOffer(await res.json())?.difficulty ?? "refused");
    }
    expect(difficulties).toEqual([16, 17, 18, 19, 20, "refused"]);
    expect(sms.sent.length - before).toBe(1);
  });

  it("limits code requests per client (a spoofed X-Forwarded-For makes no new bucket) and per site, with a message and Retry-After", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => t0.getTime()); // a still clock: Retry-After is exact however slow the run
    const tenant = authTenant("limits");
    const ask = (n: number, ip: string, headers: Record<string, string> = {}) =>
      withErrors(handleRequestCode, post("/api/auth/request-code", { phone: `04121${String(n).padStart(5, "0")}` }, { [CLIENT_ADDRESS_HEADER]: ip, ...headers }), ctx(t0, tenant, limiter));
    const before = sms.sent.length;
    const { perClient, perSite } = CODE_REQUEST_LIMITS;
    for (let i = 0; i < perClient.limit; i++) expect((await ask(i, "203.0.113.5")).status).toBe(200);
    // Over the client's limit: refused, however the client dresses up its X-Forwarded-For.
    const spoofs: Record<string, string>[] = [{}, { "x-forwarded-for": "198.51.100.77" }, { "x-forwarded-for": "10.1.2.3, 198.51.100.78" }, { "x-real-ip": "198.51.100.79" }];
    for (const [i, spoof] of spoofs.entries()) {
      const res = await ask(90 + i, "203.0.113.5", spoof);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("600");
      expect(await res.json()).toEqual({ message: "Too many codes were requested from here. Try again in 10 minutes." });
    }
    expect(sms.sent.length - before).toBe(perClient.limit);
    // The refused requests used up nothing of the site's budget: other clients (of other networks) get the rest of it.
    let n = 100;
    for (let client = 1; n < 100 + perSite.limit - perClient.limit; client++) {
      for (let i = 0; i < perClient.limit && n < 100 + perSite.limit - perClient.limit; i++) expect((await ask(n++, `198.${client}.100.1`)).status).toBe(200);
    }
    expect(sms.sent.length - before).toBe(perSite.limit);
    // The site's cap reached: a challenge instead of a refusal; solved, the code is sent, once.
    const siteFull = await ask(n, "192.0.2.200");
    expect(siteFull.status).toBe(429);
    expect(siteFull.headers.get("retry-after")).toBe("3600");
    expect(await siteFull.clone().json()).toMatchObject({ message: CODES_BUSY, challenge: { difficulty: CHALLENGE_BASE_BITS } });
    expect(sms.sent.length - before).toBe(perSite.limit);
    const solution = await solved(siteFull);
    expect((await ask(n, "192.0.2.200", { [CHALLENGE_HEADER]: solution })).status).toBe(200);
    expect(sms.sent.length - before).toBe(perSite.limit + 1);
    const replay = await ask(n, "192.0.2.200", { [CHALLENGE_HEADER]: solution });
    expect(await replay.json()).toEqual({ message: CHALLENGE_MESSAGES.used, challengeRefused: true });
    // Past the ladder (step × tiers challenges), refused: the texts an hour stay bounded.
    const { step, tiers } = perSite;
    let last: Response | null = null;
    for (let i = 1; i < step * tiers + 1; i++) last = await ask(n + i, `192.0.${3 + Math.floor(i / 5)}.${i % 5}`);
    expect(await last!.json()).toEqual({ message: "This site is sending too many codes right now. Try again in 60 minutes." });
    const stored = await h.db.select().from(authCodes).where(eq(authCodes.site, "limits"));
    expect(stored).toHaveLength(perSite.limit + 1);
  });

  it("uses the site's country: a New Zealand site reads 021… as +6421…", async (c) => {
    need(c);
    const res = await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "021 123 4567" }), ctx(t0, authTenant("kiwi", "en-NZ")));
    expect(await res.json()).toMatchObject({ phone: "+64211234567", masked: "02xx xxx 567" });
    const bad = await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "abc" }), ctx(t0, authTenant("kiwi", "en-NZ")));
    expect(await bad.json()).toEqual({ message: "Enter a mobile number, e.g. 021 123 4567" });
  });

  it("is off unless the site turns auth on", async (c) => {
    need(c);
    const res = await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412000010" }), ctx(t0, authTenant("alpha", "en-AU", false)));
    expect(res.status).toBe(404);
  });

  it("answers the demo number's code (to show on screen) only while texts go to the embedded outbox", async (c) => {
    need(c);
    const embedded = new EmbeddedSmsProvider(h.db, { log: () => {} });
    const demoCtx = (now: Date, provider: SmsProvider = embedded) => ({ ...ctx(now), sms: provider });
    const asked = await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0491 570 006" }), demoCtx(t0));
    expect(asked.status).toBe(200);
    const body = await asked.json();
    expect(body).toMatchObject({ ok: true, phone: "+61491570006", demoCode: expect.stringMatching(/^\d{6}$/) });
    // The outbox keeps it masked, as any code.
    const [row] = await h.db.select().from(smsOutbox).where(eq(smsOutbox.phone, "+61491570006"));
    expect(row.body).toMatch(/^•{6} is your /);
    const ok = await withErrors(handleVerifyCode, post("/api/auth/verify-code", { phone: "0491570006", code: body.demoCode }), demoCtx(at(1)));
    expect(ok.status).toBe(200);
    // Shared by everyone trying the demo: a fourth code in 10 minutes is still sent.
    for (let i = 0; i < 3; i++) expect((await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0491 570 006" }), demoCtx(at(2)))).status).toBe(200);
    // Any other number gets no code in the answer; with a real vendor neither does the demo number.
    expect(await (await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0412 000 021" }), demoCtx(at(2)))).json()).not.toHaveProperty("demoCode");
    expect(await (await withErrors(handleRequestCode, post("/api/auth/request-code", { phone: "0491 570 006" }), demoCtx(at(20), sms))).json()).not.toHaveProperty("demoCode");
  });

  it("the embedded SMS provider writes the outbox", async (c) => {
    need(c);
    const lines: string[] = [];
    await new EmbeddedSmsProvider(h.db, { log: (l) => lines.push(l) }).send({ site: "alpha", to: "+61412000011", body: "123456 is your code" });
    const rows = await h.db.select().from(smsOutbox).where(eq(smsOutbox.phone, "+61412000011"));
    expect(rows).toMatchObject([{ site: "alpha", body: "123456 is your code", provider: "embedded" }]);
    expect(lines).toEqual(["[sms] to +61412000011 (alpha): 123456 is your code"]);
  });
});
