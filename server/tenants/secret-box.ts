/**
 * A secret sealed for storage: AES-256-GCM (node:crypto) with a random 12-byte IV per value, kept as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). The context (which site's which secret) is authenticated
 * with it, so a sealed value copied into another row does not open there. Pure: the key is the
 * caller's (server/tenants/secrets-key.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED = /^v1:([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

/** True when a stored value is in a sealed form (`v<n>:…`); anything else is a value stored before encryption. */
export const isSealed = (stored: string) => /^v\d+:/.test(stored);

/** The value sealed with the 32-byte key, bound to `context`. */
export function sealSecret(key: Buffer, value: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const text = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return `v1:${iv.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}:${text.toString("base64url")}`;
}

/** The value of a sealed one; throws (saying why, never with the value) when it is not one, or the key or context is not the one it was sealed with, or it was altered. */
export function openSecret(key: Buffer, stored: string, context: string): string {
  const m = SEALED.exec(stored);
  if (!m) throw new Error(isSealed(stored) ? `it is in an unknown or damaged sealed form (${stored.slice(0, 3)}…)` : "it is not sealed");
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(m[1], "base64url"), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(m[2], "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(m[3], "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("it does not open with this key (another key, another row's value, or altered)");
  }
}

/**
 * The value, opened with the first of `keys` that opens it (the current key first, then older ones),
 * and which one did (0: the first). Throws the first key's reason when none does.
 */
export function openSecretWithAny(keys: Buffer[], stored: string, context: string): { value: string; keyIndex: number } {
  let first: unknown;
  for (const [keyIndex, key] of keys.entries()) {
    try {
      return { value: openSecret(key, stored, context), keyIndex };
    } catch (e) {
      first ??= e;
    }
  }
  throw first ?? new Error("there is no key to open it with");
}
