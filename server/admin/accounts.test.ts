import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { backends, pgliteDatabase, postgresDatabase, type TestDatabase } from "../../tests/databases";
import type { DbHandle } from "../db";
import { adminSessions, adminSignInFailures, adminUsers } from "../db/schema";
import { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./passwords";
import {
  ADMIN_SESSION_TTL_MS, adminSessionCookie, adminSessionToken, adminSessionUser, AccountError, deleteAdminSession,
  SIGN_IN_LIMITS, signIn, upsertAdminUser,
} from "./accounts";
import { isSameOriginRequest } from "./csrf";

describe("passwords (scrypt)", () => {
  it("stores the parameters, a salt and the key, and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    // A fresh salt each time: the same password never hashes alike.
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
  });

  it("verifies hashes made with other parameters and says when to rehash", async () => {
    const weak = await hashPassword("pass-phrase-1", { log2N: 14, r: 8, p: 1 });
    expect(weak.startsWith("scrypt$14$8$1$")).toBe(true);
    expect(await verifyPassword("pass-phrase-1", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("x", SCRYPT_PARAMS))).toBe(false);
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
  let tdb: TestDatabase | null;
  let h: DbHandle;
  beforeAll(async () => {
    tdb = await make();
    if (tdb) h = await tdb.open();
  });
  afterAll(async () => {
    await h?.close();
    await tdb?.cleanup();
  });
  const need = (ctx: { skip: () => void }) => {
    if (!tdb) ctx.skip();
  };

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

  it("locks an address after too many failures within the window, even for the right password, and lets it in afterwards", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const t0 = new Date("2026-05-02T10:00:00Z");
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail; i++) {
      const r = await signIn(h.db, { email: "dealer@example.test", password: `wrong-${i}-wrong`, ip: `10.1.0.${i}`, now: new Date(t0.getTime() + i * 1000) });
      expect(r).toEqual({ ok: false, reason: "wrong" });
    }
    const locked = await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "10.1.1.1", now: new Date(t0.getTime() + 60_000) });
    expect(locked).toEqual({ ok: false, reason: "limited", retryAfterSeconds: SIGN_IN_LIMITS.windowMs / 1000 - 60 });
    const later = await signIn(h.db, { email: "dealer@example.test", password: "dealer-password-2", ip: "10.1.1.1", now: new Date(t0.getTime() + SIGN_IN_LIMITS.windowMs + 5000) });
    expect(later.ok).toBe(true);
    // A success clears the address's failures.
    expect((await h.db.select().from(adminSignInFailures).where(eq(adminSignInFailures.email, "dealer@example.test"))).length).toBe(0);
  });

  it("limits one client address across many e-mail addresses", async (ctx) => {
    need(ctx);
    await h.db.delete(adminSignInFailures);
    const now = new Date("2026-05-03T10:00:00Z");
    for (let i = 0; i < SIGN_IN_LIMITS.perIp; i++) await h.db.insert(adminSignInFailures).values({ email: `guess${i}@example.test`, ip: "10.9.9.9", at: now });
    const r = await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.9.9.9", now });
    expect(r.ok === false && r.reason).toBe("limited");
    expect((await signIn(h.db, { email: "staff@example.test", password: "staff-password-1", ip: "10.9.9.8", now })).ok).toBe(true);
  });
});
