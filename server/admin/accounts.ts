/**
 * Admin accounts, sign-in and sessions.
 *
 * Sessions: a random 32-byte token in the `fc_admin` cookie (HttpOnly, SameSite=Lax, host-only —
 * so it never reaches a dealer site's host — and Secure over https); only its SHA-256 is stored.
 * A session lasts ADMIN_SESSION_TTL_MS from sign-in; signing out deletes it.
 *
 * Sign-in is rate-limited on failures (stored in the database, so every server process counts
 * them), checked before any password is hashed. Within SIGN_IN_LIMITS.windowMs, one client (its
 * address bucket, server/http/client-address.ts) gets SIGN_IN_LIMITS.perAccountClient failures for
 * one account and SIGN_IN_LIMITS.perClient across all accounts, and its network (networkKey: IPv4 /24,
 * IPv6 /48) SIGN_IN_LIMITS.perNetwork across all its clients and accounts; then it is refused
 * ("limited") until the window has passed. Failures are counted per account *and* client, so guesses
 * from elsewhere never lock the owner out; an account guessed at from many clients
 * (SIGN_IN_LIMITS.perAccountSlowdown failures in all) is only slowed down (each attempt waits
 * SIGN_IN_LIMITS.slowdownMs first). The hashing itself is bounded (passwords.ts): a sign-in that finds
 * the hasher's queue full, or its network's or account's share of it, is refused at once ("busy").
 * A busy answer is stored as a failure with no address (BUSY_EMAIL): it tested no password, so it
 * counts against the client and its network but never against the account. A wrong password and an
 * unknown address get the same answer, after the same work.
 */
import { readCookie, sessionSetCookie } from "../http/cookies";
import { newSessionToken, tokenHash } from "../auth/sessions";
import { and, count, eq, gt, gte, lt, min, or } from "drizzle-orm";
import type { Db } from "../db";
import { adminSessions, adminSignInFailures, adminUsers } from "../db/schema";
import { networkKey } from "../http/rate-limit";
import { dummyHash, hashPassword, HashingBusy, MIN_PASSWORD_LENGTH, needsRehash, verifyPassword } from "./passwords";

export type AdminRole = "staff" | "dealer";
export const ADMIN_ROLES: readonly AdminRole[] = ["staff", "dealer"];

export interface AdminUser {
  id: number;
  email: string;
  role: AdminRole;
  /** The sites a dealer may edit; empty for staff (who may edit all). */
  tenants: string[];
}

export const ADMIN_COOKIE = "fc_admin";
export const ADMIN_SESSION_TTL_MS = 12 * 3600 * 1000;
export const SIGN_IN_LIMITS = { perAccountClient: 5, perClient: 20, perNetwork: 50, perAccountSlowdown: 20, slowdownMs: 1000, windowMs: 15 * 60_000 };
/** The address a busy answer's failure is stored with: no account has it (normaliseEmail never makes it of a real one). */
export const BUSY_EMAIL = "";
export const WRONG_CREDENTIALS = "Email or password is incorrect.";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const userColumns = { id: adminUsers.id, email: adminUsers.email, role: adminUsers.role, tenants: adminUsers.tenants };

export class AccountError extends Error {}

/** Creates the account, or updates the password, role and sites of an existing one with that address. */
export async function upsertAdminUser(
  db: Db,
  input: { email: string; password: string; role: AdminRole; tenants?: string[] },
): Promise<{ user: AdminUser; created: boolean }> {
  const email = normaliseEmail(input.email);
  if (!EMAIL.test(email)) throw new AccountError(`"${input.email}" is not an e-mail address.`);
  if (!ADMIN_ROLES.includes(input.role)) throw new AccountError(`The role must be staff or dealer, not "${input.role}".`);
  if (input.password.length < MIN_PASSWORD_LENGTH) throw new AccountError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  const tenants = input.role === "staff" ? [] : [...new Set(input.tenants ?? [])];
  if (input.role === "dealer" && !tenants.length) throw new AccountError("A dealer account needs at least one site (--tenant slug).");
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email));
  const [user] = existing
    ? await db.update(adminUsers).set({ passwordHash, role: input.role, tenants }).where(eq(adminUsers.id, existing.id)).returning(userColumns)
    : await db.insert(adminUsers).values({ email, passwordHash, role: input.role, tenants }).returning(userColumns);
  return { user, created: !existing };
}

