import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { backends, withTestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { adminSessions, adminSignInFailures, adminUsers } from "../db/schema";
import {
  dummyHash, HASH_CONCURRENCY, HASH_QUEUE, HASH_QUEUE_SHARE, hashingStats, HashingBusy, hashPassword, holdHashingForTests, needsRehash, SCRYPT_PARAMS,
  verifyPassword,
} from "./passwords";
import {
  ADMIN_SESSION_TTL_MS, adminSessionCookie, adminSessionToken, adminSessionUser, AccountError, deleteAdminSession,
  BUSY_EMAIL, SIGN_IN_LIMITS, signIn, upsertAdminUser, type SignInResult,
} from "./accounts";
import { isSameOriginRequest } from "./csrf";
import { networkKey } from "../http/rate-limit";

describe("passwords (scrypt)", () => {
  it("hashes with N = 2^17, r = 8, p = 1 in production (tests/setup.ts makes tests cheaper)", async () => {
    expect(SCRYPT_PARAMS).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(Object.isFrozen(SCRYPT_PARAMS)).toBe(true);
    // The module as production loads it, without the test setup's cheap parameters.
    vi.resetModules();
    const fresh = await import("./passwords");
    const hash = await fresh.hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(fresh.needsRehash(await hashPassword("x"))).toBe(true); // a test-cheap hash is weaker than production's
    expect(fresh.needsRehash(hash)).toBe(false);
  });

  it("stores the parameters, a salt and the key, and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{86}$/); // tests/setup.ts's cheap parameters
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    // A fresh salt each time: the same password never hashes alike.
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
  });

  it("verifies hashes made with other parameters and says when to rehash", async () => {
    const strong = { log2N: 12, r: 8, p: 1 };
    const weak = await hashPassword("pass-phrase-1", { log2N: 11, r: 8, p: 1 });
    expect(weak.startsWith("scrypt$11$8$1$")).toBe(true);
    expect(await verifyPassword("pass-phrase-1", weak)).toBe(true);
    expect(needsRehash(weak, strong)).toBe(true);
    expect(needsRehash(await hashPassword("x", strong), strong)).toBe(false);
  });

  it("runs one hash at a time and refuses a verification beyond the queue at once", async () => {
    const cheap = await hashPassword("cheap-password-1", { log2N: 12, r: 8, p: 1 });
    const before = hashingStats();
    const attempts = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE + 3 }, (_, i) => verifyPassword(i === 0 ? "cheap-password-1" : `guess-${i}`, cheap));
    expect(hashingStats()).toMatchObject({ running: HASH_CONCURRENCY, queued: HASH_QUEUE });
    const settled = await Promise.allSettled(attempts);
    const refused = settled.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HashingBusy);
    expect(settled[0]).toEqual({ status: "fulfilled", value: true });
    expect(hashingStats()).toMatchObject({ started: before.started + HASH_CONCURRENCY + HASH_QUEUE, running: 0, queued: 0, peak: HASH_CONCURRENCY });
    // Hashing for the CLI or a rehash waits instead of being refused.
    const many = await Promise.all(Array.from({ length: HASH_QUEUE + 3 }, () => hashPassword("x", { log2N: 10, r: 8, p: 1 })));
    expect(many).toHaveLength(HASH_QUEUE + 3);
  });

  it("gives one network and one account at most HASH_QUEUE_SHARE of the waiting places, refusing the rest at once", async () => {
    expect([HASH_QUEUE, HASH_QUEUE_SHARE]).toEqual([8, 2]);
    const cheap = await hashPassword("cheap-password-1");
    const release = holdHashingForTests();
    const verify = (network: string, account: string) => verifyPassword("guess-guess-guess", cheap, { network, account });
    const admitted = [verify("203.0.113.0/24", "a@x.test"), verify("203.0.113.0/24", "b@x.test"), verify("203.0.113.0/24", "c@x.test")];
    expect(hashingStats()).toMatchObject({ running: HASH_CONCURRENCY, queued: 2 });
    // The network's share is taken (the running hash holds no waiting place)…
    await expect(verify("203.0.113.0/24", "d@x.test")).rejects.toThrow("Too many sign-in attempts right now. Try again in a moment.");
    admitted.push(verify("198.51.100.0/24", "a@x.test"), verify("192.0.2.0/24", "a@x.test"));
    // …and now account a@x.test's, from any network; other networks and accounts still queue.
    await expect(verify("2001:db8:1::/48", "a@x.test")).rejects.toBeInstanceOf(HashingBusy);
    admitted.push(verify("2001:db8:1::/48", "e@x.test"), verifyPassword("guess-guess-guess", cheap));
    expect(hashingStats().queued).toBe(6);
    release();
    expect(await Promise.all(admitted)).toEqual(admitted.map(() => false));
    expect(hashingStats()).toMatchObject({ running: 0, queued: 0 });
  });

  it("refuses malformed or absurd stored hashes without throwing", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$30$8$1$c2FsdA$a2V5")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$10$8$1$c2FsdA$a2V5")).toBe(false);
  });
});

