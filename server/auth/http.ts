/** The sign-in endpoints (POST /api/auth/request-code, /verify-code, /sign-out) for the site the Host header names. */
import { maskMobile, mobileCountry, mobileExample, normaliseMobile } from "../../domain/mobile";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { getDb, type Db } from "../db";
import { BodyError, readLimitedJson } from "../http/body";
import { smsProvider, type SmsProvider } from "../sms/provider";
import { tenantForHost } from "../tenants/live";
import { clientKey, hitInOrder, leadRateLimiter, type RateLimiter } from "../leads/rate-limit";
import { requestCode, verifyCode, CODE_REQUEST_LIMITS, CODE_TTL_MS } from "./codes";
import { createSession, deleteSession, isHttps, sessionCookie, sessionToken, sessionUser, upsertSiteUser, type SiteUser } from "./sessions";

/** What a site endpoint works with; tests build it directly. */
export interface SiteContext {
  db: Db;
  tenant: TenantDocument;
  sms: SmsProvider;
  now?: Date;
  /** The rate limiter (default: the process's, memory or Redis). */
  limiter?: RateLimiter;
}

const MAX_BODY_BYTES = 16 * 1024;
const NO_STORE = { "cache-control": "no-store" };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

export class BadRequest extends Error {
  constructor(message: string, readonly status = 400) {
    super(message);
  }
}

/** The request's JSON object body; a BadRequest for anything else. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await readLimitedJson(request, MAX_BODY_BYTES, { tooLarge: () => "The request body is too large.", invalidJson: () => "The request body is not valid JSON." });
  } catch (e) {
    if (e instanceof BodyError) throw new BadRequest(e.message, e.status);
    throw e;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new BadRequest("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** Auth is switched off by default (spec §6); a site turns it on with features.auth.enabled. */
export const authEnabled = (tenant: TenantDocument) => tenant.features.auth?.enabled === true;

function phoneOf(body: Record<string, unknown>, tenant: TenantDocument, field = "phone"): string {
  const country = mobileCountry(tenant.identity.locale);
  const phone = typeof body[field] === "string" ? normaliseMobile(body[field] as string, country) : null;
  if (!phone) throw new BadRequest(`Enter a mobile number, e.g. ${mobileExample(country)}`);
  return phone;
}

export async function handleRequestCode(request: Request, ctx: SiteContext): Promise<Response> {
  if (!authEnabled(ctx.tenant)) return json(404, { message: "Sign-in is not available on this site." });
  const phone = phoneOf(await readJsonObject(request), ctx.tenant);
  const site = ctx.tenant.identity.slug;
  // Per client, then per site (counted only for requests the client's limit let through); then the number's own limit.
  const limited = await hitInOrder(ctx.limiter ?? (await leadRateLimiter()), [
    { key: `sms-code:client:${site}:${clientKey(request)}`, ...CODE_REQUEST_LIMITS.perClient },
    { key: `sms-code:site:${site}`, ...CODE_REQUEST_LIMITS.perSite },
  ]);
  if (!limited.ok) {
    const minutes = Math.ceil(limited.retryAfterS / 60);
    const wait = `Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    const message = limited.key.startsWith("sms-code:client:")
      ? `Too many codes were requested from here. ${wait}`
      : `This site is sending too many codes right now. ${wait}`;
    return json(429, { message }, { "retry-after": String(limited.retryAfterS) });
  }
  const result = await requestCode(ctx.db, { site: ctx.tenant.identity.slug, siteName: ctx.tenant.identity.name, phone, sms: ctx.sms, now: ctx.now });
  if (!result.ok) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return json(
      429,
      { message: `Too many codes were sent to this number. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.` },
      { "retry-after": String(result.retryAfterSeconds) },
    );
  }
  return json(200, { ok: true, phone, masked: maskMobile(phone), expiresInSeconds: CODE_TTL_MS / 1000 });
}

export async function handleVerifyCode(request: Request, ctx: SiteContext): Promise<Response> {
  if (!authEnabled(ctx.tenant)) return json(404, { message: "Sign-in is not available on this site." });
  const body = await readJsonObject(request);
  const phone = phoneOf(body, ctx.tenant);
  const code = typeof body.code === "string" ? body.code.replace(/\s/g, "") : "";
  if (!/^\d{6}$/.test(code)) throw new BadRequest("Enter the 6-digit code from the text message.");
  const site = ctx.tenant.identity.slug;
  const result = await verifyCode(ctx.db, { site, phone, code, now: ctx.now });
  if (!result.ok) {
    const message =
      result.reason === "wrong"
        ? `That code is not right. ${result.attemptsLeft} ${result.attemptsLeft === 1 ? "try" : "tries"} left.`
        : result.reason === "expired"
          ? "That code has expired. Send a new one."
          : result.reason === "too-many-attempts"
            ? "That code was entered wrongly too many times. Send a new one."
            : "There is no code waiting for this number. Send a new one.";
    return json(400, { message, reason: result.reason, ...(result.reason === "wrong" ? { attemptsLeft: result.attemptsLeft } : {}) });
  }
  const user = await upsertSiteUser(ctx.db, site, phone, ctx.now);
  const session = await createSession(ctx.db, user.id, ctx.now);
  return json(200, { ok: true, phone }, { "set-cookie": sessionCookie(session.token, { secure: isHttps(request) }) });
}

export async function handleSignOut(request: Request, ctx: SiteContext): Promise<Response> {
  await deleteSession(ctx.db, sessionToken(request.headers.get("cookie")));
  return json(200, { ok: true }, { "set-cookie": sessionCookie("", { secure: isHttps(request), maxAgeSeconds: 0 }) });
}

/** The signed-in user of this request on this site, or null. */
export function requestUser(request: Request, ctx: SiteContext): Promise<SiteUser | null> {
  return sessionUser(ctx.db, ctx.tenant.identity.slug, sessionToken(request.headers.get("cookie")), ctx.now);
}

/**
 * A route handler for the site of the Host header: 404 for an unknown site, 400/413 JSON for bad
 * input, and a logged 500 only for faults of ours.
 */
export function siteRoute(
  handler: (request: Request, ctx: SiteContext) => Promise<Response>,
  opts: {
    errorBody?: (message: string) => Record<string, unknown>;
    /** The site context for a Host header (tests); default: the live tenant for the host and the process's database. */
    contextForHost?: (host: string | null) => Promise<SiteContext | null>;
  } = {},
) {
  const body = opts.errorBody ?? ((message: string) => ({ message }));
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
      if (!ctx) return json(404, body("No dealer site answers at this address."));
      return await withErrors(handler, request, ctx, body);
    } catch (e) {
      console.error("[auth] request failed:", e);
      return json(500, body("Something went wrong; please try again."));
    }
  };
}

/** Runs a handler the way siteRoute does, for a context the caller already has (tests). */
export async function withErrors(
  handler: (request: Request, ctx: SiteContext) => Promise<Response>,
  request: Request,
  ctx: SiteContext,
  errorBody: (message: string) => Record<string, unknown> = (message) => ({ message }),
): Promise<Response> {
  try {
    return await handler(request, ctx);
  } catch (e) {
    if (e instanceof BadRequest) return json(e.status, errorBody(e.message));
    throw e;
  }
}

export const requestCodeRoute = siteRoute(handleRequestCode);
export const verifyCodeRoute = siteRoute(handleVerifyCode);
export const signOutRoute = siteRoute(handleSignOut);
