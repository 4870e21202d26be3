/**
 * Proof of work instead of refusing everyone (issue 30): once a site-wide cap is reached (leads per
 * site, sign-in codes per site or per number), a request is answered with a challenge instead of a
 * plain refusal; the browser solves it (domain/challenge.ts) and sends the request again, and the
 * solved challenge lets that one request past the cap. Per-client and per-network limits were counted
 * when the challenge was issued (the challenge is bound to that client) and still apply.
 *
 * Stateless: a challenge is `base64url({s: site, p: purpose, r: random, d: difficulty, e: expiry})`
 * and an HMAC-SHA256 over it and the client's bucket, with the server secret (FORECOURT_SECRET, else
 * a random one kept in DATA_DIR/challenge-secret and shared by the processes on that data directory).
 * Only its use is recorded: in the process's rate limiter (Redis when REDIS_URL is set), so a solved
 * challenge is accepted once across every process.
 *
 * The difficulty rises as the flood grows: each cap has a ladder of `tiers` steps of `step`
 * challenges each, CHALLENGE_BASE_BITS for the first step and one bit (twice the work) more for each
 * next; past the ladder's top the request is refused, so what the flood can cost (texts, the dealer's
 * inbox) stays bounded.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { challengeInput, CHALLENGE_HEADER, leadingZeroBits, MAX_CHALLENGE_BITS, type ChallengeOffer } from "../../domain/challenge";
import { clientKey, hitInOrder, networkKey, type RateLimiter } from "./rate-limit";
import { defineService, services } from "../root/services";
import { loadChallengeSecret } from "./challenge-secret";
import { HttpError, type ErrorBody } from "../errors";

export { CHALLENGE_HEADER };

/** About a second of SHA-256 with Web Crypto on a mid-range phone (2^15 tries on average). */
export const CHALLENGE_BASE_BITS = 15;
/** How long a challenge may take to be solved and sent back. */
export const CHALLENGE_TTL_MS = 2 * 60 * 1000;

export const CHALLENGE_MESSAGES = {
  unreadable: "The browser check could not be read. Please send the form again.",
  forged: "The browser check is not valid. Please send the form again.",
  elsewhere: "The browser check was made for another site or form. Please send the form again.",
  expired: "The browser check has expired. Please send the form again.",
  unsolved: "The browser check was not solved. Please send the form again.",
  used: "The browser check was already used. Please send the form again.",
} as const;

/** A challenge that cannot be accepted; the browser asks for a new one once (`challengeRefused`). */
export class ChallengeRefused extends HttpError {
  constructor(status: 400 | 403, message: string) {
    super(status, message);
  }
  override body(): ErrorBody {
    return { message: this.message, challengeRefused: true };
  }
}

/** The process's challenge key (a test gives its own). */
export const challengeKey = defineService("challenge-secret", loadChallengeSecret);

/** The key challenges are signed with: from FORECOURT_SECRET, else DATA_DIR/challenge-secret (made once, 0600). */
export function challengeSecret(): Buffer {
  return services().get(challengeKey);
}

