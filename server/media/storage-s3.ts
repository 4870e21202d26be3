/**
 * The S3 back-end of server/media/storage.ts (@aws-sdk/client-s3), used when S3_BUCKET is set: AWS
 * itself, or any S3-compatible server at S3_ENDPOINT (path-style addressing then). A key is the
 * object's key in the bucket, the same as its path under DATA_DIR would be. A missing object is
 * null; anything else that fails (no answer in 5 s, refused connection, bad credentials, no such
 * bucket) is a StorageUnavailableError (503).
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { checkKey, checkPrefix, StorageUnavailableError, type MediaStorage } from "./storage-keys";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** S3_BUCKET, S3_ENDPOINT, S3_REGION (default us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY; null without a bucket. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  return {
    bucket,
    region: env.S3_REGION?.trim() || "us-east-1",
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
  };
}

const status = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (e: unknown) => ["NoSuchKey", "NotFound"].includes((e as Error).name) || status(e) === 404;

export class S3Storage implements MediaStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: Boolean(settings.endpoint),
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
    });
  }

  /** Runs one request; a missing object is `onMissing`, any other failure a StorageUnavailableError. */
  private async call<T>(run: () => Promise<T>, onMissing: () => T): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (isMissing(e)) return onMissing();
      throw new StorageUnavailableError(e);
    }
  }

  async put(key: string, data: Uint8Array, contentType = "application/octet-stream"): Promise<void> {
    const Key = checkKey(key);
    await this.call(
      () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentType: contentType, ContentLength: data.byteLength })),
      () => {
        throw new StorageUnavailableError(new Error(`the bucket ${this.bucket} does not exist`));
      },
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = checkKey(key);
    return this.call(
      async () => {
        const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      },
      () => null,
    );
  }

  async delete(key: string): Promise<boolean> {
    const Key = checkKey(key);
    const existed = await this.call(
      () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key })).then(() => true),
      () => false,
    );
    if (existed) await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })), () => undefined);
    return existed;
  }

  async list(prefix: string): Promise<string[]> {
    const Prefix = checkPrefix(prefix) || undefined;
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.call(
        () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken })),
        () => {
          throw new StorageUnavailableError(new Error(`the bucket ${this.bucket} does not exist`));
        },
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  /** Closes the client's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
