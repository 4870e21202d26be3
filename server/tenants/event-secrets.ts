/**
 * A site's secrets for its server-side lead events (server/leads/lead-events.ts): GA4's Measurement
 * Protocol API secret and Meta's Conversions API access token, in the site_secrets table — never in
 * the tenant document, which is exported, versioned and shown to dealers. Write-only: the admin sees
 * whether each is set, and sets, replaces or clears it; nothing ever answers a secret's value.
 * Read from the database on every use, so every process sees a change at once.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { siteSecrets } from "../db/schema";

export const EVENT_SECRETS = {
  ga4ApiSecret: "GA4 Measurement Protocol API secret",
  metaAccessToken: "Meta Conversions API access token",
} as const;
export type EventSecretName = keyof typeof EVENT_SECRETS;
export const EVENT_SECRET_NAMES = Object.keys(EVENT_SECRETS) as EventSecretName[];

/** What a secret may be: printable ASCII without spaces, as both services issue them. */
const SECRET_VALUE = /^[\x21-\x7e]{8,512}$/;

export function secretProblem(name: EventSecretName, value: unknown): string | null {
  if (typeof value !== "string" || !SECRET_VALUE.test(value.trim())) return `The ${EVENT_SECRETS[name]} must be 8 to 512 characters without spaces, as the service issued it.`;
  return null;
}

/** The site's event secrets that are set (values only for the server's own use). */
export async function eventSecrets(db: Db, tenant: string): Promise<Partial<Record<EventSecretName, string>>> {
  const rows = await db.select({ name: siteSecrets.name, value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.tenantSlug, tenant));
  const out: Partial<Record<EventSecretName, string>> = {};
  for (const r of rows) if (r.name in EVENT_SECRETS) out[r.name as EventSecretName] = r.value;
  return out;
}

export interface SecretStatus {
  name: EventSecretName;
  label: string;
  set: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Whether each secret is set, when and by whom: what the admin shows (never the value). */
export async function eventSecretStatus(db: Db, tenant: string): Promise<SecretStatus[]> {
  const rows = await db
    .select({ name: siteSecrets.name, updatedAt: siteSecrets.updatedAt, updatedBy: siteSecrets.updatedBy })
    .from(siteSecrets)
    .where(eq(siteSecrets.tenantSlug, tenant));
  return EVENT_SECRET_NAMES.map((name) => {
    const row = rows.find((r) => r.name === name);
    return { name, label: EVENT_SECRETS[name], set: !!row, updatedAt: row?.updatedAt ?? null, updatedBy: row?.updatedBy ?? null };
  });
}

/** Sets or replaces a secret (value checked by secretProblem first), or clears it (null). */
export async function setEventSecret(db: Db, tenant: string, name: EventSecretName, value: string | null, by: string): Promise<void> {
  if (value === null) {
    await db.delete(siteSecrets).where(and(eq(siteSecrets.tenantSlug, tenant), eq(siteSecrets.name, name)));
    return;
  }
  const problem = secretProblem(name, value);
  if (problem) throw new Error(problem);
  const v = value.trim();
  await db
    .insert(siteSecrets)
    .values({ tenantSlug: tenant, name, value: v, updatedBy: by })
    .onConflictDoUpdate({ target: [siteSecrets.tenantSlug, siteSecrets.name], set: { value: v, updatedBy: by, updatedAt: new Date() } });
}
