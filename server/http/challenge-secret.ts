/**
 * The key proof-of-work challenges (server/http/challenge.ts) and the reservation links e-mailed to
 * buyers are signed with: derived from FORECOURT_SECRET, else from a random one kept in
 * DATA_DIR/challenge-secret (made once, 0600) and shared by the processes on that data directory.
 * The process keeps one (server/root/services.ts). Processes on one PostgreSQL database share no data
 * directory: the server (serving/index.ts) takes theirs from the database first (shareSecret).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { dataDir, type DbHandle } from "../db/open";
import { platformSecrets } from "../db/schema";

/**
 * With FORECOURT_SECRET unset on PostgreSQL: one random secret for every process of the database,
 * made by the first to ask and kept in platform_secrets, set as this process's FORECOURT_SECRET
 * (before its first challenge), so a challenge or a reservation link made by one instance holds on
 * every other. A set FORECOURT_SECRET, or PGlite (one process), is left as it is.
 */
export async function shareSecret(handle: DbHandle, env: Record<string, string | undefined> = process.env): Promise<void> {
  if (env.FORECOURT_SECRET?.trim() || handle.kind !== "postgresql") return;
  await handle.db.insert(platformSecrets).values({ name: "forecourt", value: randomBytes(32).toString("hex") }).onConflictDoNothing();
  const [row] = await handle.db.select({ value: platformSecrets.value }).from(platformSecrets).where(eq(platformSecrets.name, "forecourt"));
  env.FORECOURT_SECRET = row.value;
}

export function loadChallengeSecret(): Buffer {
  const derive = (raw: string) => createHash("sha256").update(`forecourt-challenge:${raw}`).digest();
  const configured = process.env.FORECOURT_SECRET?.trim();
  if (configured) return derive(configured);
  const file = join(dataDir(), "challenge-secret");
  const read = () => {
    const text = readFileSync(file, "utf8").trim();
    return /^[0-9a-f]{64}$/.test(text) ? derive(text) : null;
  };
  try {
    const found = read();
    if (found) return found;
  } catch {
    // not made yet
  }
  const fresh = randomBytes(32).toString("hex");
  try {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(file, fresh, { flag: "wx", mode: 0o600 });
    return derive(fresh);
  } catch {
    // Another process made it first (read it), or the directory is read-only (this process's own).
    try {
      const found = read();
      if (found) return found;
    } catch {
      // unreadable
    }
    console.warn(`[challenge] ${file} could not be written; set FORECOURT_SECRET so every process accepts the others' challenges`);
    return derive(fresh);
  }
}
