/**
 * The key site secrets are sealed with (secret-box.ts, event-secrets.ts): FORECOURT_SECRETS_KEY,
 * 32 bytes as 64 hex digits or base64. Unset, on the embedded database (PGlite: one process, one
 * data folder) a random one is made once in DATA_DIR/secrets-key (0600), so a fresh machine needs no
 * setting. With DATABASE_URL (PostgreSQL, maybe several instances) none is made: each instance would
 * make its own and could not open the others' values, and a key kept in the database beside the
 * values it seals would protect nothing against whoever reads that database (a dump, a backup).
 * Then FORECOURT_SECRETS_KEY is required, the same on every instance. The process keeps the key.
 *
 * Rotation: FORECOURT_SECRETS_KEY_PREVIOUS, one or more old keys (same forms, comma-separated), are
 * only read with: a value sealed with one opens, and is sealed again with the current key at start
 * or by `npm run secrets:rotate` (event-secrets.ts, resealStoredSecrets).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "../db/open";
import { defineService, services } from "../root/services";

export const SECRETS_KEY_FILE = "secrets-key";

/** The current key (`previous`: older keys, only read with), or why there is none. */
export type SecretsKey = { key: Buffer; source: string; previous?: Buffer[] } | { key: null; problem: string };

type Env = Record<string, string | undefined>;

const HOW = "32 random bytes as 64 hex digits or base64 (`openssl rand -base64 32`)";
export const MALFORMED_KEY = `FORECOURT_SECRETS_KEY is set but is not a key: it must be ${HOW}.`;
export const KEY_REQUIRED = `FORECOURT_SECRETS_KEY is not set: with DATABASE_URL the site secrets (GA4 API secret, Meta access token) are encrypted with it, the same on every instance. Set it to ${HOW}.`;

export const malformedPrevious = (n: number) =>
  `FORECOURT_SECRETS_KEY_PREVIOUS is set but its key number ${n} is not a key: each must be ${HOW}, several separated by commas.`;

/** The previous keys FORECOURT_SECRETS_KEY_PREVIOUS names (empty items skipped), or what is wrong (never a key's text). */
export function parsePreviousKeys(raw: string | undefined): { keys: Buffer[] } | { problem: string } {
  const items = (raw ?? "").split(",").map((t) => t.trim()).filter(Boolean);
  const keys: Buffer[] = [];
  for (const [i, text] of items.entries()) {
    const key = parseSecretsKey(text);
    if (!key) return { problem: malformedPrevious(i + 1) };
    keys.push(key);
  }
  return { keys };
}

/** The 32 bytes a key's text names (64 hex digits, or base64 / base64url with or without its padding), else null. */
export function parseSecretsKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text, "base64");
    if (key.length === 32) return key;
  }
  return null;
}

/** The key as the environment and the data folder give it, or why there is none (never the key's text). */
export function loadSecretsKey(env: Env = process.env, dir: string = dataDir()): SecretsKey {
  const previous = parsePreviousKeys(env.FORECOURT_SECRETS_KEY_PREVIOUS);
  if ("problem" in previous) return { key: null, problem: previous.problem };
  const current = loadCurrentKey(env, dir);
  if (!current.key || !previous.keys.length) return current;
  // The current key among the previous ones (left there after a rotation) is tried once.
  return { ...current, previous: previous.keys.filter((k) => !k.equals(current.key)) };
}

function loadCurrentKey(env: Env, dir: string): SecretsKey {
  const raw = env.FORECOURT_SECRETS_KEY?.trim();
  if (raw) {
    const key = parseSecretsKey(raw);
    return key ? { key, source: "FORECOURT_SECRETS_KEY" } : { key: null, problem: MALFORMED_KEY };
  }
  if (env.DATABASE_URL?.trim()) return { key: null, problem: KEY_REQUIRED };
  const file = join(dir, SECRETS_KEY_FILE);
  const read = (): SecretsKey | null => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return null; // not made yet
    }
    const key = /^\s*[0-9a-f]{64}\s*$/.test(text) ? Buffer.from(text.trim(), "hex") : null;
    // Never replaced: the values sealed with it would be lost.
    return key ? { key, source: file } : { key: null, problem: `${file} is not a key (64 hex digits); it is left as it is: restore it, or remove it and set the site secrets again.` };
  };
  const found = read();
  if (found) return found;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (e) {
    // Another process made it first (read it), or the folder cannot be written.
    const made = read();
    if (made) return made;
    return { key: null, problem: `${file} could not be made (${(e as Error).message}); set FORECOURT_SECRETS_KEY to ${HOW}.` };
  }
  return read() ?? { key: null, problem: `${file} could not be read back.` };
}

const secretsKeyService = defineService("secrets-key", () => loadSecretsKey());

/** The process's key (loaded, or made, on first use). */
export const secretsKey = (): SecretsKey => services().get(secretsKeyService);

/**
 * At start (serving/index.ts): a malformed FORECOURT_SECRETS_KEY (or _PREVIOUS) stops the server with what is wrong,
 * rather than a site's events failing later; a missing one with DATABASE_URL is said (the server runs:
 * site secrets then cannot be set, and sealed ones are not sent).
 */
export function checkSecretsKey(env: Env = process.env, warn: (m: string) => void = console.warn): void {
  const raw = env.FORECOURT_SECRETS_KEY?.trim();
  if (raw && !parseSecretsKey(raw)) throw new Error(MALFORMED_KEY);
  const previous = parsePreviousKeys(env.FORECOURT_SECRETS_KEY_PREVIOUS);
  if ("problem" in previous) throw new Error(previous.problem);
  if (!raw && env.DATABASE_URL?.trim()) warn(`[secrets] ${KEY_REQUIRED}`);
}
