/**
 * Uploaded pictures: the admin's (logos, hero images, offers…, stored by server/admin/uploads.ts)
 * and the trade-in's (server/trade-in/images.ts). A picture is decoded with sharp —
 * anything that is not a JPEG, PNG, WebP, GIF or AVIF picture is refused with a clear message —
 * turned upright, stripped of its metadata (camera, GPS), scaled down to at most MAX_SIDE pixels
 * wide and stored as WebP at uploads/{site}/{content hash}.webp in the media storage (DATA_DIR, or
 * the S3 bucket: ./storage.ts), so the same picture uploaded twice is stored once, its address never
 * changes, and new bytes get a new address. Each admin upload is an entry of
 * the site's media library (table site_media, server/admin/media.ts). Served at /media/uploads/… on every
 * host (server/media/vehicle-pictures.ts), cached for a year.
 */
import { join } from "node:path";
import { dataDir } from "../db";
import { BadRequest, HttpError } from "../errors";
import { contentHashName, mediaStorage } from "./storage";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_SIDE = 2560;
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif"]);
export const NOT_A_PICTURE = "This file is not a picture we can use. Upload a JPEG, PNG, WebP, GIF or AVIF picture.";
export const TOO_LARGE = "The picture is over 10 MB. Upload a smaller one.";
const FILE = /^[a-f0-9]{32}\.webp$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Where the local storage keeps uploads (DATA_DIR/uploads). */
export const uploadsDir = () => join(dataDir(), "uploads");
/** The storage key of /media/uploads/{slug}/{file}. */
export const uploadKey = (slug: string, file: string) => `uploads/${slug}/${file}`;

export interface StoredUpload {
  src: string;
  width: number;
  height: number;
  bytes: number;
}

/** The picture re-encoded for the web: WebP, upright, no metadata, at most MAX_SIDE wide or tall. */
export async function preparePicture(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { default: sharp } = await import("sharp");
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: 100_000_000 }).metadata();
  } catch {
    throw new HttpError(415, NOT_A_PICTURE);
  }
  // AVIF is read by libheif: sharp names its format "heif".
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new HttpError(415, NOT_A_PICTURE);
  const animated = (meta.pages ?? 1) > 1 && (meta.format === "gif" || meta.format === "webp");
  try {
    const { data, info } = await sharp(input, { animated, limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 84 })
      .toBuffer({ resolveWithObject: true });
    const height = animated && info.pageHeight ? info.pageHeight : info.height;
    return { data, width: info.width, height };
  } catch {
    throw new HttpError(415, NOT_A_PICTURE);
  }
}

/** The picture prepared and stored at uploads/{slug}/ by its content hash (the same picture twice is one file). */
export async function writePicture(slug: string, input: Buffer): Promise<{ file: string; width: number; height: number; bytes: number }> {
  if (!input.byteLength) throw new BadRequest("The upload was empty. Choose a picture to upload.");
  const { data, width, height } = await preparePicture(input);
  const file = contentHashName(data, "webp");
  await mediaStorage().put(uploadKey(slug, file), data, "image/webp");
  return { file, width, height, bytes: data.byteLength };
}

/** The bytes of /media/uploads/{slug}/{file}; null when there is no such upload (a StorageUnavailableError when the store does not answer). */
export async function readUpload(slug: string, file: string): Promise<Buffer | null> {
  if (!SLUG.test(slug) || !FILE.test(file)) return null;
  return mediaStorage().get(uploadKey(slug, file));
}