describe("CSRF: the Origin check", () => {
  const req = (headers: Record<string, string>) => new Request("http://localhost:3000/api/admin/tenants", { method: "POST", headers });
  it("accepts a request whose Origin is the host it was sent to", () => {
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOriginRequest(req({ host: "admin.localhost:3000", origin: "http://admin.localhost:3000" }))).toBe(true);
  });
  it("refuses another origin, an opaque one, a port mismatch and a request that says nothing", () => {
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://evil.test" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://harbourline.localhost:3000" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://localhost:4000" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000", "sec-fetch-site": "cross-site" }))).toBe(false);
  });
  it("ignores X-Forwarded-Host: an Origin matching only it is refused", () => {
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://evil.test", "x-forwarded-host": "evil.test" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://evil.test", "x-forwarded-host": "evil.test, localhost:3000" }))).toBe(false);
    expect(isSameOriginRequest(req({ origin: "http://evil.test", "x-forwarded-host": "evil.test" }))).toBe(false);
    expect(isSameOriginRequest(req({ host: "localhost:3000", origin: "http://localhost:3000", "x-forwarded-host": "evil.test" }))).toBe(true);
  });
  it("accepts a browser's same-origin request that carries no Origin", () => {
    expect(isSameOriginRequest(req({ host: "localhost:3000", "sec-fetch-site": "same-origin" }))).toBe(true);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, host-only, Secure over https only", () => {
    const c = adminSessionCookie("tok", { secure: false });
    expect(c).toBe(`fc_admin=tok; Path=/; Max-Age=${ADMIN_SESSION_TTL_MS / 1000}; HttpOnly; SameSite=Lax`);
    expect(c).not.toMatch(/Domain=/i);
    expect(adminSessionCookie("tok", { secure: true })).toMatch(/; Secure$/);
    expect(adminSessionToken("a=1; fc_admin=abc%2Bd; fc_session=zzz")).toBe("abc+d");
    expect(adminSessionToken("fc_session=zzz")).toBeNull();
  });
});

