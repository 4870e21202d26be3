import { describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "../../server/http/rate-limit";
import { CHALLENGE_HEADER, CHALLENGE_MESSAGES, ChallengeRefused, issueChallenge, redeemChallenge } from "../../server/http/challenge";
import { fetchWithChallenge } from "./challenge";

const secret = Buffer.alloc(32, 7);
const scope = { site: "alpha", purpose: "lead", client: "198.51.100.4", secret };

describe("fetchWithChallenge (the lead forms' and the sign-in form's requests)", () => {
  it("the form helper solves a challenge answer, says so, and sends the request again with the solution; a refused solution gets one fresh challenge", async () => {
    const limiter = new MemoryRateLimiter();
    const seen: (string | null)[] = [];
    let refuseNext = true;
    const server = async (_url: string | URL | Request, init?: RequestInit) => {
      const request = new Request("http://alpha.localhost/api/leads", init);
      seen.push(request.headers.get(CHALLENGE_HEADER));
      try {
        if (await redeemChallenge(limiter, request, scope)) {
          if (refuseNext) {
            refuseNext = false;
            return Response.json(new ChallengeRefused(403, CHALLENGE_MESSAGES.expired).body(), { status: 403 });
          }
          return Response.json({ ok: true, body: await request.text() });
        }
      } catch (e) {
        return Response.json((e as ChallengeRefused).body(), { status: (e as ChallengeRefused).status });
      }
      return Response.json({ error: "busy", challenge: issueChallenge({ ...scope, difficulty: 6 }) }, { status: 429 });
    };
    let checking = 0;
    const res = await fetchWithChallenge("/api/leads", { method: "POST", headers: { "idempotency-key": "k-12345678" }, body: "{}" }, { fetch: server as typeof fetch, onChallenge: () => checking++ });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, body: "{}" });
    // Asked, solved, refused (expired), asked again without the old solution, solved, accepted.
    expect(seen.map((s) => (s === null ? "none" : "solution"))).toEqual(["none", "solution", "none", "solution"]);
    expect(checking).toBe(2);
    // An answer without a challenge is handed back as it is.
    const plain = await fetchWithChallenge("/x", {}, { fetch: (async () => Response.json({ error: "Too many" }, { status: 429 })) as typeof fetch });
    expect(await plain.json()).toEqual({ error: "Too many" });
  });
});
