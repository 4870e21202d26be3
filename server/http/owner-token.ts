/**
 * What a visitor starts, only that visitor can change: a random token handed to the visitor who
 * started something (a reservation's HttpOnly cookie, a service booking's first step's answer) and
 * kept only as its SHA-256 beside the row. Whoever later presents the token is that visitor.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const ownerTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh token (43 characters of base64url) and the hash to store. */
export function newOwnerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: ownerTokenHash(token) };
}

/** Whether `token` is the one whose hash was stored; false for no token or no stored hash. */
export function ownerTokenMatches(storedHash: string | null | undefined, token: string | null | undefined): boolean {
  if (!storedHash || typeof token !== "string" || token.length === 0 || token.length > 200) return false;
  const a = Buffer.from(ownerTokenHash(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