describe.each(backends)("admin accounts and sessions on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, (opened) => (h = opened));

  it("creates an account with a lower-cased address and only a hash of the password", async (ctx) => {
    need(ctx);
    const { user, created } = await upsertAdminUser(h.db, { email: " Staff@Example.TEST ", password: "staff-password-1", role: "staff" });
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: "staff@example.test", role: "staff", tenants: [] });
    const [row] = await h.db.select().from(adminUsers).where(eq(adminUsers.id, user.id));
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("staff-password-1");
  });

  it("updates an existing account instead of making a second one", async (ctx) => {
    need(ctx);
    const { user, created } = await upsertAdminUser(h.db, { email: "dealer@example.test", password: "dealer-password-1", role: "dealer", tenants: ["alpha", "alpha"] });
    expect(created).toBe(true);
    expect(user.tenants).toEqual(["alpha"]);
    const again = await upsertAdminUser(h.db, { email: "DEALER@example.test", password: "dealer-password-2", role: "dealer", tenants: ["alpha", "beta"] });
    expect(again.created).toBe(false);
    expect(again.user).toMatchObject({ id: user.id, tenants: ["alpha", "beta"] });
  });

  it("refuses bad input with a message", async (ctx) => {
    need(ctx);
    await expect(upsertAdminUser(h.db, { email: "nobody", password: "long-enough-1", role: "staff" })).rejects.toThrow('"nobody" is not an e-mail address.');
    await expect(upsertAdminUser(h.db, { email: "a@b.test", password: "short", role: "staff" })).rejects.toThrow("The password needs at least 10 characters.");
    await expect(upsertAdminUser(h.db, { email: "a@b.test", password: "long-enough-1", role: "dealer" })).rejects.toBeInstanceOf(AccountError);
    await expect(upsertAdminUser(h.db, { email: "a@b.test", password: "long-enough-1", role: "owner" as never })).rejects.toThrow("The role must be staff or dealer");
  });

  it("signs in with the right password: a session whose token is stored only as a hash, until it expires", async (ctx) => {
    need(ctx);
    const now = new Date("2026-05-01T09:00:00Z");
    const result = await signIn(h.db, { email: "STAFF@example.test", password: "staff-password-1", ip: "10.0.0.1", now });
    if (!result.ok) throw new Error("sign-in failed");
    expect(result.user.email).toBe("staff@example.test");
    expect(result.expiresAt.getTime() - now.getTime()).toBe(ADMIN_SESSION_TTL_MS);
    const rows = await h.db.select().from(adminSessions);
    expect(rows.some((r) => r.tokenHash === result.token)).toBe(false);
    expect(await adminSessionUser(h.db, result.token, now)).toMatchObject({ email: "staff@example.test", role: "staff" });
    expect(await adminSessionUser(h.db, result.token, new Date(now.getTime() + ADMIN_SESSION_TTL_MS + 1))).toBeNull();
    expect(await adminSessionUser(h.db, "not-a-token", now)).toBeNull();
    await deleteAdminSession(h.db, result.token);
    expect(await adminSessionUser(h.db, result.token, now)).toBeNull();
  });

  it("answers a wrong password and an unknown address alike", async (ctx) => {
    need(ctx);
    const now = new Date("2026-05-01T10:00:00Z");
    expect(await signIn(h.db, { email: "staff@example.test", password: "nope-nope-nope", ip: "10.0.0.2", now })).toEqual({ ok: false, reason: "wrong" });
    expect(await signIn(h.db, { email: "ghost@example.test", password: "nope-nope-nope", ip: "10.0.0.2", now })).toEqual({ ok: false, reason: "wrong" });
  });

  it("locks an account only for the client that guessed: the owner elsewhere still signs in", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const t0 = new Date("2026-05-02T10:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountClient; i++) {
      const r = await signIn(h.db, { email: "dealer@example.test", password: `wrong-${i}-wrong`, ip: "203.0.113.9", now: at(i * 1000) });
      expect(r).toEqual({ ok: false, reason: "wrong" });
    }
    // The guessing client is refused even with the right password, without hashing…
    const hashed = hashingStats().started;
    const locked = await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "203.0.113.9", now: at(60_000) });
    expect(locked).toEqual({ ok: false, reason: "limited", retryAfterSeconds: SIGN_IN_LIMITS.windowMs / 1000 - 60 });
    expect(hashingStats().started).toBe(hashed);
    // …while the owner at another address signs in, and that clears only the owner's failures.
    const owner = await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "198.51.100.7", now: at(61_000) });
    expect(owner.ok).toBe(true);
    expect((await h.db.select().from(adminSignInFailures).where(eq(adminSignInFailures.email, "dealer@example.test"))).length).toBe(SIGN_IN_LIMITS.perAccountClient);
    expect((await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "203.0.113.9", now: at(62_000) })).ok).toBe(false);
    // After the window the guessing client may try again.
    const later = await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "203.0.113.9", now: at(SIGN_IN_LIMITS.windowMs + 5000) });
    expect(later.ok).toBe(true);
    expect((await h.db.select().from(adminSignInFailures).where(eq(adminSignInFailures.ip, "203.0.113.9"))).length).toBe(0);
  });

  it("limits one client address across many e-mail addresses, before hashing", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const now = new Date("2026-05-03T10:00:00Z");
    for (let i = 0; i < SIGN_IN_LIMITS.perClient; i++) await h.db.insert(adminSignInFailures).values({ email: `guess${i}@example.test`, ip: "10.9.9.9", at: now });
    const hashed = hashingStats().started;
    const r = await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.9.9.9", now });
    expect(r.ok === false && r.reason).toBe("limited");
    expect((await signIn(h.db, { email: "nobody@example.test", password: "whatever-else", ip: "10.9.9.9", now })).ok).toBe(false);
    expect(hashingStats().started).toBe(hashed);
    expect((await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.9.9.8", now })).ok).toBe(true);
  });

  it("only slows an account down when it is guessed at from many clients, never locks the owner out", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const now = new Date("2026-05-04T10:00:00Z");
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountSlowdown; i++) await h.db.insert(adminSignInFailures).values({ email: "staff@example.test", ip: `10.7.0.${i}`, at: now });
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const r = await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.7.1.1", now }, { sleep });
    expect(r.ok).toBe(true);
    expect(waits).toEqual([SIGN_IN_LIMITS.slowdownMs]);
    // Another account is not slowed down.
    await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "10.7.1.1", now }, { sleep });
    expect(waits).toHaveLength(1);
  });

  it("answers busy at once, without hashing, when the hasher's queue is full, and counts it against the client only", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    // The first hash is production-strength (a few hundred milliseconds), so the queue behind it
    // stays full while the sign-in looks the account up; the rest are cheap.
    const slow = `scrypt$17$8$1$${"A".repeat(22)}$${"B".repeat(86)}`;
    const cheap = await hashPassword("some-password-1");
    const filling = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE }, (_, i) => verifyPassword("guess-guess-guess", i < HASH_CONCURRENCY ? slow : cheap));
    const started = hashingStats().started;
    const r = await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.8.0.1" });
    expect(r).toEqual({ ok: false, reason: "busy" });
    expect(hashingStats().started).toBe(started);
    // Stored with no address: it tested no password, so it never counts against the account.
    expect((await h.db.select().from(adminSignInFailures)).map((f) => [f.email, f.ip])).toEqual([[BUSY_EMAIL, "10.8.0.1"]]);
    expect(await Promise.all(filling)).toEqual(filling.map(() => false));
    // With the queue drained, the same sign-in goes through, and that clears the client's busy answers.
    expect((await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.8.0.1" })).ok).toBe(true);
    expect(await h.db.select().from(adminSignInFailures)).toEqual([]);
  });

  it("never runs more than HASH_CONCURRENCY hashes at once, however many sign-ins arrive together", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn(h.db, { email: i % 2 ? "staff@example.test" : "ghost@example.test", password: `wrong-${i}-wrong`, ip: `10.6.0.${i}` })),
    );
    expect(results.every((r) => !r.ok && (r.reason === "wrong" || r.reason === "busy"))).toBe(true);
    expect(hashingStats().peak).toBe(HASH_CONCURRENCY);
    expect(hashingStats().running).toBe(0);
  });

  /** Starts `attempts` at once with hashing held; answers their results once all but those let into the hasher are settled. */
  const flood = async (attempts: (() => Promise<SignInResult>)[], admitted: number, meanwhile: () => Promise<SignInResult>) => {
    const release = holdHashingForTests();
    let settled = 0;
    const results = attempts.map((a) => a().finally(() => settled++));
    try {
      await vi.waitFor(() => expect([settled, hashingStats().running, hashingStats().queued]).toEqual([attempts.length - admitted, HASH_CONCURRENCY, admitted - HASH_CONCURRENCY]), { timeout: 20_000 });
      // Someone else arrives while the flood holds its places.
      const other = meanwhile();
      await vi.waitFor(() => expect(hashingStats().queued).toBe(admitted - HASH_CONCURRENCY + 1), { timeout: 5000 });
      release();
      return { flood: await Promise.all(results), other: await other };
    } finally {
      release();
    }
  };
  const tally = (results: SignInResult[]) => results.reduce<Record<string, number>>((t, r) => ({ ...t, [r.ok ? "ok" : r.reason]: (t[r.ok ? "ok" : r.reason] ?? 0) + 1 }), {});

  it.for([
    ["one IPv4 /24", (i: number) => `203.0.113.${i % 250}`, "198.51.100.7", "203.0.113.0/24"],
    ["one IPv6 /48 from many /64s", (i: number) => `2001:db8:77:${i.toString(16)}::/64`, "2001:db8:78:1::/64", "2001:db8:77::/48"],
  ] as const)("lets the admin sign in from another network while 200 wrong sign-ins flood from %s, and then refuses the flood 429", async ([, from, admin, network], ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    await dummyHash(); // made before hashing is held (an unknown address is checked against it)
    const t0 = new Date("2026-05-05T10:00:00Z");
    const started = hashingStats().started;
    const { flood: results, other } = await flood(
      Array.from({ length: 200 }, (_, i) => () => signIn(h.db, { email: `guess${i}@example.test`, password: `wrong-${i}-wrong`, ip: from(i), now: t0 })),
      HASH_CONCURRENCY + HASH_QUEUE_SHARE,
      () => signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: admin, now: t0 }),
    );
    expect(other.ok).toBe(true);
    // Three guesses were hashed (one running, the network's two waiting places); all others were refused unhashed.
    const t = tally(results);
    expect(t.wrong).toBe(3);
    expect((t.busy ?? 0) + (t.limited ?? 0)).toBe(197);
    expect(hashingStats().started).toBe(started + 4);
    // Each busy answer was counted against its client and network, so the flood is now over the
    // network's limit: refused before hashing, even with the right password, from a fresh address of it.
    const stored = await h.db.select().from(adminSignInFailures);
    expect(stored.filter((f) => f.email === BUSY_EMAIL)).toHaveLength(t.busy);
    expect([...new Set(stored.map((f) => f.network))]).toEqual([network]);
    const after = await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: from(251), now: new Date(t0.getTime() + 60_000) });
    expect(after).toEqual({ ok: false, reason: "limited", retryAfterSeconds: SIGN_IN_LIMITS.windowMs / 1000 - 60 });
    expect(hashingStats().started).toBe(started + 4);
  });

  it("lets another account sign in while many networks flood one account, and the flooded account's owner is not locked out", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const { flood: results, other } = await flood(
      Array.from({ length: 40 }, (_, i) => () => signIn(h.db, { email: "dealer@example.test", password: `wrong-${i}-wrong`, ip: `10.${i}.0.1` })),
      HASH_CONCURRENCY + HASH_QUEUE_SHARE,
      () => signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "192.0.2.1" }),
    );
    expect(other.ok).toBe(true);
    expect(tally(results)).toEqual({ wrong: 3, busy: 37 });
    // Only the three hashed guesses count against the account.
    expect((await h.db.select().from(adminSignInFailures).where(eq(adminSignInFailures.email, "dealer@example.test"))).length).toBe(3);
    const owner = await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "192.0.2.2" });
    expect(owner.ok).toBe(true);
  });

  it("counts a client's busy answers until it is refused 429, without slowing down the account it tried", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const now = new Date("2026-05-06T10:00:00Z");
    const release = holdHashingForTests();
    const attempt = () => signIn(h.db, { email: "staff@example.test", password: "guess-guess-guess", ip: "10.5.5.5", now });
    try {
      const held = [attempt(), attempt(), attempt()];
      await vi.waitFor(() => expect(hashingStats().queued).toBe(2));
      for (let i = 0; i < SIGN_IN_LIMITS.perClient; i++) expect(await attempt()).toEqual({ ok: false, reason: "busy" });
      expect(await attempt()).toEqual({ ok: false, reason: "limited", retryAfterSeconds: SIGN_IN_LIMITS.windowMs / 1000 });
      release();
      expect(await Promise.all(held)).toEqual(held.map(() => ({ ok: false, reason: "wrong" })));
    } finally {
      release();
    }
    const waits: number[] = [];
    const owner = await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.5.6.1", now }, { sleep: async (ms) => void waits.push(ms) });
    expect(owner.ok).toBe(true);
    expect(waits).toEqual([]);
  });

  it.for([
    ["an IPv4 /24", (i: number) => `203.0.113.${i}`, "203.0.114.1"],
    ["an IPv6 /48", (i: number) => `2001:db8:5:${i.toString(16)}::/64`, "2001:db8:50:5::/64"],
  ] as const)("limits the failures of %s across its clients and accounts, and no other network", async ([, from, elsewhere], ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const now = new Date("2026-05-07T10:00:00Z");
    const fail = (i: number) =>
      h.db.insert(adminSignInFailures).values({ email: `guess${i}@example.test`, ip: from(i), network: networkKey(from(i)), at: new Date(now.getTime() - 60_000) });
    for (let i = 0; i < SIGN_IN_LIMITS.perNetwork - 1; i++) await fail(i);
    // Just under the limit, as a shared office with a few mistyped passwords: a fresh client of it signs in.
    expect((await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: from(200), now })).ok).toBe(true);
    await fail(SIGN_IN_LIMITS.perNetwork);
    const started = hashingStats().started;
    expect(await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: from(201), now })).toEqual({
      ok: false, reason: "limited", retryAfterSeconds: SIGN_IN_LIMITS.windowMs / 1000 - 60,
    });
    expect(hashingStats().started).toBe(started);
    expect((await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: elsewhere, now })).ok).toBe(true);
    expect(SIGN_IN_LIMITS.perNetwork).toBe(50);
  });
});
