/**
 * Seals every stored site secret with the current key: a value stored before encryption (plain), and
 * a value sealed with a previous key (FORECOURT_SECRETS_KEY_PREVIOUS), which is opened with it and
 * sealed again. At the server's start (serving/index.ts) and by `npm run secrets:rotate`
 * (scripts/secrets-rotate.ts). Each row is written only while it still holds the value read (compare
 * and set), so instances starting together re-seal it once, and a value set in the admin meanwhile
 * is never overwritten. A value no key opens is reported by site and name (never a value) and left
 * as it is: given the key it was sealed with, the next run re-seals it.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db";
import { siteSecrets } from "../db/schema";
import { keysOf, sealContext } from "./event-secrets";
import { isSealed, openSecretWithAny, sealSecret } from "./secret-box";
import { secretsKey, type SecretsKey } from "./secrets-key";

export interface ResealReport {
  /** Stored before encryption, sealed now. */
  plain: number;
  /** Sealed with a previous key, sealed again with the current one now. */
  resealed: number;
  /** Already sealed with the current key (or changed meanwhile by another process or the admin). */
  current: number;
  /** Opened with no key: which site's which secret, and why (never the value). */
  unreadable: { tenant: string; name: string; why: string }[];
  /** Why nothing was done: there is no current key (its reason). */
  problem?: string;
}

export async function resealStoredSecrets(db: Db, keyOf: () => SecretsKey = secretsKey): Promise<ResealReport> {
  const report: ResealReport = { plain: 0, resealed: 0, current: 0, unreadable: [] };
  // Two rows a site at most: read them all.
  const rows = await db.select({ tenant: siteSecrets.tenantSlug, name: siteSecrets.name, value: siteSecrets.value }).from(siteSecrets);
  if (!rows.length) return report;
  const k = keyOf();
  if (!k.key) {
    const plain = rows.filter((r) => !isSealed(r.value)).length;
    return { ...report, problem: plain ? `${plain} site secret(s) are stored unencrypted and stay so: ${k.problem}` : `The site secrets cannot be checked: ${k.problem}` };
  }
  const keys = keysOf(k);
  for (const r of rows) {
    const context = sealContext(r.tenant, r.name);
    let value = r.value;
    if (isSealed(r.value)) {
      try {
        const opened = openSecretWithAny(keys, r.value, context);
        if (opened.keyIndex === 0) {
          report.current++;
          continue;
        }
        value = opened.value;
      } catch (e) {
        report.unreadable.push({ tenant: r.tenant, name: r.name, why: (e as Error).message });
        continue;
      }
    }
    const done = await db
      .update(siteSecrets)
      .set({ value: sealSecret(k.key, value, context) })
      .where(and(eq(siteSecrets.tenantSlug, r.tenant), eq(siteSecrets.name, r.name), eq(siteSecrets.value, r.value)))
      .returning({ name: siteSecrets.name });
    if (!done.length) report.current++;
    else if (isSealed(r.value)) report.resealed++;
    else report.plain++;
  }
  return report;
}

/** The report in words: what was done (`said`) and what is wrong (`problems`), one line each. */
export function resealLines(r: ResealReport): { said: string[]; problems: string[] } {
  const said: string[] = [];
  const problems: string[] = [];
  if (r.problem) problems.push(r.problem);
  if (r.plain) said.push(`${r.plain} site secret(s) stored before encryption were sealed with the current key.`);
  if (r.resealed) said.push(`${r.resealed} site secret(s) sealed with a previous key (FORECOURT_SECRETS_KEY_PREVIOUS) were sealed again with the current key.`);
  if (r.unreadable.length) {
    problems.push(
      `${r.unreadable.length} site secret(s) cannot be opened with this server's keys and are left as they are: set them again in the admin, or give the key they were sealed with in FORECOURT_SECRETS_KEY_PREVIOUS.`,
      ...r.unreadable.map((u) => `  site ${u.tenant}, ${u.name}: ${u.why}`),
    );
  }
  return { said, problems };
}
