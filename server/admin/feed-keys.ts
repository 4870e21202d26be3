/** Staff's feed keys per dealership (Authorization: Bearer <key> on the feed API): list, make, revoke; making and revoking are audited. */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, dealershipApiKeys, dealerships, tenants, vehicles } from "../db/schema";
import { NotFoundError, ValidationError } from "../errors";
import { createApiKey, revokeApiKey, type NewApiKey } from "../inventory/keys";
import type { AdminUser } from "./accounts";
import { assertStaff } from "./access";

export interface FeedKeyRow {
  id: number;
  dealershipId: number;
  label: string;
  /** The key's first characters (fck_ and 6 more), to tell keys apart; never the whole key. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Staff: the feed keys not revoked, by dealership, oldest first. */
export async function feedKeys(db: Db, user: AdminUser): Promise<FeedKeyRow[]> {
  assertStaff(user, "see feed keys");
  return db
    .select({
      id: dealershipApiKeys.id, dealershipId: dealershipApiKeys.dealershipId, label: dealershipApiKeys.label, prefix: dealershipApiKeys.keyPrefix,
      createdAt: dealershipApiKeys.createdAt, lastUsedAt: dealershipApiKeys.lastUsedAt,
    })
    .from(dealershipApiKeys)
    .where(isNull(dealershipApiKeys.revokedAt))
    .orderBy(dealershipApiKeys.dealershipId, dealershipApiKeys.id);
}

async function knownDealership(db: Db, id: number): Promise<{ tenantId: number | null }> {
  const [row] = await db.select({ tenantId: tenants.id }).from(dealerships).leftJoin(tenants, eq(tenants.slug, dealerships.tenantSlug)).where(eq(dealerships.id, id));
  if (row) return row;
  const [car] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.dealershipId, id)).limit(1);
  if (!car) throw new NotFoundError(`There is no dealership ${id}; add it to the directory first.`);
  await db.insert(dealerships).values({ id }).onConflictDoNothing();
  return { tenantId: null };
}

/** Staff make a feed key for dealership `id`; the key itself is in the answer only (its hash is kept). Audited. */
export async function createFeedKey(db: Db, user: AdminUser, id: number, label: string): Promise<NewApiKey & { prefix: string; createdAt: Date }> {
  assertStaff(user, "make feed keys");
  if (label.length > 100 || /[\u0000-\u001f\u007f]/.test(label)) {
    throw new ValidationError("The feed key was not made:", [{ pointer: "/label", message: "Label: at most 100 characters, on one line." }]);
  }
  const { tenantId } = await knownDealership(db, id);
  const key = await createApiKey(db, id, label.trim());
  const [row] = await db.select({ prefix: dealershipApiKeys.keyPrefix, createdAt: dealershipApiKeys.createdAt }).from(dealershipApiKeys).where(eq(dealershipApiKeys.id, key.id));
  await db.insert(auditLog).values({ actor: user.email, tenantId, action: "create-feed-key", detail: { dealership: id, key: key.id, prefix: row.prefix, label: key.label } });
  return { ...key, ...row };
}

/** Staff revoke feed key `keyId` of dealership `id` (feeds sending it are refused from now on). Audited. */
export async function revokeFeedKey(db: Db, user: AdminUser, id: number, keyId: number): Promise<void> {
  assertStaff(user, "revoke feed keys");
  const [key] = await db
    .select({ id: dealershipApiKeys.id, prefix: dealershipApiKeys.keyPrefix })
    .from(dealershipApiKeys)
    .where(and(eq(dealershipApiKeys.id, keyId), eq(dealershipApiKeys.dealershipId, id), isNull(dealershipApiKeys.revokedAt)));
  if (!key || !(await revokeApiKey(db, keyId))) throw new NotFoundError(`Dealership ${id} has no feed key ${keyId} in use (already revoked?).`);
  const [owner] = await db.select({ tenantId: tenants.id }).from(dealerships).innerJoin(tenants, eq(tenants.slug, dealerships.tenantSlug)).where(eq(dealerships.id, id));
  await db.insert(auditLog).values({ actor: user.email, tenantId: owner?.tenantId ?? null, action: "revoke-feed-key", detail: { dealership: id, key: keyId, prefix: key.prefix } });
}
