/**
 * The pictures of trade-in evaluations that never became a lead: once an evaluation is
 * PICTURE_RETENTION_DAYS old without one, its files under trade-in/ in the media storage (DATA_DIR or
 * the S3 bucket, server/media/storage.ts) are deleted and its row
 * forgets them (images [], answer.picturesDeletedAt and picturesDeleted). Every hour the server's sweep
 * (started by instrumentation.ts) does it. An evaluation with a lead keeps its pictures.
 *
 * Safe however many processes sweep: each batch is one transaction that locks its rows (FOR UPDATE
 * SKIP LOCKED, so another sweeper takes other rows and a row being made a lead right now is skipped),
 * deletes their files and clears them before it commits. A process that dies half-way leaves the rows
 * as they were (some files already gone); the next sweep takes them again.
 */
import { getDb, type Db, type DbHandle } from "../db";
import { isKey, mediaStorage } from "../media/storage";
import { every } from "../root/every";
import { clearPictures, lockStalePictures } from "../valuation/store";

export const PICTURE_RETENTION_DAYS = 7;
export const STALE_PICTURE_SWEEP_INTERVAL_MS = 60 * 60_000;

/** The storage key of a stored picture path, only when it is a key under trade-in/ (no "..", nothing absolute). */
const pictureKey = (relative: string): string | null => (relative.startsWith("trade-in/") && isKey(relative) ? relative : null);

/** Deletes the pictures of evaluations without a lead created before `now` − the retention; answers how many evaluations and files. */
export async function deleteStalePictures(db: Db, now: Date, opts: { retentionDays?: number; batch?: number } = {}): Promise<{ evaluations: number; files: number }> {
  const before = new Date(now.getTime() - (opts.retentionDays ?? PICTURE_RETENTION_DAYS) * 86_400_000);
  const done = { evaluations: 0, files: 0 };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await lockStalePictures(tx, before, opts.batch ?? 50);
      const storage = mediaStorage();
      let files = 0;
      for (const row of rows) {
        for (const image of row.images) {
          const key = pictureKey(image.path);
          if (key && (await storage.delete(key))) files++;
        }
      }
      await clearPictures(tx, rows, now);
      return { evaluations: rows.length, files };
    });
    done.evaluations += batch.evaluations;
    done.files += batch.files;
    if (!batch.evaluations) return done;
  }
}

/** Starts the hourly sweep once per process; returns a function that stops it. */
export async function startStalePictureSweep(handle?: Promise<DbHandle>, intervalMs = STALE_PICTURE_SWEEP_INTERVAL_MS): Promise<() => void> {
  const { db } = await (handle ?? getDb());
  return every("trade-in.stale-pictures", intervalMs, async () => {
    try {
      const { evaluations, files } = await deleteStalePictures(db, new Date());
      if (evaluations) console.log(`[trade-in] deleted ${files} picture(s) of ${evaluations} evaluation(s) that never became a lead`);
    } catch (e) {
      console.error("[trade-in] the stale-picture sweep failed:", (e as Error).message);
    }
  });
}
