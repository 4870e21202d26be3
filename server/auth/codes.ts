import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db";
import { authCodes } from "../db/schema";
import type { SmsProvider } from "../sms/provider";

/** Spec'd bounds of one-time sign-in codes. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/**
 * At most this many codes per number and site within RATE_WINDOW_MS, whoever asks: the ceiling of
 * what one number can be sent (CODE_REQUEST_LIMITS.perNumber and its challenges), checked in the
 * database so it holds across processes even without Redis.
 */
export const MAX_CODES_PER_WINDOW = 12;
export const RATE_WINDOW_MS = 10 * 60 * 1000;
/**
 * Besides the number's ceiling, code requests are limited in the process's rate limiter (memory or
 * Redis), each counted only when the ones before let it through:
 * - perClient: one client (an IPv4 address or IPv6 /64, from the server-determined address);
 * - perNetwork: one network (IPv4 /24, IPv6 /48), so one holder of many addresses is one sender;
 * - perNumberNetwork: one number asked for from one network — tight, so a stranger's requests for a
 *   number use up only their own network's share, never the owner's;
 * - perSite, perNumber: site-wide caps (what a site's texts cost an hour; how many texts one number
 *   gets from everywhere). Past them a request is answered with a proof-of-work challenge
 *   (server/http/challenge.ts) instead of a refusal: `step` challenges per difficulty, `tiers`
 *   difficulties, then refused — at most limit + step × tiers texts per window.
 */
export const CODE_REQUEST_LIMITS = {
  perClient: { limit: 5, windowMs: 10 * 60 * 1000 },
  perNetwork: { limit: 20, windowMs: 10 * 60 * 1000 },
  perNumberNetwork: { limit: 3, windowMs: RATE_WINDOW_MS },
  perSite: { limit: 100, windowMs: 60 * 60 * 1000, step: 10, tiers: 6 },
  perNumber: { limit: 6, windowMs: RATE_WINDOW_MS, step: 1, tiers: 6 },
};

/** "salt:sha256(salt:code)"; the salt makes equal codes hash differently. */
export function hashCode(code: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split(":");
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type RequestCodeResult = { ok: true; expiresAt: Date; code: string } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/** Sends a new code to `phone` (E.164) for `site`, unless the number has had MAX_CODES_PER_WINDOW codes in the window. */
export async function requestCode(
  db: Db,
  args: { site: string; phone: string; sms: SmsProvider; siteName: string; now?: Date; code?: string; sharedNumber?: boolean },
): Promise<RequestCodeResult> {
  const now = args.now ?? new Date();
  const since = new Date(now.getTime() - RATE_WINDOW_MS);
  const recent = await db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.site, args.site), eq(authCodes.phone, args.phone), gt(authCodes.createdAt, since)))
    .orderBy(authCodes.createdAt);
  // The demo number is shared by everyone trying the demo: only the per-client and per-site limits apply to it.
  if (!args.sharedNumber && recent.length >= MAX_CODES_PER_WINDOW) {
    const freeAt = recent[recent.length - MAX_CODES_PER_WINDOW].createdAt.getTime() + RATE_WINDOW_MS;
    return { ok: false, reason: "rate-limited", retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
  }
  const code = args.code ?? String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const [row] = await db
    .insert(authCodes)
    .values({ site: args.site, phone: args.phone, codeHash: hashCode(code), expiresAt, createdAt: now })
    .returning({ id: authCodes.id });
  try {
    await args.sms.send({ site: args.site, to: args.phone, body: `${code} is your ${args.siteName} sign-in code. It expires in 10 minutes.`, secret: code });
  } catch (e) {
    // Not sent: the code does not count against the number.
    await db.delete(authCodes).where(eq(authCodes.id, row.id));
    throw e;
  }
  // Codes long past their use are of no further interest.
  await db.delete(authCodes).where(lt(authCodes.expiresAt, new Date(now.getTime() - 24 * 3600 * 1000)));
  return { ok: true, expiresAt, code };
}

export type VerifyCodeResult =
  | { ok: true }
  | { ok: false; reason: "no-code" | "expired" | "too-many-attempts" }
  | { ok: false; reason: "wrong"; attemptsLeft: number };

/** Checks a code against the newest unused code sent to the number; a right code is used up. */
export async function verifyCode(db: Db, args: { site: string; phone: string; code: string; now?: Date }): Promise<VerifyCodeResult> {
  const now = args.now ?? new Date();
  const [latest] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.site, args.site), eq(authCodes.phone, args.phone), isNull(authCodes.usedAt)))
    .orderBy(desc(authCodes.createdAt), desc(authCodes.id))
    .limit(1);
  if (!latest) return { ok: false, reason: "no-code" };
  if (latest.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  if (latest.attempts >= MAX_ATTEMPTS) return { ok: false, reason: "too-many-attempts" };
  // Counted before the comparison, atomically, so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(and(eq(authCodes.id, latest.id), lt(authCodes.attempts, MAX_ATTEMPTS), isNull(authCodes.usedAt)))
    .returning({ attempts: authCodes.attempts });
  if (!counted) return { ok: false, reason: "too-many-attempts" };
  if (!/^\d{6}$/.test(args.code) || !codeMatches(args.code, latest.codeHash)) {
    const attemptsLeft = MAX_ATTEMPTS - counted.attempts;
    return attemptsLeft > 0 ? { ok: false, reason: "wrong", attemptsLeft } : { ok: false, reason: "too-many-attempts" };
  }
  const [used] = await db
    .update(authCodes)
    .set({ usedAt: now })
    .where(and(eq(authCodes.id, latest.id), isNull(authCodes.usedAt)))
    .returning({ id: authCodes.id });
  return used ? { ok: true } : { ok: false, reason: "no-code" };
}
