/**
 * Route handlers for the dealer site the Host header names (sign-in, watchlist, vehicle views,
 * price comparison, PDF): 404 for an unknown site, an HttpError's status and message for a
 * caller's mistake, and a logged 500 only for faults of ours.
 */
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db } from "../db";
import { smsProvider, type SmsProvider } from "../sms/provider";
import { tenantForHost } from "../tenants/live";
import type { RateLimiter } from "../leads/rate-limit";
import { errorResponse, HttpError } from "./errors";
import { json } from "./json";

/** What a site endpoint works with; tests build it directly. */
export interface SiteContext {
  db: Db;
  tenant: TenantDocument;
  sms: SmsProvider;
  now?: Date;
  /** The rate limiter (default: the process's, memory or Redis). */
  limiter?: RateLimiter;
}

type SiteHandler = (request: Request, ctx: SiteContext) => Promise<Response>;
type ErrorBodyFor = (message: string) => Record<string, unknown>;

const messageBody: ErrorBodyFor = (message) => ({ message });

/** The most a site endpoint's JSON body may be. */
export const SITE_BODY_MAX_BYTES = 16 * 1024;

export function siteRoute(
  handler: SiteHandler,
  opts: {
    /** The body of an error answer (default { message }). */
    errorBody?: ErrorBodyFor;
    /** The site context for a Host header (tests); default: the live tenant for the host and the process's database. */
    contextForHost?: (host: string | null) => Promise<SiteContext | null>;
  } = {},
) {
  const errorBody = opts.errorBody ?? messageBody;
  const contextForHost =
    opts.contextForHost ??
    (async (host: string | null): Promise<SiteContext | null> => {
      const live = await tenantForHost(host);
      if (!live) return null;
      const { db } = await getDb();
      return { db, tenant: live.document, sms: smsProvider(db) };
    });
  return async (request: Request): Promise<Response> => {
    try {
      const ctx = await contextForHost(request.headers.get("host"));
      if (!ctx) return json(404, errorBody("No dealer site answers at this address."));
      return await handler(request, ctx);
    } catch (e) {
      // The error's own fields too (a card's field errors, a limit's challenge: the browser solves it).
      return errorResponse(e, { body: ({ message, ...fields }) => ({ ...errorBody(message), ...fields }), log: "[site] request failed:" });
    }
  };
}

/** Runs a handler the way siteRoute does, for a context the caller already has (tests): an HttpError becomes its answer, anything else is thrown on. */
export async function withErrors(handler: SiteHandler, request: Request, ctx: SiteContext, errorBody: ErrorBodyFor = messageBody): Promise<Response> {
  try {
    return await handler(request, ctx);
  } catch (e) {
    if (e instanceof HttpError) return errorResponse(e, { body: ({ message, ...fields }) => ({ ...errorBody(message), ...fields }) });
    throw e;
  }
}
