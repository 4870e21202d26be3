/**
 * A site's secrets for its server-side lead events (server/leads/lead-events.ts): GA4's Measurement
 * Protocol API secret and Meta's Conversions API access token, in the site_secrets table — never in
 * the tenant document, which is exported, versioned and shown to dealers. Write-only: the admin sees
 * whether each is set, and sets, replaces or clears it; nothing ever answers a secret's value.
 * Read from the database on every use, so every process sees a change at once.
 *
 * Stored sealed (secret-box.ts: AES-256-GCM, bound to the site and the secret's name) with the
 * process's key (secrets-key.ts); a value sealed with a previous key (FORECOURT_SECRETS_KEY_PREVIOUS)
 * is read with it. A value stored before encryption (plain text) is still read. Both are sealed with
 * the current key at the server's start or by `npm run secrets:rotate` (secrets-reseal.ts), or when
 * next set. A value that does not open (another key, altered) is logged once and left out: that
 * destination is not sent to, and the admin says it must be entered again.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { siteSecrets } from "../db/schema";
import { HttpError } from "../errors";
import { isSealed, openSecretWithAny, sealSecret } from "./secret-box";
import { secretsKey, type SecretsKey } from "./secrets-key";

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

/** What a secret is sealed with beside the key: which site's which secret. */
export const sealContext = (tenant: string, name: string) => `site_secrets/${tenant}/${name}`;

/** The keys a stored value may be opened with: the current one first, then the previous ones. */
export const keysOf = (k: SecretsKey): Buffer[] => (k.key ? [k.key, ...(k.previous ?? [])] : []);

/** The secrets whose value did not open, by site, name and stored value: each is logged once per process. */
const told = new Set<string>();

export interface EventSecretsRead {
  /** The secrets that are set and readable (values only for the server's own use). */
  values: Partial<Record<EventSecretName, string>>;
  /** The secrets that are set but do not open, and why. */
  unreadable: Partial<Record<EventSecretName, string>>;
}

/** The site's event secrets, opened with the process's key (`keyOf`: tests give theirs). */
export async function readEventSecrets(db: Db, tenant: string, keyOf: () => SecretsKey = secretsKey): Promise<EventSecretsRead> {
  const rows = await db.select({ name: siteSecrets.name, value: siteSecrets.value }).from(siteSecrets).where(eq(siteSecrets.tenantSlug, tenant));
  const out: EventSecretsRead = { values: {}, unreadable: {} };
  for (const r of rows) {
    if (!(r.name in EVENT_SECRETS)) continue;
    const name = r.name as EventSecretName;
    if (!isSealed(r.value)) {
      out.values[name] = r.value; // stored before encryption: sealed at the next start or write
      continue;
    }
    try {
      const k = keyOf();
      if (!k.key) throw new Error(k.problem);
      out.values[name] = openSecretWithAny(keysOf(k), r.value, sealContext(tenant, name)).value;
    } catch (e) {
      const why = (e as Error).message;
      out.unreadable[name] = why;
      const once = `${tenant}/${name}/${r.value.slice(-24)}`;
      if (!told.has(once)) {
        told.add(once);
        console.error(`[secrets] the ${EVENT_SECRETS[name]} of the site ${tenant} cannot be read: ${why}. Its events are not sent until it is set again or the key it was sealed with is given.`);
      }
    }
  }
  return out;
}

/** The site's event secrets that are set and readable (values only for the server's own use). */
export async function eventSecrets(db: Db, tenant: string, keyOf: () => SecretsKey = secretsKey): Promise<Partial<Record<EventSecretName, string>>> {
  return (await readEventSecrets(db, tenant, keyOf)).values;
}

export interface SecretStatus {
  name: EventSecretName;
  label: string;
  set: boolean;
  /** Set but it does not open with this server's keys (another key, altered): to be entered again. */
  unreadable: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Whether each secret is set and readable, when and by whom: what the admin shows (never the value). */
export async function eventSecretStatus(db: Db, tenant: string, keyOf: () => SecretsKey = secretsKey): Promise<SecretStatus[]> {
  const { unreadable } = await readEventSecrets(db, tenant, keyOf);
  const rows = await db
    .select({ name: siteSecrets.name, updatedAt: siteSecrets.updatedAt, updatedBy: siteSecrets.updatedBy })
    .from(siteSecrets)
    .where(eq(siteSecrets.tenantSlug, tenant));
  return EVENT_SECRET_NAMES.map((name) => {
    const row = rows.find((r) => r.name === name);
    return { name, label: EVENT_SECRETS[name], set: !!row, unreadable: !!row && name in unreadable, updatedAt: row?.updatedAt ?? null, updatedBy: row?.updatedBy ?? null };
  });
}

/** Sets or replaces a secret (value checked by secretProblem first), or clears it (null). */
export async function setEventSecret(db: Db, tenant: string, name: EventSecretName, value: string | null, by: string, keyOf: () => SecretsKey = secretsKey): Promise<void> {
  if (value === null) {
    await db.delete(siteSecrets).where(and(eq(siteSecrets.tenantSlug, tenant), eq(siteSecrets.name, name)));
    return;
  }
  const problem = secretProblem(name, value);
  if (problem) throw new Error(problem);
  const k = keyOf();
  if (!k.key) throw new HttpError(503, `The secret cannot be stored: ${k.problem}`);
  const v = sealSecret(k.key, value.trim(), sealContext(tenant, name));
  await db
    .insert(siteSecrets)
    .values({ tenantSlug: tenant, name, value: v, updatedBy: by })
    .onConflictDoUpdate({ target: [siteSecrets.tenantSlug, siteSecrets.name], set: { value: v, updatedBy: by, updatedAt: new Date() } });
}
