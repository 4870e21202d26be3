/**
 * The media library's endpoints (/api/admin/tenants/{slug}/media…), for anyone who may edit the site;
 * uploading stays POST …/uploads (./http.ts), which enters the picture in the library.
 */
import { NotFoundError } from "../errors";
import { readJsonObject, readLimitedBytes } from "../http/body";
import type { adminRoute } from "./http";
import { deleteMedia, listMedia, replaceMedia, setMediaAlt } from "./media";
import { MAX_UPLOAD_BYTES, TOO_LARGE } from "../media/uploads";

type Handler = Parameters<typeof adminRoute>[0];

const entryId = (value: string | undefined) => {
  if (!/^\d{1,9}$/.test(value ?? "")) throw new NotFoundError("A picture's id is a whole number (at most 9 digits).");
  return Number(value);
};

/** GET /api/admin/tenants/{slug}/media: {media: [{id, src, width, height, bytes, alt, uploadedBy, uploadedAt, uses}]}, newest first. */
export const handleListMedia: Handler = async (_request, { handle, user }, { slug }) => ({ media: await listMedia(handle.db, user, slug) });

/** POST /api/admin/tenants/{slug}/media/{id} {alt}: the entry with its new alternative text; 422 naming the field. */
export const handleMediaAlt: Handler = async (request, { handle, user }, { slug, id }) => {
  const body = await readJsonObject(request, 16 * 1024);
  return await setMediaAlt(handle.db, user, slug, entryId(id), body.alt);
};

/** POST /api/admin/tenants/{slug}/media/{id}/replace (the new picture's bytes): {entry, draftRevision, publishedVersion}. */
export const handleReplaceMedia: Handler = async (request, { handle, user }, { slug, id }) => {
  const picture = entryId(id);
  const bytes = await readLimitedBytes(request, MAX_UPLOAD_BYTES, () => TOO_LARGE);
  return await replaceMedia(handle, user, slug, picture, bytes);
};

/** POST /api/admin/tenants/{slug}/media/{id}/delete: 200 {deleted: id}; 409 {message, uses} while a document uses it. */
export const handleDeleteMedia: Handler = async (_request, { handle, user }, { slug, id }) => {
  const picture = entryId(id);
  await deleteMedia(handle.db, user, slug, picture);
  return { deleted: picture };
};
