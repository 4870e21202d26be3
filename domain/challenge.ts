/**
 * The proof-of-work check a site asks for instead of refusing everyone once a site-wide cap is
 * reached (server/http/challenge.ts issues and verifies it; blocks/_shared/challenge.ts solves it in
 * the browser). The server hands out a signed token and a difficulty d; the browser finds a nonce
 * (decimal digits) such that SHA-256(`${token}:${nonce}`) starts with d zero bits, and sends the
 * request again with `${token}:${nonce}` in the CHALLENGE_HEADER header.
 */

export const CHALLENGE_HEADER = "forecourt-challenge";

/** What a capped answer (429) carries besides its message. */
export interface ChallengeOffer {
  token: string;
  /** Leading zero bits the hash must have. */
  difficulty: number;
}

/** The most zero bits a browser will try to find (about a minute on a phone); a server never asks more. */
export const MAX_CHALLENGE_BITS = 22;

/** A capped answer's challenge, when the body carries a well-formed one. */
export function challengeOffer(body: unknown): ChallengeOffer | null {
  const c = body && typeof body === "object" ? (body as { challenge?: unknown }).challenge : undefined;
  if (!c || typeof c !== "object") return null;
  const { token, difficulty } = c as { token?: unknown; difficulty?: unknown };
  if (typeof token !== "string" || !/^[A-Za-z0-9_.-]{20,600}$/.test(token)) return null;
  if (typeof difficulty !== "number" || !Number.isInteger(difficulty) || difficulty < 1 || difficulty > MAX_CHALLENGE_BITS) return null;
  return { token, difficulty };
}

/** How many leading zero bits `hash` has. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** What is hashed for one try. */
export const challengeInput = (token: string, nonce: string) => `${token}:${nonce}`;
