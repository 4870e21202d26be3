/**
 * The S3 stand-in for tests and the local cluster: s3rver (an S3-protocol server on the local disk),
 * in process, on 127.0.0.1. `startS3StandIn({ port, dir, bucket })` serves the bucket from `dir` and
 * answers its endpoint (for S3_ENDPOINT, with S3_BUCKET = bucket and s3rver's fixed credentials
 * S3RVER / S3RVER as S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) and stop().
 * Run alone: `npx tsx scripts/s3-stand-in.ts [port] [dir] [bucket]` serves until interrupted.
 */
import { mkdirSync } from "node:fs";
import S3rver from "s3rver";
import { consoleIo, runIfMain, type CliIo } from "./cli";

export interface S3StandIn {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/** s3rver's own fixed key pair (it checks request signatures against it). */
export const S3RVER_KEY = "S3RVER";

export async function startS3StandIn({ port, dir, bucket }: { port: number; dir: string; bucket: string }): Promise<S3StandIn> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({ port, address: "127.0.0.1", directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    stop: async () => {
      const closing = server.close();
      server.httpServer?.closeAllConnections(); // the S3 client keeps its sockets open
      await closing;
    },
  };
}

export async function main(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const [port = "4566", dir = ".data-s3", bucket = "forecourt-media"] = argv;
  if (!/^\d{1,5}$/.test(port)) {
    io.err("usage: s3-stand-in [port] [dir] [bucket]");
    return 2;
  }
  const s3 = await startS3StandIn({ port: Number(port), dir, bucket });
  io.out(`S3 stand-in (s3rver) at ${s3.endpoint}, bucket ${bucket}, data in ${dir}; S3_ACCESS_KEY_ID=S3_SECRET_ACCESS_KEY=${S3RVER_KEY}`);
  await new Promise<void>((resolve) => process.once("SIGINT", () => resolve()).once("SIGTERM", () => resolve()));
  await s3.stop();
  return 0;
}

runIfMain(import.meta.url, main);
