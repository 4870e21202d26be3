/**
 * The inventory's endpoints that are not JSON: GET /media/** (generated vehicle pictures and the
 * admin's uploads, server/media/vehicle-pictures.ts) and GET /api/cars/{slug}/pdf (the car's PDF,
 * server/inventory/vehicle-pdf.ts). The dealer feed API is ./feed-http.ts.
 */
import { vehicleSheet } from "../../domain/vehicle-sheet";
import { PICTURE_PREFIX } from "../../domain/media";
import { pdfFileName } from "../../domain/vdp-share";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { readUpload } from "../media/uploads";
import type { StorageUnavailableError } from "../media/storage";
import { HttpError } from "../errors";
import { rawReply, serialise, type Reply } from "../http/endpoint";
import { platformRoute } from "../http/platform-route";
import { siteRoute, type SiteContext } from "../http/site-route";
import { drawingHash, picture, pictureRequest } from "../media/vehicle-pictures";
import { localPhoto, renderVehiclePdf } from "./vehicle-pdf";
import { vehicleForPage } from "./vdp";

/** Uploads: named by their bytes' hash, so never changed under their name. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Generated pictures: the name stays when the drawing changes (vehicles keep the URL); revalidated by ETag after a day. */
const PICTURE_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
const TYPES = { jpg: "image/jpeg", webp: "image/webp" } as const;

const notFound = () => rawReply(404, "Not found", { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" });

/** The answer to GET /media/{...segments}. */
export async function mediaReply(segments: string[] | undefined, ifNoneMatch?: string | null): Promise<Reply> {
  if (segments?.[0] === "uploads") {
    let bytes: Buffer | null;
    try {
      bytes = segments.length === 3 ? await readUpload(segments[1], segments[2]) : null;
    } catch (e) {
      // By HttpError's brand and status: the S3 client (a process service) may come from another bundle's copy of the error class.
      if (!(e instanceof HttpError) || e.status !== 503) throw e;
      console.error(`[media] storage did not answer for /media/${segments.join("/")}:`, ((e as StorageUnavailableError).cause as Error)?.message);
      return rawReply(503, e.message, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...e.headers() });
    }
    if (!bytes) return notFound();
    return rawReply(200, new Uint8Array(bytes), { "content-type": "image/webp", "content-length": String(bytes.byteLength), "cache-control": CACHE_CONTROL, "x-content-type-options": "nosniff" });
  }
  const prefix = PICTURE_PREFIX.split("/").filter(Boolean).slice(1); // ["vehicles"]
  if (!segments || segments.length < prefix.length + 3 || prefix.some((p, i) => segments[i] !== p)) return notFound();
  const req = pictureRequest(segments.slice(prefix.length));
  if (!req) return notFound();
  const hash = drawingHash(req);
  const etag = `"${hash}"`;
  const cached = { "cache-control": PICTURE_CACHE_CONTROL, etag };
  if (ifNoneMatch?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return rawReply(304, null, cached);
  try {
    const bytes = await picture(req, hash);
    return rawReply(200, new Uint8Array(bytes), { "content-type": TYPES[req.format], "content-length": String(bytes.byteLength), ...cached });
  } catch (e) {
    console.error(`[media] cannot render /media/${segments.join("/")}:`, e);
    return rawReply(503, "The picture could not be made", { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  }
}

/** The answer to GET /media/{...segments} as a Response (tests). */
export const mediaResponse = async (segments: string[] | undefined, ifNoneMatch?: string) => serialise(await mediaReply(segments, ifNoneMatch));

/** GET /media/{...path}. */
export const mediaRoute = platformRoute((request, _ctx, params) =>
  mediaReply(params.path as unknown as string[] | undefined, request.headers.get("if-none-match")),
);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The PDF of one of the site's cars: 200 application/pdf as an attachment named {slug}.pdf; 404 JSON
 * for a car the site does not show (unknown, hidden, another site's) or a site without PDF downloads.
 */
export async function handleVehiclePdf(
  _request: Request,
  ctx: Pick<SiteContext, "tenant">,
  slug: string,
  opts: { compress?: boolean } = {},
): Promise<Reply> {
  const tenant: TenantDocument = ctx.tenant;
  if (!tenant.features.pdfDownload) throw new HttpError(404, "This site does not offer PDF downloads.");
  const car = SLUG.test(slug) && slug.length <= 200 ? await vehicleForPage(tenant, `/cars/${slug}`) : null;
  if (!car) throw new HttpError(404, "That car is not listed on this site.");
  const sheet = vehicleSheet(car, tenant);
  const pdf = await renderVehiclePdf(sheet, await localPhoto(sheet.image), { compress: opts.compress, accent: tenant.theme.colors.primary });
  return rawReply(200, new Uint8Array(pdf), {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${pdfFileName(car.slug)}"`,
    "content-length": String(pdf.byteLength),
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex",
  });
}

/** GET /api/cars/{slug}/pdf. */
export const vehiclePdfRoute = siteRoute((r, ctx, { slug }) => handleVehiclePdf(r, ctx, slug));
