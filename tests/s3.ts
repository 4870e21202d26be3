/**
 * The S3 stand-in for a test file: s3rver (scripts/s3-stand-in.ts) started in process on `port` (the
 * media tests' range is 4100–4199) with one bucket, in a temporary folder, stopped after the file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { startS3StandIn, S3RVER_KEY, type S3StandIn } from "../scripts/s3-stand-in";
import { S3Storage } from "../server/media/storage-s3";

export function s3StandInForTests(port: number, bucket = "forecourt-test") {
  const dir = mkdtempSync(join(tmpdir(), "forecourt-s3-"));
  const stores: S3Storage[] = [];
  let s3: S3StandIn | undefined;
  beforeAll(async () => {
    s3 = await startS3StandIn({ port, dir: join(dir, "s3"), bucket });
  });
  afterAll(async () => {
    for (const store of stores) store.close();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    bucket,
    /** A scratch folder of the file's own (removed after it). */
    dir,
    /** A client of the bucket, at the stand-in or (to see a store that does not answer) at another port. */
    store(at = port): S3Storage {
      const store = new S3Storage({
        bucket,
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${at}`,
        accessKeyId: S3RVER_KEY,
        secretAccessKey: S3RVER_KEY,
      });
      stores.push(store);
      return store;
    },
    /** Sets S3_BUCKET, S3_ENDPOINT and the keys (and DATA_DIR to `dataDir`) with vi.stubEnv; vi.unstubAllEnvs() puts them back. */
    stubEnv(dataDir: string, at = port): void {
      vi.stubEnv("DATA_DIR", dataDir);
      vi.stubEnv("S3_BUCKET", bucket);
      vi.stubEnv("S3_ENDPOINT", `http://127.0.0.1:${at}`);
      vi.stubEnv("S3_ACCESS_KEY_ID", S3RVER_KEY);
      vi.stubEnv("S3_SECRET_ACCESS_KEY", S3RVER_KEY);
    },
  };
}
