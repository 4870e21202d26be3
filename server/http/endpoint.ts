/**
 * The one way an endpoint is written: every app/**\/route.ts export is a function `endpoint` made.
 * A request goes: context (who and what it is for: the site of the Host header, the signed-in admin,
 * nothing for the platform's own routes) → handler (reads the request into typed input, calls the
 * feature's service, returns plain data or a `reply`) → serialise (this file turns the result into
 * the Response). Any HttpError thrown on the way becomes its status with the family's error body;
 * anything else is logged and answered 500 without detail.
 *
 * The site, admin and platform families are thin context resolvers on top (site-route.ts,
 * server/admin/http.ts, platform-route.ts). Handlers and services never build a Response nor answer
 * an error themselves: they throw, and the family's errorBody shapes the answer. The test
 * server/http/endpoints.test.ts checks that every route is branded, that only server/http/ constructs
 * Responses (ESLint), and that no handler module calls json(, errorResponse( or new Response(.
 */
import { HttpError, type ErrorBody } from "../errors";
import { errorResponse, type ErrorAnswer } from "./error-response";
import { json } from "./json";

/** Marks a function `endpoint` made; server/http/endpoints.test.ts checks every route export carries it. */
export const ENDPOINT = Symbol.for("forecourt.endpoint");

/** An answer other than a plain 200 JSON: a status, headers, and a JSON body (or raw bytes/text). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly raw = false,
  ) {}
}

/** A JSON answer with its status and headers. */
export const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => new Reply(status, body, headers);

/** An answer that is not JSON (a PDF, a picture, XML, a redirect with no body): sent as given. */
export const rawReply = (status: number, body: BodyInit | Uint8Array | null, headers: Record<string, string> = {}) => new Reply(status, body, headers, true);

/** 204, nothing in the body, not stored by any cache. */
export const noContent = () => rawReply(204, null, { "cache-control": "no-store" });

/** What a handler may return: plain data (200 JSON), a Reply, or — from server/http/'s own wrappers only — a Response. */
export type Result = Response | Reply | unknown;

export type RouteParams = Record<string, string>;
/** The second argument Next passes a route handler. */
export type RouteArgs = { params?: Promise<Record<string, string | string[]>> };

export type Endpoint = ((request: Request, route?: RouteArgs) => Promise<Response>) & { readonly [ENDPOINT]: true };

export type Handler<C> = (request: Request, ctx: C, params: RouteParams) => Promise<Result> | Result;

export interface EndpointOptions<C> {
  /** The handler's context for this request; throws an HttpError (404 unknown site, 401 signed out …) to refuse it. */
  context: (request: Request, params: RouteParams) => Promise<C> | C;
  /** The family's error body for an error's fields and status; default the fields as they are ({ message, … }). */
  errorBody?: (fields: ErrorBody, status: number) => unknown;
  /** What a 500 says; default SOMETHING_WENT_WRONG. */
  unexpected?: string;
  /** The log line's prefix for a 500. */
  log?: string;
}

/** A handler's result as the Response sent. */
export function serialise(result: Result): Response {
  if (result instanceof Response) return result;
  if (result instanceof Reply) {
    if (!result.raw) return json(result.status, result.body, result.headers);
    const body = result.body instanceof Buffer ? new Uint8Array(result.body) : result.body;
    return new Response(body as BodyInit | null, { status: result.status, headers: result.headers });
  }
  return json(200, result);
}

/** A handler's call as the Response sent (tests): an HttpError becomes its answer in the family's body shape, anything else is thrown on. */
export async function answerOf(run: () => Promise<Result> | Result, errorBody?: ErrorAnswer["body"]): Promise<Response> {
  try {
    return serialise(await run());
  } catch (e) {
    if (e instanceof HttpError) return errorResponse(e, { body: errorBody });
    throw e;
  }
}

/** Marks a route function as made by `endpoint` (for wrappers that only adapt one). */
export function brand(fn: (request: Request, route?: RouteArgs) => Promise<Response>): Endpoint {
  return Object.assign(fn, { [ENDPOINT]: true as const });
}

export const isEndpoint = (value: unknown): value is Endpoint => typeof value === "function" && (value as { [ENDPOINT]?: unknown })[ENDPOINT] === true;

/** The route function for a handler: context → handler → serialise, thrown errors answered in the family's shape. */
export function endpoint<C>(options: EndpointOptions<C>, handler: Handler<C>): Endpoint {
  const answer = { body: options.errorBody, unexpected: options.unexpected, log: options.log };
  return brand(async (request, route) => {
    try {
      const params = ((await route?.params) ?? {}) as RouteParams;
      const ctx = await options.context(request, params);
      return serialise(await handler(request, ctx, params));
    } catch (e) {
      return errorResponse(e, answer);
    }
  });
}
