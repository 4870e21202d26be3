/**
 * The browser's side of the site's proof-of-work check (domain/challenge.ts, server/http/challenge.ts):
 * when a form's request is answered 429 with a challenge (a site-wide cap was reached), it is solved
 * (Web Crypto's SHA-256, domain/challenge.ts) and the same request sent again with the solution. The
 * lead forms (lead-submit.ts) and the sign-in form send through `fetchWithChallenge`.
 */
import { challengeOffer, CHALLENGE_HEADER, solveChallenge, type Digest } from "../../domain/challenge";

/**
 * `fetch`, and when the answer is a challenge, solved and sent again (`onChallenge` first, for the
 * form's "Checking your browser…"); a solution the server refused (expired, used) gets one fresh
 * challenge. Any other answer, or the last after a few rounds, is returned as it is.
 */
export async function fetchWithChallenge(
  url: string,
  init: RequestInit,
  opts: { fetch?: typeof fetch; onChallenge?: () => void; digest?: Digest } = {},
): Promise<Response> {
  const doFetch = opts.fetch ?? fetch;
  let solution: string | null = null;
  let refreshed = false;
  for (let round = 0; ; round++) {
    // The caller's headers as they are; with a solution, the same as a plain object plus the solution.
    const headers = solution ? { ...Object.fromEntries(new Headers(init.headers)), [CHALLENGE_HEADER]: solution } : init.headers;
    const res = await doFetch(url, { ...init, headers });
    if (round >= 3 || ![400, 403, 429].includes(res.status)) return res;
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => null);
    const offer = res.status === 429 ? challengeOffer(body) : null;
    if (offer) {
      opts.onChallenge?.();
      solution = await solveChallenge(offer, opts.digest);
      continue;
    }
    if (solution && !refreshed && (body as { challengeRefused?: unknown } | null)?.challengeRefused === true) {
      refreshed = true;
      solution = null;
      continue;
    }
    return res;
  }
}
