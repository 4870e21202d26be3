import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db";
import { dealershipApiKeys } from "../db/schema";

/**
 * Feed keys: 32 random bytes, shown once as "fck_" + base64url. Only their SHA-256 is stored —
 * the keys are random, so a fast hash is as safe as a slow one and keeps each request cheap.
 */
const PREFIX = "fck_";

export const hashKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

export interface NewApiKey {
  id: number;
  dealershipId: number;
  /** The key itself; it cannot be recovered later. */
  key: string;
  label: string;
}

export async function createApiKey(db: Db, dealershipId: number, label = ""): Promise<NewApiKey> {
  const key = PREFIX + randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(dealershipApiKeys)
    .values({ dealershipId, keyHash: hashKey(key), keyPrefix: key.slice(0, PREFIX.length + 6), label })
    .returning({ id: dealershipApiKeys.id });
  return { id: row.id, dealershipId, key, label };
}

export async function revokeApiKey(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(dealershipApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(dealershipApiKeys.id, id), isNull(dealershipApiKeys.revokedAt)))
    .returning({ id: dealershipApiKeys.id });
  return rows.length === 1;
}

/** How stale a key's last-used time may get: a busy feed writes it once a minute, not on every request. */
const LAST_USED_STEP_MS = 60_000;

/**
 * The dealership a key belongs to; null for a key that is unknown, malformed or revoked. Notes when
 * the key was used (to the minute), for the admin's dealership directory.
 */
export async function dealershipForKey(db: Db, key: string, now = new Date()): Promise<number | null> {
  if (!key.startsWith(PREFIX) || key.length > 100) return null;
  const [row] = await db
    .select({ id: dealershipApiKeys.id, dealershipId: dealershipApiKeys.dealershipId, lastUsedAt: dealershipApiKeys.lastUsedAt })
    .from(dealershipApiKeys)
    .where(and(eq(dealershipApiKeys.keyHash, hashKey(key)), isNull(dealershipApiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
    await db.update(dealershipApiKeys).set({ lastUsedAt: now }).where(eq(dealershipApiKeys.id, row.id));
  }
  return row.dealershipId;
}

/** The key of an `Authorization: Bearer <key>` header, or null. */
export function bearerKey(header: string | null): string | null {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return m ? m[1] : null;
}
