/**
 * The storage interface of server/media/storage.ts and the rules every back-end shares: what a key
 * may be, the error of a store that does not answer, content-hash names.
 */
import { createHash } from "node:crypto";
import { BadRequest, HttpError } from "../errors";

export interface MediaStorage {
  /** "local" or "s3" (for logs and /api/health). */
  readonly kind: "local" | "s3";
  /** Writes the whole object; a reader sees the old bytes or all of the new ones. */
  put(key: string, data: Uint8Array, contentType?: string): Promise<void>;
  /** The object's bytes; null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; true when there was one. */
  delete(key: string): Promise<boolean>;
  /** Every key under `prefix` ("" or ending in "/"), sorted. */
  list(prefix: string): Promise<string[]>;
}

export const MAX_KEY = 512;
/** A key's segment: at most 200 characters (a file name's limit is 255 bytes on most disks). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const BAD_KEY = "That is not a stored file's name.";
export const STORAGE_DOWN = "Media storage is not answering right now. Try again in a minute.";

/** The store did not answer (or refused us): 503 with a retry hint. */
export class StorageUnavailableError extends HttpError {
  constructor(readonly cause?: unknown) {
    super(503, STORAGE_DOWN);
  }

  override headers(): Record<string, string> {
    return { "retry-after": "30" };
  }
}

/** Whether `key` is a safe storage key. */
export const isKey = (key: unknown): key is string => typeof key === "string" && key.length > 0 && key.length <= MAX_KEY && key.split("/").every((s) => SEGMENT.test(s));

/** `key` when it is a safe storage key, else a 400. */
export function checkKey(key: unknown): string {
  if (!isKey(key)) throw new BadRequest(BAD_KEY);
  return key;
}

/** A list prefix: "" (everything) or a key followed by "/". */
export function checkPrefix(prefix: string): string {
  if (prefix !== "" && (!prefix.endsWith("/") || !checkKey(prefix.slice(0, -1)))) throw new BadRequest(BAD_KEY);
  return prefix;
}

/** The content-hash name of `data`: the first 32 hex digits of its SHA-256, then `.{ext}`; new bytes, new name. */
export const contentHashName = (data: Uint8Array, ext: string) => `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.${ext}`;
