import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { challengeOffer, leadingZeroBits, sha256, solveChallenge } from "../../domain/challenge";
import { MemoryRateLimiter, RedisRateLimiter } from "./rate-limit";
import {
  capOrChallenge,
  CHALLENGE_BASE_BITS,
  CHALLENGE_HEADER,
  CHALLENGE_MESSAGES,
  ChallengeRefused,
  challengeSecret,
  checkChallenge,
  issueChallenge,
  redeemChallenge,
  resetChallengeSecret,
} from "./challenge";

const secret = Buffer.alloc(32, 7);
const scope = { site: "alpha", purpose: "lead", client: "198.51.100.4", secret, now: new Date("2026-05-01T00:00:00Z") };
const later = (ms: number) => new Date(scope.now.getTime() + ms);
/** Node's own SHA-256, to solve quickly where the test is not about the browser's solver. */
const nodeDigest = async (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest());
const solve = (difficulty: number, s = scope) => solveChallenge(issueChallenge({ ...s, difficulty }), nodeDigest);
const refusal = (r: unknown) => (r instanceof ChallengeRefused ? { status: r.status, ...r.body() } : r);
const withHeader = (value: string) => new Request("http://alpha.localhost/api/leads", { method: "POST", headers: { [CHALLENGE_HEADER]: value } });

describe("the proof-of-work challenge", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x1f, 0xff]))).toBe(19);
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Uint8Array.from([0, 0]))).toBe(16);
  });

  it("the browser's solver (Web Crypto) finds a nonce whose SHA-256 has the asked zero bits, and the server accepts it", async () => {
    const offer = issueChallenge({ ...scope, difficulty: 10 });
    expect(offer.difficulty).toBe(10);
    expect(challengeOffer({ challenge: offer })).toEqual(offer);
    const solution = await solveChallenge(offer);
    expect(solution.startsWith(`${offer.token}:`)).toBe(true);
    expect(leadingZeroBits(createHash("sha256").update(solution).digest())).toBeGreaterThanOrEqual(10);
    expect(checkChallenge(solution, scope)).toMatchObject({ expiresAt: later(120_000).getTime() });
  });

  it("the script SHA-256 (for pages without crypto.subtle) matches Node's at every padding length", () => {
    for (const n of [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 200]) {
      const data = new TextEncoder().encode("ab€".repeat(n).slice(0, n));
      expect(Buffer.from(sha256(data)).toString("hex")).toBe(createHash("sha256").update(data).digest("hex"));
    }
  });

  it("accepts a solved challenge once; a replay, an expired, another site's, another form's, another client's, a forged, an unsolved or unreadable one is refused with its message", async () => {
    const limiter = new MemoryRateLimiter();
    const solution = await solve(8);
    expect(await redeemChallenge(limiter, withHeader(solution), scope)).toBe(true);
    await expect(redeemChallenge(limiter, withHeader(solution), scope).catch(refusal)).resolves.toEqual({ status: 403, message: CHALLENGE_MESSAGES.used, challengeRefused: true });
    // No header: nothing to redeem.
    expect(await redeemChallenge(limiter, new Request("http://alpha.localhost/"), scope)).toBe(false);

    const fresh = await solve(8);
    expect(refusal(checkChallenge(fresh, { ...scope, now: later(120_000) }))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.expired, challengeRefused: true });
    expect(refusal(checkChallenge(fresh, { ...scope, site: "beta" }))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.elsewhere, challengeRefused: true });
    expect(refusal(checkChallenge(fresh, { ...scope, purpose: "sms-code" }))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.elsewhere, challengeRefused: true });
    expect(refusal(checkChallenge(fresh, { ...scope, client: "198.51.100.5" }))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.forged, challengeRefused: true });
    expect(refusal(checkChallenge(fresh, { ...scope, secret: Buffer.alloc(32, 8) }))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.forged, challengeRefused: true });
    // The difficulty lowered in the payload: the signature no longer matches.
    const [payload, rest] = fresh.split(".");
    const easier = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), d: 1 })).toString("base64url");
    expect(refusal(checkChallenge(`${easier}.${rest}`, scope))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.forged, challengeRefused: true });
    // The right token with a nonce that does not solve it (a difficulty no nonce 0–9 meets by chance).
    const hard = issueChallenge({ ...scope, difficulty: 22 });
    const unsolved = [...Array(10).keys()].map((n) => `${hard.token}:${n}`).find((v) => leadingZeroBits(createHash("sha256").update(v).digest()) < 22)!;
    expect(refusal(checkChallenge(unsolved, scope))).toEqual({ status: 403, message: CHALLENGE_MESSAGES.unsolved, challengeRefused: true });
    for (const junk of ["", "x", `${fresh}x`, "a".repeat(5000), `${fresh.split(":")[0]}:-1`]) {
      expect(refusal(checkChallenge(junk, scope))).toEqual({ status: 400, message: CHALLENGE_MESSAGES.unreadable, challengeRefused: true });
    }
  });

  it("a site's cap answers challenges of rising difficulty, a step of them at each, then refuses", async () => {
    const limiter = new MemoryRateLimiter();
    const cap = { key: "lead:site:alpha", limit: 2, windowMs: 60_000, step: 2, tiers: 3 };
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await capOrChallenge(limiter, cap, scope));
    expect(answers.map((a) => (a.ok ? "ok" : (a.challenge?.difficulty ?? "refused")))).toEqual([
      "ok",
      "ok",
      CHALLENGE_BASE_BITS,
      CHALLENGE_BASE_BITS,
      CHALLENGE_BASE_BITS + 1,
      CHALLENGE_BASE_BITS + 1,
      CHALLENGE_BASE_BITS + 2,
      CHALLENGE_BASE_BITS + 2,
      "refused",
    ]);
    expect(answers[8]).toEqual({ ok: false, retryAfterS: 60, challenge: null });
  });

  it("a solution used in one server process is refused in another (the use is recorded in Redis)", async (c) => {
    const url = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
    const prefix = `forecourt:test:challenge:${process.pid}:${Date.now()}:`;
    const [one, two] = await Promise.all([RedisRateLimiter.connect(url, prefix), RedisRateLimiter.connect(url, prefix)]);
    try {
      if (one.mode() !== "redis") return c.skip();
      const solution = await solve(8, { ...scope, now: new Date() });
      expect(await redeemChallenge(one, withHeader(solution), { ...scope, now: new Date() })).toBe(true);
      await expect(redeemChallenge(two, withHeader(solution), { ...scope, now: new Date() }).catch(refusal)).resolves.toEqual({ status: 403, message: CHALLENGE_MESSAGES.used, challengeRefused: true });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("without FORECOURT_SECRET the key is made once in DATA_DIR/challenge-secret (0600) and read back by the next process; FORECOURT_SECRET replaces it", () => {
    const dir = mkdtempSync(join(tmpdir(), "forecourt-secret-"));
    vi.stubEnv("FORECOURT_SECRET", "");
    vi.stubEnv("DATA_DIR", dir);
    try {
      resetChallengeSecret();
      const made = challengeSecret();
      const file = join(dir, "challenge-secret");
      expect(readFileSync(file, "utf8")).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      resetChallengeSecret(); // another process on the same data directory
      expect(challengeSecret().equals(made)).toBe(true);
      vi.stubEnv("FORECOURT_SECRET", "configured");
      resetChallengeSecret();
      expect(challengeSecret().equals(made)).toBe(false);
      expect(challengeSecret().equals(createHash("sha256").update("forecourt-challenge:configured").digest())).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      resetChallengeSecret();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
