/**
 * A trade-in picture kept with its evaluation: checked by content, re-encoded (JPEG, PNG, GIF) or
 * kept as sent (HEIC), counted against the evaluation's and the client's, network's and site's byte
 * budgets, and written to the media storage (./storage.ts: DATA_DIR/trade-in/…, or the S3 bucket),
 * never under a public address. Plain data in, the evaluation's picture count out;
 * refusals are thrown HttpErrors.
 */
import { createHash, randomBytes } from "node:crypto";
import { IMAGE_TYPE_MESSAGE, TOO_MANY_IMAGES_MESSAGE } from "../../domain/trade-in";
import { sniffTradeInImage } from "../../domain/trade-in-images";
import { preparePicture } from "../media/uploads";
import { mediaStorage } from "../media/storage";
import type { Db } from "../db";
import { HttpError } from "../errors";
import { clientKey, networkKey, spendInOrder, type RateLimiter } from "../http/rate-limit";
import { addEvaluationImage, imageBytes, type Evaluation, type EvaluationScope } from "../valuation/store";
import { checkHeic } from "./heic";
import { EVALUATION_BYTES_MESSAGE, EVALUATION_NOT_FOUND, TRADE_IN_UPLOAD_BYTES, uploadBudgetMessage } from "./messages";

/** The byte budgets of an upload from this request, in the order they are spent. */
function byteBudgets(request: Request, slug: string) {
  const client = clientKey(request);
  return [
    { which: "client" as const, key: `trade-in-bytes:client:${slug}:${client}`, ...TRADE_IN_UPLOAD_BYTES.perClient },
    { which: "network" as const, key: `trade-in-bytes:network:${slug}:${networkKey(client)}`, ...TRADE_IN_UPLOAD_BYTES.perNetwork },
    { which: "site" as const, key: `trade-in-bytes:site:${slug}`, ...TRADE_IN_UPLOAD_BYTES.perSite },
  ];
}


/** Stores one picture of `evaluation`; the evaluation's pictures after it. */
export async function addTradeInImage(
  db: Db,
  request: Request,
  limiter: RateLimiter,
  { evaluation, scope }: { evaluation: Evaluation; scope: EvaluationScope },
  file: File,
): Promise<number> {
  const input = Buffer.from(await file.arrayBuffer());
  const type = sniffTradeInImage(input);
  if (!type) throw new HttpError(415, IMAGE_TYPE_MESSAGE);
  // JPEG, PNG and GIF are decoded and re-encoded (upright, no camera or GPS metadata) as the admin's
  // uploads are. sharp's prebuilt libvips cannot decode HEIC (no HEVC decoder), so a HEIC photo is
  // kept exactly as sent, for the buying team to open, once its size is checked (./heic.ts); it is
  // never served to the public.
  let data: Buffer;
  let ext: string;
  if (type === "image/heic") {
    checkHeic(input);
    data = input;
    ext = "heic";
  } else {
    data = await preparePicture(input).then(
      (p) => p.data,
      () => {
        throw new HttpError(415, IMAGE_TYPE_MESSAGE);
      },
    );
    ext = "webp";
  }
  // What is stored is counted: first the evaluation's bytes, then the client's, network's and site's hour.
  if (imageBytes(evaluation.images) + data.byteLength > TRADE_IN_UPLOAD_BYTES.perEvaluation) throw new HttpError(413, EVALUATION_BYTES_MESSAGE);
  const budgets = byteBudgets(request, scope.site);
  const spent = await spendInOrder(limiter, data.byteLength, budgets);
  if (!spent.ok) throw new HttpError(429, uploadBudgetMessage(budgets.find((b) => b.key === spent.key)!.which, spent.retryAfterS));
  const sha256 = createHash("sha256").update(data).digest("hex");
  // A file of this upload's own (the same picture sent twice at once is two files, each counted), so
  // removing a refused upload's file never takes another upload's.
  const relative = ["trade-in", scope.site, evaluation.id, `${sha256.slice(0, 32)}-${randomBytes(6).toString("hex")}.${ext}`].join("/");
  const storage = mediaStorage();
  const remove = () => storage.delete(relative).catch(() => false);
  let added: Awaited<ReturnType<typeof addEvaluationImage>>;
  try {
    await storage.put(relative, data, type);
    const name = file.name.replace(/[^\w .()-]/g, "_").slice(0, 200) || `image.${ext}`;
    added = await addEvaluationImage(db, scope, evaluation.id, { name, type, bytes: data.byteLength, sha256, path: relative, addedAt: new Date().toISOString() }, { maxBytes: TRADE_IN_UPLOAD_BYTES.perEvaluation });
  } catch (e) {
    await remove();
    await spendInOrder(limiter, -data.byteLength, budgets);
    throw e;
  }
  if (!added.ok) {
    // Another upload took the 10th place (or the last bytes) meanwhile: nothing of this one is kept or counted.
    await remove();
    await spendInOrder(limiter, -data.byteLength, budgets);
    if (added.reason === "too-many") throw new HttpError(409, TOO_MANY_IMAGES_MESSAGE);
    if (added.reason === "too-many-bytes") throw new HttpError(413, EVALUATION_BYTES_MESSAGE);
    throw new HttpError(404, EVALUATION_NOT_FOUND);
  }
  return added.evaluation.images.length;
}