export type SignInResult =
  | { ok: true; user: AdminUser; token: string; expiresAt: Date }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number }
  | { ok: false; reason: "busy" };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Signs in `email` with `password` for the client `ip` (its address bucket: clientBucket of
 * clientAddress, server/http/client-address.ts). `sleep` is how the slowdown waits (tests pass their own).
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string; now?: Date },
  opts: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<SignInResult> {
  const now = input.now ?? new Date();
  // A database text cannot hold U+0000: no account's address has one, so it only needs to be storable.
  const email = normaliseEmail(input.email).replace(/\0/g, "\uFFFD").slice(0, 320);
  const client = input.ip.slice(0, 100);
  const network = networkKey(client);
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs);
  const failures = async (...where: ReturnType<typeof eq>[]) => {
    const [row] = await db
      .select({ n: count(), first: min(adminSignInFailures.at) })
      .from(adminSignInFailures)
      .where(and(...where, gte(adminSignInFailures.at, since)));
    return { n: Number(row.n), first: row.first ? new Date(row.first) : now };
  };
  const byEmail = eq(adminSignInFailures.email, email);
  const byClient = eq(adminSignInFailures.ip, client);
  const [pair, fromClient, fromNetwork, onAccount] = await Promise.all([
    failures(byEmail, byClient),
    failures(byClient),
    failures(eq(adminSignInFailures.network, network)),
    failures(byEmail),
  ]);
  const over = [
    pair.n >= SIGN_IN_LIMITS.perAccountClient ? pair.first : null,
    fromClient.n >= SIGN_IN_LIMITS.perClient ? fromClient.first : null,
    fromNetwork.n >= SIGN_IN_LIMITS.perNetwork ? fromNetwork.first : null,
  ].filter((d): d is Date => !!d);
  if (over.length) {
    const until = Math.max(...over.map((d) => d.getTime() + SIGN_IN_LIMITS.windowMs));
    return { ok: false, reason: "limited", retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }
  if (onAccount.n >= SIGN_IN_LIMITS.perAccountSlowdown) await (opts.sleep ?? sleep)(SIGN_IN_LIMITS.slowdownMs);

  const [row] = await db.select({ ...userColumns, passwordHash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.email, email));
  const fail = async (failed: string) => {
    await db.insert(adminSignInFailures).values({ email: failed, ip: client, network, at: now });
    // Old failures are of no further use.
    await db.delete(adminSignInFailures).where(lt(adminSignInFailures.at, new Date(now.getTime() - 24 * 3600 * 1000)));
  };
  let ok: boolean;
  try {
    ok = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash()), { network, account: email });
  } catch (e) {
    if (!(e instanceof HashingBusy)) throw e;
    await fail(BUSY_EMAIL);
    return { ok: false, reason: "busy" };
  }
  if (!row || !ok) {
    await fail(email);
    return { ok: false, reason: "wrong" };
  }
  const { passwordHash, ...user } = row;
  const rehash = needsRehash(passwordHash) ? { passwordHash: await hashPassword(input.password) } : {};
  await db.update(adminUsers).set({ lastSignInAt: now, ...rehash }).where(eq(adminUsers.id, user.id));
  // Only this client's failures on the account (and its busy answers): another client's guesses keep counting against it.
  await db.delete(adminSignInFailures).where(and(byClient, or(byEmail, eq(adminSignInFailures.email, BUSY_EMAIL))));
  const session = await createAdminSession(db, user.id, now);
  return { ok: true, user, ...session };
}

export async function createAdminSession(db: Db, userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash, expiresAt } = newSessionToken(ADMIN_SESSION_TTL_MS, now);
  await db.insert(adminSessions).values({ tokenHash, userId, expiresAt, createdAt: now });
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  return { token, expiresAt };
}

/** The account a session token belongs to; null when unknown or expired. */
export async function adminSessionUser(db: Db, token: string | null | undefined, now = new Date()): Promise<AdminUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select(userColumns)
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(and(eq(adminSessions.tokenHash, tokenHash(token)), gt(adminSessions.expiresAt, now)));
  return row ?? null;
}

export async function deleteAdminSession(db: Db, token: string | null | undefined): Promise<void> {
  if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash(token)));
}

/** The admin session token of a Cookie header. */
export function adminSessionToken(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, ADMIN_COOKIE);
}

/** The Set-Cookie value: host-only (no Domain), HttpOnly, SameSite=Lax, Secure over https. */
export function adminSessionCookie(token: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  return sessionSetCookie(ADMIN_COOKIE, token, { secure: opts.secure, maxAgeSeconds: opts.maxAgeSeconds ?? Math.floor(ADMIN_SESSION_TTL_MS / 1000) });
}

export async function listAdminUsers(db: Db): Promise<AdminUser[]> {
  return db.select(userColumns).from(adminUsers).orderBy(adminUsers.email);
}
