/**
 * The key proof-of-work challenges (server/http/challenge.ts) are signed with: derived from
 * FORECOURT_SECRET, else from a random one kept in DATA_DIR/challenge-secret (made once, 0600) and
 * shared by the processes on that data directory. The process keeps one (server/root/services.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "../db/open";

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
