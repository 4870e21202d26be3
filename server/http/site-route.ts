/**
 * The site family of endpoints (sign-in, watchlist, vehicle views, price comparison, PDF, trade-in,
 * reservations …): the context is the dealer site the Host header names (404 for an unknown site),
 * resolved here; the rest is the one wrapper (./endpoint.ts).
 */
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db } from "../db";
import { smsProvider, type SmsProvider } from "../sms/provider";
import { tenantForHost } from "../tenants/live";
import type { RateLimiter } from "./rate-limit";
import { HttpError, type ErrorBody } from "../errors";
import { answerOf, endpoint, type Endpoint, type Handler } from "./endpoint";

/** What a site endpoint works with; tests build it directly. */
export interface SiteContext {
  db: Db;
  tenant: TenantDocument;
  sms: SmsProvider;
  now?: Date;
  /** The rate limiter (default: the process's, memory or Redis). */
  limiter?: RateLimiter;
}

type SiteHandler = Handler<SiteContext>;
type ErrorBodyFor = (message: string) => Record<string, unknown>;

const messageBody: ErrorBodyFor = (message) => ({ message });
export const NO_SITE = "No dealer site answers at this address.";

/** The most a site endpoint's JSON body may be. */
export const SITE_BODY_MAX_BYTES = 16 * 1024;

/** A family's error body with the error's own fields too (a card's field errors, a limit's challenge: the browser solves it). */
const withFields = (errorBody: ErrorBodyFor) => ({ message, ...fields }: ErrorBody) => ({ ...errorBody(message), ...fields });

/** The live site for the Host header with the process's database; null when none answers there. */
export async function liveSiteContext(host: string | null): Promise<SiteContext | null> {
  const live = await tenantForHost(host);
  if (!live) return null;
  const { db } = await getDb();
  return { db, tenant: live.document, sms: smsProvider(db) };
}

/** An endpoint's context from the Host header: what `find` returns for it, or a 404 when no site answers there. */
export function siteOfHost<T>(find: (host: string | null) => Promise<T | null | undefined>) {
  return async (request: Request): Promise<T> => {
    const found = await find(request.headers.get("host"));
    if (!found) throw new HttpError(404, NO_SITE);
    return found;
  };
}

export function siteRoute(
  handler: SiteHandler,
  opts: {
    /** The body of an error answer (default { message }). */
    errorBody?: ErrorBodyFor;
    /** The site context for a Host header (tests); default: the live tenant for the host and the process's database. */
    contextForHost?: (host: string | null) => Promise<SiteContext | null>;
  } = {},
): Endpoint {
  const contextForHost = opts.contextForHost ?? liveSiteContext;
  return endpoint(
    {
      context: siteOfHost(contextForHost),
      errorBody: withFields(opts.errorBody ?? messageBody),
      log: "[site] request failed:",
    },
    handler,
  );
}

/** Runs a handler the way siteRoute does, for a context the caller already has (tests): an HttpError becomes its answer, anything else is thrown on. */
export function withErrors(handler: SiteHandler, request: Request, ctx: SiteContext, errorBody: ErrorBodyFor = messageBody, params: Record<string, string> = {}): Promise<Response> {
  return answerOf(() => handler(request, ctx, params), withFields(errorBody));
}
