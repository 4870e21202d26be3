import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backends, withTestDatabase } from "../../tests/databases";
import { challengeOffer, solveChallenge } from "../../domain/challenge";
import type { DbHandle } from "../db";
import { leads } from "../db/schema";
import { CHALLENGE_BASE_BITS, CHALLENGE_HEADER, CHALLENGE_MESSAGES, issueChallenge, resetChallengeSecret } from "../http/challenge";
import { LEADS_BUSY, siteLadder } from "./http";
import { MemoryRateLimiter } from "../http/rate-limit";
import { demoSite, deps, post, validLead } from "./test-helpers";

// The key the handler signs challenges with (else one is made in DATA_DIR).
beforeAll(() => {
  vi.stubEnv("FORECOURT_SECRET", "site-cap-test-secret");
  resetChallengeSecret();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetChallengeSecret();
});

/** The answer's challenge solved with Node's SHA-256 (the browser's solver has its own test). */
async function solved(res: Response): Promise<string> {
  const offer = challengeOffer(await res.json());
  if (!offer) throw new Error("no challenge in the answer");
  return solveChallenge(offer, async (data) => new Uint8Array(createHash("sha256").update(data).digest()));
}

describe.each(backends)("POST /api/leads past the site's cap on %s", (_name, make) => {
  let h: DbHandle;
  const { need } = withTestDatabase(make, (opened) => (h = opened));
  const stored = async (id: string) => (await h.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id))).length;

  it("answers a challenge instead of refusing; the solved challenge is accepted once, and a replayed, foreign, expired or forged one is refused", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => 1_000_000); // a still clock
    const limits = { perClient: { limit: 10, windowMs: 60_000 }, perNetwork: { limit: 30, windowMs: 60_000 }, perSite: { limit: 2, windowMs: 60_000 } };
    expect(siteLadder(limits)).toEqual({ step: 1, tiers: 6 });
    const d = deps(h, demoSite(null), { limiter: async () => limiter, limits });
    for (const ip of ["203.0.113.1", "198.51.100.1"]) expect((await post(d, validLead(), { ip })).status).toBe(200);

    // The site's cap reached by other networks: a third visitor is asked to prove work, not refused.
    const capped = await post(d, validLead(), { ip: "192.0.2.9", key: "visitor-key-1" });
    expect(capped.status).toBe(429);
    expect(capped.headers.get("retry-after")).toBe("60");
    expect(await capped.clone().json()).toMatchObject({ error: LEADS_BUSY, challenge: { difficulty: CHALLENGE_BASE_BITS } });
    const solution = await solved(capped);

    const accepted = await post(d, validLead(), { ip: "192.0.2.9", key: "visitor-key-1", headers: { [CHALLENGE_HEADER]: solution } });
    expect(accepted.status).toBe(200);
    const { lead_id } = (await accepted.json()) as { lead_id: string };
    expect(await stored(lead_id)).toBe(1);

    const refusedWith = async (value: string, ip = "192.0.2.9") => {
      const res = await post(d, validLead(), { ip, headers: { [CHALLENGE_HEADER]: value } });
      return { status: res.status, body: await res.json() };
    };
    expect(await refusedWith(solution)).toEqual({ status: 403, body: { error: CHALLENGE_MESSAGES.used, challengeRefused: true } });
    // Issued to another client: its solution is no good from here.
    const other = await solved(await post(d, validLead(), { ip: "192.0.2.10" }));
    expect(await refusedWith(other)).toEqual({ status: 403, body: { error: CHALLENGE_MESSAGES.forged, challengeRefused: true } });
    const solve = (offer: ReturnType<typeof issueChallenge>) => solveChallenge(offer, async (data) => new Uint8Array(createHash("sha256").update(data).digest()));
    const client = "192.0.2.9";
    expect(await refusedWith(await solve(issueChallenge({ site: "another-site", purpose: "lead", client, difficulty: 4 })))).toEqual({
      status: 403,
      body: { error: CHALLENGE_MESSAGES.elsewhere, challengeRefused: true },
    });
    expect(await refusedWith(await solve(issueChallenge({ site: "harbourline", purpose: "sms-code", client, difficulty: 4 })))).toEqual({
      status: 403,
      body: { error: CHALLENGE_MESSAGES.elsewhere, challengeRefused: true },
    });
    expect(await refusedWith(await solve(issueChallenge({ site: "harbourline", purpose: "lead", client, difficulty: 4, now: new Date(Date.now() - 121_000) })))).toEqual({
      status: 403,
      body: { error: CHALLENGE_MESSAGES.expired, challengeRefused: true },
    });
    expect(await refusedWith(await solve(issueChallenge({ site: "harbourline", purpose: "lead", client, difficulty: 4, secret: Buffer.alloc(32, 1) })))).toEqual({
      status: 403,
      body: { error: CHALLENGE_MESSAGES.forged, challengeRefused: true },
    });
    expect(await refusedWith("not a solution")).toEqual({ status: 400, body: { error: CHALLENGE_MESSAGES.unreadable, challengeRefused: true } });

    // Each further challenge is harder; past the ladder the site refuses, so the dealer's inbox stays bounded.
    const next = [];
    for (let i = 0; i < 5; i++) next.push(challengeOffer(await (await post(d, validLead(), { ip: `198.51.${10 + i}.1` })).json())?.difficulty ?? "refused");
    expect(next).toEqual([CHALLENGE_BASE_BITS + 2, CHALLENGE_BASE_BITS + 3, CHALLENGE_BASE_BITS + 4, CHALLENGE_BASE_BITS + 5, "refused"]);
    const last = await post(d, validLead(), { ip: "198.51.20.1" });
    expect(await last.json()).toEqual({ error: "This site is receiving too many enquiries right now. Please try again in 60 seconds." });
  });

  it("the per-client limit still applies to a visitor who could solve challenges", async (c) => {
    need(c);
    const limiter = new MemoryRateLimiter(() => 1_000_000);
    const limits = { perClient: { limit: 2, windowMs: 60_000 }, perNetwork: { limit: 30, windowMs: 60_000 }, perSite: { limit: 1, windowMs: 60_000 } };
    const d = deps(h, demoSite(null), { limiter: async () => limiter, limits });
    expect((await post(d, validLead(), { ip: "203.0.113.50" })).status).toBe(200);
    const first = await post(d, validLead(), { ip: "203.0.113.51" });
    expect((await post(d, validLead(), { ip: "203.0.113.51", headers: { [CHALLENGE_HEADER]: await solved(first) } })).status).toBe(200);
    // Its second request counted is challenged again; its third is over its own limit.
    expect(challengeOffer(await (await post(d, validLead(), { ip: "203.0.113.51" })).json())).not.toBeNull();
    const over = await post(d, validLead(), { ip: "203.0.113.51" });
    expect(await over.json()).toEqual({ error: "Too many enquiries were sent from here in a short time. Please try again in 60 seconds." });
  });
});
