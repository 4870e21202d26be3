/**
 * POST /api/search/1/indexes/*\/queries: the Algolia multi-query request, answered for the site
 * named by the Host header, or for a preview's draft (/preview/{token}/api/search/…, which proxy.ts
 * rewrites to app/p/{host}/{token}/…). Errors in Algolia's shape, { message, status }.
 */
import { decodeComponent } from "../../domain/uri";
import { readLimitedJson } from "../http/body";
import { HttpError, type ErrorBody } from "../errors";
import { endpoint, type Endpoint, type RouteParams } from "../http/endpoint";
import { NO_SITE } from "../http/site-route";
import { tenantForHost } from "../tenants/live";
import { previewDocument } from "../admin/preview";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { appMetrics } from "../metrics";
import { searchForTenant } from "./service";

const MAX_BODY_BYTES = 256 * 1024;

/** Algolia's error shape. */
const algoliaError = ({ message }: ErrorBody, status: number) => ({ message, status });

const searchEndpoint = (context: (request: Request, params: RouteParams) => Promise<TenantDocument>): Endpoint =>
  endpoint({ context, errorBody: algoliaError, unexpected: "The search failed; please try again.", log: "[search] query failed:" }, async (request, document) => {
    const body = await readLimitedJson(request, MAX_BODY_BYTES, {
      tooLarge: () => `The request body is over ${MAX_BODY_BYTES} bytes.`,
      invalidJson: () => "The request body is not valid JSON.",
    });
    // A malformed query or filter is a SearchRequestError (400). An answered search is timed (forecourt_search_duration_seconds).
    const end = appMetrics().searchDuration.startTimer();
    const answer = await searchForTenant(document, (body as { requests?: unknown } | null)?.requests);
    end();
    return answer;
  });

/** The site's search (the live document of the Host header's site). */
export const multiQueryRoute = searchEndpoint(async (request) => {
  const live = await tenantForHost(request.headers.get("host"));
  if (!live) throw new HttpError(404, NO_SITE);
  return live.document;
});

/** A preview's search: answered with the draft's settings. */
export const previewMultiQueryRoute = searchEndpoint(async (_request, { host, token }) => {
  const draft = await previewDocument(decodeComponent(host), token);
  if (!draft) throw new HttpError(404, "This preview link is no longer valid. Open the site in the admin again for a new one.");
  return draft;
});

/** The site's search for one request (tests). */
export const handleMultiQuery = (request: Request): Promise<Response> => multiQueryRoute(request);

/** A preview's search for one request (tests). */
export const handlePreviewMultiQuery = (request: Request, host: string, token: string): Promise<Response> =>
  previewMultiQueryRoute(request, { params: Promise.resolve({ host: encodeURIComponent(host), token }) });
