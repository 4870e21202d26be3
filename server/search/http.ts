import { readLimitedJson } from "../http/body";
import { errorResponse, type ErrorBody } from "../http/errors";
import { json } from "../http/json";
import { tenantForHost } from "../tenants/live";
import { previewDocument } from "../admin/preview";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { searchForTenant } from "./service";

const MAX_BODY_BYTES = 256 * 1024;

/** Algolia's error shape. */
const algoliaError = ({ message }: ErrorBody, status: number) => ({ message, status });
const error = (status: number, message: string) => json(status, algoliaError({ message }, status));

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
  try {
    const body = await readLimitedJson(request, MAX_BODY_BYTES, {
      tooLarge: () => `The request body is over ${MAX_BODY_BYTES} bytes.`,
      invalidJson: () => "The request body is not valid JSON.",
    });
    // A malformed query or filter is a SearchRequestError (400).
    return json(200, await searchForTenant(document, (body as { requests?: unknown } | null)?.requests));
  } catch (e) {
    return errorResponse(e, { body: algoliaError, unexpected: "The search failed; please try again.", log: "[search] query failed:" });
  }
}
