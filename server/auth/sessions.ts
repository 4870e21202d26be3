import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db";
import { readCookie, sessionSetCookie } from "../http/cookies";
import { cameOverHttps } from "../http/security-headers";
import { siteSessions, siteUsers } from "../db/schema";

export const SESSION_COOKIE = "fc_session";
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SiteUser {
  id: number;
  site: string;
  phone: string;
}

/** What the database keeps of a session token (site and admin sessions alike). */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh random session token, its stored hash, and when a session made now with it ends. */
export function newSessionToken(ttlMs: number, now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + ttlMs) };
}

/** The site's user with this verified number, created on first sign-in. */
export async function upsertSiteUser(db: Db, site: string, phone: string, now = new Date()): Promise<SiteUser> {
  const [row] = await db
    .insert(siteUsers)
    .values({ site, phone, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: [siteUsers.site, siteUsers.phone], set: { lastSignInAt: now } })
    .returning({ id: siteUsers.id, site: siteUsers.site, phone: siteUsers.phone });
  return row;
}

/** A new session for the user; the returned token goes in the cookie and only its hash is stored. */
export async function createSession(db: Db, userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash, expiresAt } = newSessionToken(SESSION_TTL_MS, now);
  await db.insert(siteSessions).values({ tokenHash, userId, expiresAt, createdAt: now });
  // Expired sessions are of no further use.
  await db.delete(siteSessions).where(lt(siteSessions.expiresAt, now));
  return { token, expiresAt };
}

/** The user a session token belongs to on this site; null when unknown, expired or of another site. */
export async function sessionUser(db: Db, site: string, token: string | null | undefined, now = new Date()): Promise<SiteUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: siteUsers.id, site: siteUsers.site, phone: siteUsers.phone })
    .from(siteSessions)
    .innerJoin(siteUsers, eq(siteUsers.id, siteSessions.userId))
    .where(and(eq(siteSessions.tokenHash, tokenHash(token)), gt(siteSessions.expiresAt, now), eq(siteUsers.site, site)));
  return row ?? null;
}

/** The signed-in user of this request on this site, or null. */
export function requestUser(request: Request, ctx: { db: Db; tenant: { identity: { slug: string } }; now?: Date }): Promise<SiteUser | null> {
  return sessionUser(ctx.db, ctx.tenant.identity.slug, sessionToken(request.headers.get("cookie")), ctx.now);
}

/**
 * The id of the site's signed-in visitor who sent this request, to store with what they send (a
 * lead): null when nobody is signed in or the site has sign-in off (a session left from before is
 * not honoured then).
 */
export async function signedInUserId(request: Request, ctx: { db: Db; tenant: { identity: { slug: string }; features: { auth?: { enabled?: boolean } } }; now?: Date }): Promise<number | null> {
  if (ctx.tenant.features.auth?.enabled !== true) return null;
  return (await requestUser(request, ctx))?.id ?? null;
}

export async function deleteSession(db: Db, token: string | null | undefined): Promise<void> {
  if (token) await db.delete(siteSessions).where(eq(siteSessions.tokenHash, tokenHash(token)));
}

/** The session token of a request's Cookie header. */
export function sessionToken(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, SESSION_COOKIE);
}

/**
 * Whether the visitor reached us over https: directly, or through a trusted proxy (TRUSTED_PROXIES)
 * that says so; a visitor's own X-Forwarded-Proto counts for nothing (serving/index.ts drops it).
 */
export function isHttps(request: Request, trusted?: number): boolean {
  return cameOverHttps(request.headers, request.url, trusted);
}

/** The Set-Cookie value: host-only (no Domain), HttpOnly, SameSite=Lax, Secure over https. */
export function sessionCookie(token: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  return sessionSetCookie(SESSION_COOKIE, token, { secure: opts.secure, maxAgeSeconds: opts.maxAgeSeconds ?? Math.floor(SESSION_TTL_MS / 1000) });
}