/** Forgets the process's secret (tests; the next use reads FORECOURT_SECRET or the file again). */
export function resetChallengeSecret(): void {
  void services().forget(challengeKey);
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const sign = (secret: Buffer, payload: string, client: string) => createHmac("sha256", secret).update(`${payload}|${client}`).digest();

interface ChallengeScope {
  /** The site's slug. */
  site: string;
  /** What the challenge lets through ("lead", "sms-code"). */
  purpose: string;
  /** The client bucket it was issued to (clientKey). */
  client: string;
  now?: Date;
  secret?: Buffer;
}

/** A new signed challenge of `difficulty` bits for one request of `purpose` on `site` from `client`. */
export function issueChallenge(scope: ChallengeScope & { difficulty: number }): ChallengeOffer {
  const difficulty = Math.min(Math.max(1, Math.round(scope.difficulty)), MAX_CHALLENGE_BITS);
  const expires = (scope.now?.getTime() ?? Date.now()) + CHALLENGE_TTL_MS;
  const payload = b64(JSON.stringify({ s: scope.site, p: scope.purpose, r: randomBytes(12).toString("base64url"), d: difficulty, e: expires }));
  const token = `${payload}.${b64(sign(scope.secret ?? challengeSecret(), payload, scope.client))}`;
  return { token, difficulty };
}

const SOLUTION = /^([A-Za-z0-9_-]{20,500})\.([A-Za-z0-9_-]{43}):(\d{1,16})$/;

/** The solved challenge a request carries, checked; its id and expiry, else the refusal to answer. */
export function checkChallenge(value: string, scope: ChallengeScope): { id: string; expiresAt: number } | ChallengeRefused {
  const m = SOLUTION.exec(value.trim());
  if (!m) return new ChallengeRefused(400, CHALLENGE_MESSAGES.unreadable);
  const [, payload, signature, nonce] = m;
  const expected = sign(scope.secret ?? challengeSecret(), payload, scope.client);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return new ChallengeRefused(403, CHALLENGE_MESSAGES.forged);
  const fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { s: string; p: string; r: string; d: number; e: number };
  if (fields.s !== scope.site || fields.p !== scope.purpose) return new ChallengeRefused(403, CHALLENGE_MESSAGES.elsewhere);
  if (fields.e <= (scope.now?.getTime() ?? Date.now())) return new ChallengeRefused(403, CHALLENGE_MESSAGES.expired);
  const hash = createHash("sha256").update(challengeInput(`${payload}.${signature}`, nonce)).digest();
  if (leadingZeroBits(hash) < fields.d) return new ChallengeRefused(403, CHALLENGE_MESSAGES.unsolved);
  return { id: fields.r, expiresAt: fields.e };
}

/**
 * Whether the request carries a solved challenge for `scope`: false when it carries none; true once
 * it was checked and recorded as used. A bad, expired, foreign or already used one throws its
 * ChallengeRefused (400/403 with a message).
 */
export async function redeemChallenge(limiter: RateLimiter, request: Request, scope: ChallengeScope): Promise<boolean> {
  const value = request.headers.get(CHALLENGE_HEADER);
  if (value === null) return false;
  const checked = checkChallenge(value, scope);
  if (checked instanceof ChallengeRefused) throw checked;
  const left = checked.expiresAt - (scope.now?.getTime() ?? Date.now());
  const first = await limiter.hit(`challenge:used:${scope.site}:${checked.id}`, 1, Math.max(1000, left + 60_000));
  if (!first.ok) throw new ChallengeRefused(403, CHALLENGE_MESSAGES.used);
  return true;
}

/** A site-wide cap: `limit` per `windowMs` on `key`, then `tiers` × `step` challenges of rising difficulty, then refused. */
export interface ChallengedCap {
  key: string;
  limit: number;
  windowMs: number;
  step: number;
  tiers: number;
}

export type CapAnswer = { ok: true } | { ok: false; retryAfterS: number; challenge: ChallengeOffer | null };

/**
 * Counts one request on the cap; past it, the next free step of its ladder issues a challenge
 * (CHALLENGE_BASE_BITS + the step's index); past the ladder, `challenge` is null: refuse.
 */
export async function capOrChallenge(limiter: RateLimiter, cap: ChallengedCap, scope: ChallengeScope): Promise<CapAnswer> {
  const r = await limiter.hit(cap.key, cap.limit, cap.windowMs);
  if (r.ok) return { ok: true };
  for (let tier = 0; tier < cap.tiers; tier++) {
    const t = await limiter.hit(`${cap.key}:challenge:${tier}`, cap.step, cap.windowMs);
    if (t.ok) return { ok: false, retryAfterS: r.retryAfterS, challenge: issueChallenge({ ...scope, difficulty: CHALLENGE_BASE_BITS + tier }) };
  }
  return { ok: false, retryAfterS: r.retryAfterS, challenge: null };
}

/** A wait in whole minutes, for a limit's message: "1 minute", "12 minutes" (at least one). */
export function inMinutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Over a limit: 429 with Retry-After, and the challenge that lets the request through when there is one. */
export class LimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterS: number,
    readonly challenge: ChallengeOffer | null = null,
  ) {
    super(429, message);
  }
  override body(): ErrorBody {
    return this.challenge ? { message: this.message, challenge: this.challenge } : { message: this.message };
  }
  override headers(): Record<string, string> {
    return { "retry-after": String(this.retryAfterS) };
  }
}

type Window = { limit: number; windowMs: number };
export interface SiteLimits {
  perClient: Window;
  perNetwork: Window;
  perSite: Window;
}

/**
 * The limits of a site's endpoint that a flood must not turn into everyone's outage, in order, each
 * counted only when the one before let the request through: the client's (IPv4 address, IPv6 /64)
 * and its network's (/24, /48) — 429 `tooMany` — then the site's cap: past it a challenge the browser
 * solves (429 `busy`, with the challenge; a tenth of the cap at each of 6 difficulties), past that a
 * refusal (429 `full`). A request carrying a solved challenge of this purpose passes once: its client
 * and network were counted when it was issued. Throws LimitedError, or ChallengeRefused.
 */
export async function limitSiteRequest(
  limiter: RateLimiter,
  request: Request,
  o: { site: string; purpose: string; now?: Date; limits: SiteLimits; tooMany: (retryAfterS: number) => string; busy: string; full: (retryAfterS: number) => string },
): Promise<void> {
  const client = clientKey(request);
  const scope = { site: o.site, purpose: o.purpose, client, now: o.now };
  if (await redeemChallenge(limiter, request, scope)) return;
  const limited = await hitInOrder(limiter, [
    { key: `${o.purpose}:client:${o.site}:${client}`, ...o.limits.perClient },
    { key: `${o.purpose}:network:${o.site}:${networkKey(client)}`, ...o.limits.perNetwork },
  ]);
  if (!limited.ok) throw new LimitedError(o.tooMany(limited.retryAfterS), limited.retryAfterS);
  const cap = await capOrChallenge(limiter, { key: `${o.purpose}:site:${o.site}`, ...o.limits.perSite, step: Math.max(1, Math.ceil(o.limits.perSite.limit / 10)), tiers: 6 }, scope);
  if (!cap.ok) throw new LimitedError(cap.challenge ? o.busy : o.full(cap.retryAfterS), cap.retryAfterS, cap.challenge);
}
