import { createHash } from "node:crypto";
import { join } from "node:path";
import { dataDir } from "../db";
import { mediaStorage } from "./storage";
import { parsePicturePath, type PictureRequest } from "../../domain/media";
import { pictureSvg } from "../demo/pictures";
import { pictureShape } from "../demo/pictures/shapes";

/**
 * Serves /media/**: generated vehicle pictures (/media/vehicles/{body}/{hex}/{view}.{jpg|webp}, the
 * body type's generic drawing, and /media/vehicles/{body}/{model}/{hex}/{view}.{jpg|webp}, a catalogue
 * model's own drawing).
 * A picture is drawn (server/demo/pictures/) and rasterised with sharp the first time it is asked for,
 * then kept in the media storage at media/vehicles/… (DATA_DIR/media/…, or the S3 bucket: ./storage.ts)
 * under a name that holds a hash of its drawing (the SVG), and served from there with that hash as
 * its ETag: a drawing changed by a new release is a new name, made again by whichever instance is
 * asked first, never an old picture kept forever. The URL stays the same (vehicles store it), so the
 * answer is cached for a day and then revalidated, not "immutable". Pictures are shared by every vehicle of
 * the same body (or model) and colour, so nothing is made ahead of time. Pictures uploaded in the admin are at
 * /media/uploads/{site}/{hash}.webp (server/media/uploads.ts). Anything else is a 404, never a 500.
 */

/** Where the local storage keeps them (DATA_DIR/media). */
export const mediaDir = () => join(dataDir(), "media");

/** A picture request from the segments after /media/vehicles/: null unless the drawing exists (an unknown model too). */
export function pictureRequest(segments: readonly string[]): PictureRequest | null {
  const req = parsePicturePath(segments);
  if (!req || (req.model && !pictureShape(req.body, req.model))) return null;
  return req;
}

// One render per picture at a time, however many requests ask for it at once.
const rendering = new Map<string, Promise<Buffer>>();

/** The picture's drawing: the SVG that is rasterised. */
const drawing = (req: PictureRequest) => pictureSvg(req.body, req.hex, req.view, req.model);

// A drawing only changes with the code: its hash is kept for the process's life (drawing one takes up
// to 1.2 ms, measured at load 1.5 on 2 cores), a bounded number of them.
const hashes = new Map<string, string>();
const MAX_HASHES = 20_000;

/** The first 16 hex digits of the SHA-256 of the picture's drawing (whatever its format): what changes when the drawing does. */
export function drawingHash(req: PictureRequest): string {
  const name = [req.body, req.model ?? "", req.hex, req.view].join("/");
  let hash = hashes.get(name);
  if (!hash) {
    hash = createHash("sha256").update(drawing(req)).digest("hex").slice(0, 16);
    if (hashes.size >= MAX_HASHES) hashes.clear();
    hashes.set(name, hash);
  }
  return hash;
}

export async function renderPicture(req: PictureRequest): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp(Buffer.from(drawing(req)), { density: 72 });
  return req.format === "webp" ? image.webp({ quality: 86 }).toBuffer() : image.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
}

/** The storage key of a picture: media/vehicles/{body}[/{model}]/{hex}/{view}.{drawing hash}.{format}. */
export const pictureKey = (req: PictureRequest, hash = drawingHash(req)) =>
  ["media", "vehicles", req.body, ...(req.model ? [req.model] : []), req.hex, `${req.view}.${hash}.${req.format}`].join("/");

/**
 * The picture's bytes, from the storage or freshly rendered (and then stored). A store that does
 * not answer does not stop the picture: it is drawn again, not stored, and the failure logged.
 */
export async function picture(req: PictureRequest, hash = drawingHash(req)): Promise<Buffer> {
  const key = pictureKey(req, hash);
  const storage = mediaStorage();
  let down = false;
  const stored = await storage.get(key).catch((e) => {
    console.error(`[media] could not read ${key}:`, (e as Error).message);
    down = true;
    return null;
  });
  if (stored) return stored;
  let job = rendering.get(key);
  if (!job) {
    job = (async () => {
      const bytes = await renderPicture(req);
      if (down) return bytes;
      try {
        await storage.put(key, bytes, req.format === "webp" ? "image/webp" : "image/jpeg");
      } catch (e) {
        console.error(`[media] could not cache ${key}:`, (e as Error).message);
      }
      return bytes;
    })().finally(() => rendering.delete(key));
    rendering.set(key, job);
  }
  return job;
}

