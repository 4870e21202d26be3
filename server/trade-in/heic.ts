/**
 * HEIC photos of a trade-in: sharp's prebuilt libvips reads HEIF only with AV1 (AVIF), not HEVC, so
 * a HEIC picture cannot be re-encoded here and is stored as sent. It is size-checked instead: at most
 * HEIC_MAX_BYTES, and its ISO-BMFF boxes are read (ftyp, then meta → iprp → ipco → ispe, the image
 * spatial extents every HEIF image item must have) so that one declaring more than
 * HEIC_MAX_PIXELS (a grid's full size or any tile) — or none at all — is refused.
 */
import { HttpError } from "../errors";

/** A HEIC picture is kept as sent, so it gets a smaller bound than the 10 MB the others may be sent at. */
export const HEIC_MAX_BYTES = 8_000_000;
/** Larger than any phone's photo (a 48-megapixel iPhone HEIC is 8064 × 6048). */
export const HEIC_MAX_PIXELS = 100_000_000;
export const HEIC_TOO_LARGE_MESSAGE = "Please upload a HEIC image under 8MB, or the photo as a JPEG or PNG.";
export const HEIC_TOO_MANY_PIXELS_MESSAGE = "This HEIC image is larger than 100 megapixels. Please upload a smaller photo.";
export const HEIC_UNREADABLE_MESSAGE = "This HEIC image could not be read. Please upload the photo as a JPEG or PNG.";

interface Box {
  type: string;
  /** Where the box's content starts and ends (after its header). */
  start: number;
  end: number;
}

/** The boxes in bytes[from, to); null when one runs past its parent (a cut or forged file). */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return null;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(to - at)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = to - at; // to the end of the parent
    if (size < header || at + size > to) return null;
    found.push({ type, start: at + header, end: at + size });
    if (found.length > 10_000) return null;
    at += size;
  }
  return found;
}

/** Every ispe (width, height) of the picture's items; null when the structure cannot be read. */
export function heicExtents(bytes: Uint8Array): { width: number; height: number }[] | null {
  const top = boxes(bytes, 0, bytes.byteLength);
  if (!top || top[0]?.type !== "ftyp") return null;
  const meta = top.find((b) => b.type === "meta");
  if (!meta) return null;
  // meta, ispe: full boxes (1 byte version, 3 bytes flags before their content).
  const iprp = boxes(bytes, meta.start + 4, meta.end)?.find((b) => b.type === "iprp");
  const ipco = iprp && boxes(bytes, iprp.start, iprp.end)?.find((b) => b.type === "ipco");
  const properties = ipco && boxes(bytes, ipco.start, ipco.end);
  if (!properties) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const extents: { width: number; height: number }[] = [];
  for (const b of properties) {
    if (b.type !== "ispe") continue;
    if (b.end - b.start < 12) return null;
    extents.push({ width: view.getUint32(b.start + 4), height: view.getUint32(b.start + 8) });
  }
  return extents.length ? extents : null;
}

/** Refuses (413/415, with the message) a HEIC picture over the bounds or whose size cannot be read. */
export function checkHeic(bytes: Uint8Array): void {
  if (bytes.byteLength > HEIC_MAX_BYTES) throw new HttpError(413, HEIC_TOO_LARGE_MESSAGE);
  const extents = heicExtents(bytes);
  if (!extents || extents.some((e) => e.width === 0 || e.height === 0)) throw new HttpError(415, HEIC_UNREADABLE_MESSAGE);
  if (extents.some((e) => e.width * e.height > HEIC_MAX_PIXELS)) throw new HttpError(413, HEIC_TOO_MANY_PIXELS_MESSAGE);
}
