/**
 * GET /api/admin/tenants/{slug}/trade-in/{evaluation}/{file}: a trade-in photo for the site's admins
 * (./photos.ts says who). Never cached by anyone but the browser's own session (private, no-store);
 * a HEIC photo (no browser shows one) is a download.
 */
import type { adminRoute } from "../admin/http";
import { rawReply } from "../http/endpoint";
import { readTradeInPhoto } from "./photos";

type Handler = Parameters<typeof adminRoute>[0];

export const handleTradeInPhoto: Handler = async (_request, { handle, user }, { slug, id, file }) => {
  const { image, bytes } = await readTradeInPhoto(handle.db, user, slug, id ?? "", file ?? "");
  const name = image.name.replace(/[^\w .()-]/g, "_");
  // What is stored: WebP (re-encoded from the JPEG, PNG or GIF sent: `image.type`) or the HEIC as sent.
  const heic = image.path.endsWith(".heic");
  return rawReply(200, new Uint8Array(bytes), {
    "content-type": heic ? "image/heic" : "image/webp",
    "content-length": String(bytes.byteLength),
    "content-disposition": `${heic ? "attachment" : "inline"}; filename="${name}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
};
