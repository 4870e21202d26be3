/** The trade-in's Step Three, images (spec leads §5, §9): which files are allowed (by type, sniffed bytes and size) and what a refused one is told. */
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE, TOO_MANY_IMAGES_MESSAGE } from "./trade-in";

export const MAX_TRADE_IN_IMAGES = 10;
export const MAX_TRADE_IN_IMAGE_BYTES = 10_000_000;
/** Allowed types (JPEG, JPG, PNG, GIF, HEIC) by MIME type, with the file name endings each may have. */
export const TRADE_IN_IMAGE_TYPES = {
  "image/jpeg": ["jpeg", "jpg"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/heic": ["heic"],
} as const;
export type TradeInImageType = keyof typeof TRADE_IN_IMAGE_TYPES;
/** The file input's accept attribute. */
export const TRADE_IN_IMAGE_ACCEPT = Object.entries(TRADE_IN_IMAGE_TYPES)
  .flatMap(([mime, exts]) => [mime, ...exts.map((e) => `.${e}`)])
  .join(",");

const extension = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** The allowed type a file claims by its MIME type, else by its name's ending; null when neither is allowed. */
export function tradeInImageType(file: { name: string; type?: string }): TradeInImageType | null {
  const mime = (file.type ?? "").toLowerCase();
  if (mime in TRADE_IN_IMAGE_TYPES) return mime as TradeInImageType;
  const ext = extension(file.name);
  const found = Object.entries(TRADE_IN_IMAGE_TYPES).find(([, exts]) => (exts as readonly string[]).includes(ext));
  return found ? (found[0] as TradeInImageType) : null;
}

const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The allowed type a file is by its first bytes (whatever its name or MIME type say), or null:
 * JPEG (FF D8 FF), PNG (its 8-byte signature), GIF (GIF87a/GIF89a), HEIC (an ISO-BMFF `ftyp` box
 * whose major brand, or for mif1/msf1 a compatible brand, is an HEVC image brand; AVIF is not HEIC).
 * The server checks uploads with this: sharp's prebuilt libvips cannot decode HEIC.
 */
export function sniffTradeInImage(bytes: Uint8Array): TradeInImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const size = Math.min(((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, bytes.length);
    const major = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(major)) return "image/heic";
    if (major === "mif1" || major === "msf1") {
      for (let at = 16; at + 4 <= size; at += 4) if (HEIC_BRANDS.has(ascii(bytes, at, at + 4))) return "image/heic";
    }
  }
  return null;
}

/** A HEIC picture shows its file name instead of a preview (browsers cannot draw it). */
export const showsNameInsteadOfPreview = (file: { name: string; type?: string }) => tradeInImageType(file) === "image/heic";

/**
 * The message for one more image when `alreadyAdded` are there, or null when it may be added:
 * too many first (the 11th is refused whatever it is), then its type, then its size.
 */
export function tradeInImageError(file: { name: string; size: number; type?: string }, alreadyAdded: number): string | null {
  if (alreadyAdded >= MAX_TRADE_IN_IMAGES) return TOO_MANY_IMAGES_MESSAGE;
  if (!tradeInImageType(file)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_TRADE_IN_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}
