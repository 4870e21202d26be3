/** The sign-in endpoints (POST /api/auth/request-code, /verify-code, /sign-out) for the site the Host header names. */
import { isDemoMobile, maskMobile, mobileCountry, mobileExample, normaliseMobile } from "../../domain/mobile";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { readJsonObject } from "../http/body";
import { BadRequest, HttpError } from "../errors";
import { reply } from "../http/endpoint";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { clientKey, hitInOrder, leadRateLimiter, networkKey } from "../http/rate-limit";
import { capOrChallenge, inMinutes, LimitedError, redeemChallenge } from "../http/challenge";
import type { ChallengeOffer } from "../../domain/challenge";
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

const tryAgainIn = (seconds: number) => `Try again in ${inMinutes(seconds)}.`;

/** A capped code request's refusal: 429 with the message and Retry-After, and a challenge when one lets it through. */
const capped = (message: string, retryAfterS: number, challenge?: ChallengeOffer | null) => new LimitedError(message, retryAfterS, challenge ?? null);

const NO_SIGN_IN = "Sign-in is not available on this site.";

/** What a code request past a site-wide cap says (the browser solves the challenge; without JavaScript, this shows). */
export const CODES_BUSY = "Many sign-in codes are being requested right now. Please try again in a moment.";
export const NUMBER_BUSY = "Several codes were sent to this number just now. Please try again in a moment.";

export async function handleRequestCode(request: Request, ctx: SiteContext) {
  if (!authEnabled(ctx.tenant)) throw new HttpError(404, NO_SIGN_IN);
  const phone = phoneOf(await readJsonObject(request, SITE_BODY_MAX_BYTES), ctx.tenant);
  const site = ctx.tenant.identity.slug;
  const limiter = ctx.limiter ?? (await leadRateLimiter());
  const client = clientKey(request);
  const network = networkKey(client);
  // A challenge is bound to the client and the number it was issued for.
  const scope = { site, purpose: "sms-code", client: `${client} ${phone}`, now: ctx.now };
  // The demo number, while texts go only to the embedded outbox: its code is answered, to be shown on screen.
  const demo = ctx.sms.name === EMBEDDED_SMS && isDemoMobile(phone, mobileCountry(ctx.tenant.identity.locale));
  // A solved challenge was issued to this client, for this number, after every limit but the caps counted it;
  // a refused one throws ChallengeRefused, answered with its flag: the browser asks for a new one.
  const solved = await redeemChallenge(limiter, request, scope);
  if (!solved) {
    // Per client, then per network (each counted only for requests the one before let through).
    const limited = await hitInOrder(limiter, [
      { key: `sms-code:client:${site}:${client}`, ...CODE_REQUEST_LIMITS.perClient },
      { key: `sms-code:network:${site}:${network}`, ...CODE_REQUEST_LIMITS.perNetwork },
    ]);
    if (!limited.ok) {
      const from = limited.key.startsWith("sms-code:client:") ? "from here" : "from your network";
      throw capped(`Too many codes were requested ${from}. ${tryAgainIn(limited.retryAfterS)}`, limited.retryAfterS);
    }
    if (!demo) {
      // The number from this network: others asking for it from elsewhere never use this up.
      const mine = await limiter.hit(`sms-code:number-network:${site}:${phone}:${network}`, CODE_REQUEST_LIMITS.perNumberNetwork.limit, CODE_REQUEST_LIMITS.perNumberNetwork.windowMs);
      if (!mine.ok) throw capped(`Too many codes were sent to this number. ${tryAgainIn(mine.retryAfterS)}`, mine.retryAfterS);
    }
    // Site-wide caps: past them, a challenge instead of a refusal (server/http/challenge.ts).
    const siteCap = await capOrChallenge(limiter, { key: `sms-code:site:${site}`, ...CODE_REQUEST_LIMITS.perSite }, scope);
    if (!siteCap.ok) throw capped(siteCap.challenge ? CODES_BUSY : `This site is sending too many codes right now. ${tryAgainIn(siteCap.retryAfterS)}`, siteCap.retryAfterS, siteCap.challenge);
    if (!demo) {
      const numberCap = await capOrChallenge(limiter, { key: `sms-code:number:${site}:${phone}`, ...CODE_REQUEST_LIMITS.perNumber }, scope);
      if (!numberCap.ok) throw capped(numberCap.challenge ? NUMBER_BUSY : `Too many codes were sent to this number. ${tryAgainIn(numberCap.retryAfterS)}`, numberCap.retryAfterS, numberCap.challenge);
    }
  }
  const result = await requestCode(ctx.db, { site, siteName: ctx.tenant.identity.name, phone, sms: ctx.sms, now: ctx.now, sharedNumber: demo });
  if (!result.ok) throw capped(`Too many codes were sent to this number. ${tryAgainIn(result.retryAfterSeconds)}`, result.retryAfterSeconds);
  return { ok: true, phone, masked: maskMobile(phone), expiresInSeconds: CODE_TTL_MS / 1000, ...(demo ? { demoCode: result.code } : {}) };
}

export async function handleVerifyCode(request: Request, ctx: SiteContext) {
  if (!authEnabled(ctx.tenant)) throw new HttpError(404, NO_SIGN_IN);
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
    throw new HttpError(400, message, { fields: { reason: result.reason, ...(result.reason === "wrong" ? { attemptsLeft: result.attemptsLeft } : {}) } });
  }
  const user = await upsertSiteUser(ctx.db, site, phone, ctx.now);
  const session = await createSession(ctx.db, user.id, ctx.now);
  return reply(200, { ok: true, phone }, { "set-cookie": sessionCookie(session.token, { secure: isHttps(request) }) });
}

export async function handleSignOut(request: Request, ctx: SiteContext) {
  await deleteSession(ctx.db, sessionToken(request.headers.get("cookie")));
  return reply(200, { ok: true }, { "set-cookie": sessionCookie("", { secure: isHttps(request), maxAgeSeconds: 0 }) });
}

export const requestCodeRoute = siteRoute(handleRequestCode);
export const verifyCodeRoute = siteRoute(handleVerifyCode);
export const signOutRoute = siteRoute(handleSignOut);
