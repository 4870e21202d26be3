/**
 * A trade-in photo for the site's admins (./photos-http.ts): private to the site. Only someone who
 * may see the site in the admin gets it (403 otherwise, as for every admin page of the site), and only
 * a photo its evaluation lists (404 otherwise: an unknown evaluation, another site's, a name that is
 * not one of its photos). The bytes come from the media storage (server/media/storage.ts), so any
 * instance serves a photo uploaded through another.
 */
import type { AdminUser } from "../admin/accounts";
import { assertTenantAccess } from "../admin/access";
import type { Db } from "../db";
import { NotFoundError } from "../errors";
import { mediaStorage } from "../media/storage";
import { getEvaluation, type TradeInImage } from "../valuation/store";

export const PHOTO_NOT_FOUND = "This trade-in has no such photo (or it was deleted with the evaluation's other photos).";

/** The photo `file` (the last part of its stored path) of evaluation `id` of site `slug`, with its bytes. */
export async function readTradeInPhoto(db: Db, user: AdminUser, slug: string, id: string, file: string): Promise<{ image: TradeInImage; bytes: Buffer }> {
  assertTenantAccess(user, slug);
  const evaluation = await getEvaluation(db, { site: slug }, id);
  const image = evaluation?.images.find((i) => i.path === `trade-in/${slug}/${id}/${file}`);
  const bytes = image ? await mediaStorage().get(image.path) : null;
  if (!image || !bytes) throw new NotFoundError(PHOTO_NOT_FOUND);
  return { image, bytes };
}
