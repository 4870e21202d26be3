import { tenantForHost } from "../tenants/live";
import { searchForTenant, SearchRequestError } from "./service";

const MAX_BODY_BYTES = 256 * 1024;

const error = (status: number, message: string) => Response.json({ message, status }, { status });

/** POST /api/search/1/indexes/*\/queries: the Algolia multi-query request, answered for the site named by the Host header. */
export async function handleMultiQuery(request: Request): Promise<Response> {
  const live = await tenantForHost(request.headers.get("host"));
  if (!live) return error(404, "No dealer site answers at this address.");
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) return error(413, `The request body is over ${MAX_BODY_BYTES} bytes.`);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return error(413, `The request body is over ${MAX_BODY_BYTES} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return error(400, "The request body is not valid JSON.");
  }
  try {
    return Response.json(await searchForTenant(live.document, (body as { requests?: unknown } | null)?.requests));
  } catch (e) {
    if (e instanceof SearchRequestError) return error(400, e.message);
    console.error("[search] query failed:", e);
    return error(500, "The search failed; please try again.");
  }
}
