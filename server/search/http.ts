import { BodyError, readLimitedJson } from "../http/body";
import { tenantForHost } from "../tenants/live";
import { previewDocument } from "../admin/preview";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { searchForTenant, SearchRequestError } from "./service";

const MAX_BODY_BYTES = 256 * 1024;

const error = (status: number, message: string) => Response.json({ message, status }, { status });

/** POST /api/search/1/indexes/*\/queries: the Algolia multi-query request, answered for the site named by the Host header. */
export async function handleMultiQuery(request: Request): Promise<Response> {
  const live = await tenantForHost(request.headers.get("host"));
  if (!live) return error(404, "No dealer site answers at this address.");
  return answer(request, live.document);
}

/** The same request from a preview (/preview/{token}/api/search/…): answered with the draft's settings. */
export async function handlePreviewMultiQuery(request: Request, host: string, token: string): Promise<Response> {
  const draft = await previewDocument(host, token);
  if (!draft) return error(404, "This preview link is no longer valid. Open the site in the admin again for a new one.");
  return answer(request, draft);
}

async function answer(request: Request, document: TenantDocument): Promise<Response> {
  let body: unknown;
  try {
    body = await readLimitedJson(request, MAX_BODY_BYTES, {
      tooLarge: () => `The request body is over ${MAX_BODY_BYTES} bytes.`,
      invalidJson: () => "The request body is not valid JSON.",
    });
  } catch (e) {
    if (e instanceof BodyError) return error(e.status, e.message);
    throw e;
  }
  try {
    return Response.json(await searchForTenant(document, (body as { requests?: unknown } | null)?.requests));
  } catch (e) {
    if (e instanceof SearchRequestError) return error(400, e.message);
    console.error("[search] query failed:", e);
    return error(500, "The search failed; please try again.");
  }
}
