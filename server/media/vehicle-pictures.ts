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
 * and served from there; pictures are shared by every vehicle of
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

export async function renderPicture(req: PictureRequest): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp(Buffer.from(pictureSvg(req.body, req.hex, req.view, req.model)), { density: 72 });
  return req.format === "webp" ? image.webp({ quality: 86 }).toBuffer() : image.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
}

/** The storage key of a picture: media/vehicles/{body}[/{model}]/{hex}/{view}.{format}. */
export const pictureKey = (req: PictureRequest) => ["media", "vehicles", req.body, ...(req.model ? [req.model] : []), req.hex, `${req.view}.${req.format}`].join("/");

/**
 * The picture's bytes, from the storage or freshly rendered (and then stored). A store that does
 * not answer does not stop the picture: it is drawn again, not stored, and the failure logged.
 */
export async function picture(req: PictureRequest): Promise<Buffer> {
  const key = pictureKey(req);
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

