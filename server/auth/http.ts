/** The sign-in endpoints (POST /api/auth/request-code, /verify-code, /sign-out) for the site the Host header names. */
import { isDemoMobile, maskMobile, mobileCountry, mobileExample, normaliseMobile } from "../../domain/mobile";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { readJsonObject } from "../http/body";
import { BadRequest } from "../http/errors";
import { json } from "../http/json";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { clientKey, hitInOrder, leadRateLimiter } from "../leads/rate-limit";
import { EMBEDDED_SMS } from "../sms/provider";
import { requestCode, verifyCode, CODE_REQUEST_LIMITS, CODE_TTL_MS } from "./codes";
import { createSession, deleteSession, isHttps, sessionCookie, sessionToken, upsertSiteUser } from "./sessions";

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
  const phone = phoneOf(await readJsonObject(request, SITE_BODY_MAX_BYTES), ctx.tenant);
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
  // The demo number, while texts go only to the embedded outbox: its code is answered, to be shown on screen.
  const demo = ctx.sms.name === EMBEDDED_SMS && isDemoMobile(phone, mobileCountry(ctx.tenant.identity.locale));
  const result = await requestCode(ctx.db, { site: ctx.tenant.identity.slug, siteName: ctx.tenant.identity.name, phone, sms: ctx.sms, now: ctx.now, sharedNumber: demo });
  if (!result.ok) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return json(
      429,
      { message: `Too many codes were sent to this number. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.` },
      { "retry-after": String(result.retryAfterSeconds) },
    );
  }
  return json(200, { ok: true, phone, masked: maskMobile(phone), expiresInSeconds: CODE_TTL_MS / 1000, ...(demo ? { demoCode: result.code } : {}) });
}

export async function handleVerifyCode(request: Request, ctx: SiteContext): Promise<Response> {
  if (!authEnabled(ctx.tenant)) return json(404, { message: "Sign-in is not available on this site." });
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
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

export const requestCodeRoute = siteRoute(handleRequestCode);
export const verifyCodeRoute = siteRoute(handleVerifyCode);
export const signOutRoute = siteRoute(handleSignOut);
