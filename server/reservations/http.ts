/**
 * The reserve-online endpoints (site hosts):
 *   POST /api/reservations (Idempotency-Key header)
 *     { car: slug, kind: "reserve" | "purchase", contact: { first_name, last_name, email, phone },
 *       purchase?: { payment: "Cash" | "Finance" | "Trade-in", delivery: "Pick-up" | "Delivery", postcode? },
 *       card: { number, expiry: "MM/YY", cvc } (the embedded test gateway only; never with Stripe), url? }
 *     → 201 { status: "held", reservation_id, payment_reference, hold_until, confirmation_url }
 *     → 200 { status: "requires_action", reservation_id, redirect_url }  (3-D Secure, or Stripe Checkout's page: send the shopper there)
 *     → 503 { message }  this deployment takes no deposits (production without a real payment provider)
 *     → 402 { status: "declined", message }   a declined card: nothing reserved
 *     → 409 { message, reason }                the car cannot be reserved (sold, reserved, unpriced)
 *     → 422 { message, errors: { field: message } }  contact or card details wrong
 *     → 401 { message }  the site gates checkout (features.auth.gatedRoutes) and nobody is signed in
 *     Every answer with a reservation sets its buyer cookie (fc_reservation_{id}: HttpOnly, SameSite=Lax).
 *   POST /api/reservations/{id}/cancel → 200 { status: "cancelled" } (deposit refunded, car released);
 *     only from the site's own pages (403 CROSS_SITE_REFUSED) and only for the buyer (403 NOT_THE_BUYER):
 *     the browser with its cookie, or the signed-in user who reserved.
 *   GET/POST /api/payments/embedded/challenge/{paymentId}?token=… the embedded provider's 3-D Secure page.
 * Every bad byte is a 4xx with a message (server/http), never a 500.
 */
import type { TenantDocument } from "../../schemas/generated/tenant";
import { leadFormSpec } from "../../domain/lead-forms";
import { validateLeadForm } from "../../domain/lead-form-validation";
import { cardProblems } from "../../domain/payment-card";
import { escapeHtml } from "../../domain/escape-html";
import { isHttps, requestUser, sessionToken } from "../auth/sessions";
import { gate } from "../auth/gate";
import { RESERVE_SIGN_IN_REQUIRED } from "../../domain/gated-routes";
import { CROSS_SITE_REFUSED, isSameOriginRequest } from "../admin/csrf";
import { readCookie, sessionSetCookie } from "../http/cookies";
import { BadRequest, HttpError, type ErrorBody } from "../errors";
import { rawReply, reply } from "../http/endpoint";
import { readJsonObject, readLimitedText } from "../http/body";
import { siteRoute, SITE_BODY_MAX_BYTES, type SiteContext } from "../http/site-route";
import { IDEMPOTENCY_KEY_PATTERN } from "../leads/http";
import { leadVisitor } from "../leads/lead-events";
import { leadRateLimiter, type RateLimiter } from "../http/rate-limit";
import { inMinutes, limitSiteRequest } from "../http/challenge";
import { EmbeddedPaymentProvider } from "../payments/embedded";
import { paymentProvider, RESERVATIONS_REFUSED, reservationsRefused } from "../payments/provider-for";
import type { PaymentProvider } from "../payments/provider";
import { cancelReservation, getReservation, reserveCar } from "./service";
import { linkKeyMatches, ownerCookieName, OWNER_COOKIE_MAX_AGE_S } from "./owner";
import {
  confirmationPath,
  RESERVE_CATEGORY,
  type Contact,
  type PurchaseChoices,
  type ReservationContext,
} from "./reservation";
import { numberFormat } from "../../domain/intl";
import { getVehicle } from "../inventory/store";

/** The details are wrong (422): a message per field, as the form shows them. */
export class DetailsError extends HttpError {
  constructor(readonly errors: Record<string, string>) {
    super(422, "Please fix the following errors: " + Object.values(errors).join(" "));
  }
  override body(): ErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

const PAYMENTS = ["Cash", "Finance", "Trade-in"] as const;
const DELIVERIES = ["Pick-up", "Delivery"] as const;
const SLUG = /^[a-z0-9-]{1,200}$/;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

function object(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new BadRequest(`"${name}" must be an object.`);
  return value as Record<string, unknown>;
}

/** The request's contact, purchase choices and card, checked; a DetailsError (422) lists every problem. */
export function parseReservationBody(body: Record<string, unknown>, tenant: TenantDocument, now: Date, opts: { card: boolean } = { card: true }) {
  const slug = body.car;
  if (typeof slug !== "string" || !SLUG.test(slug)) throw new BadRequest('"car" must be the car\'s slug (lower-case letters, digits and dashes).');
  const kind = body.kind ?? "reserve";
  if (kind !== "reserve" && kind !== "purchase") throw new BadRequest('"kind" must be "reserve" or "purchase".');
  const c = object(body.contact, "contact");
  const p = object(body.purchase, "purchase");
  const card = object(body.card, "card");
  const errors: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  for (const k of ["first_name", "last_name", "email", "phone"]) {
    if (c[k] === undefined || c[k] === null || c[k] === "") continue;
    fields[k] = typeof c[k] === "string" ? (c[k] as string).trim() : c[k];
  }
  for (const e of validateLeadForm(leadFormSpec(tenant, "reserve"), { category: RESERVE_CATEGORY, fields })) errors[e.name ?? e.pointer] = e.message;
  let purchase: PurchaseChoices | undefined;
  if (kind === "purchase") {
    const payment = str(p.payment);
    const delivery = str(p.delivery);
    if (!payment || !(PAYMENTS as readonly string[]).includes(payment)) errors.payment = "Choose how you will pay: Cash, Finance or Trade-in.";
    if (!delivery || !(DELIVERIES as readonly string[]).includes(delivery)) errors.delivery = "Choose pick-up or delivery.";
    const postcode = str(p.postcode)?.trim();
    if (delivery === "Delivery" && !(postcode && /^\d{4}$/.test(postcode))) errors.postcode = "Enter the 4-digit postcode to deliver to.";
    purchase = { payment: payment as PurchaseChoices["payment"], delivery: delivery as PurchaseChoices["delivery"], ...(delivery === "Delivery" && postcode ? { postcode } : {}) };
  }
  const cardInput = { number: str(card.number) ?? "", expiry: str(card.expiry) ?? "", cvc: str(card.cvc) ?? "" };
  // With a hosted payment page (Stripe Checkout) the card is typed there, never sent here.
  if (opts.card) for (const [k, v] of Object.entries(cardProblems(cardInput, now))) errors[`card.${k}`] = v;
  if (Object.keys(errors).length) throw new DetailsError(errors);
  const url = str(body.url);
  return {
    slug,
    kind: kind as "reserve" | "purchase",
    contact: fields as unknown as Contact,
    purchase,
    card: cardInput,
    url: url && url.length <= 2048 && /^https?:\/\/[^\s<>"]+$/.test(url) ? url : undefined,
  };
}

/**
 * Card attempts (a reservation that reaches the payment provider) per client, network and site, and
 * per site: enough for a shopper who mistypes a card a few times, too few for testing stolen card
 * numbers. Past the site's, a challenge the browser solves (limitSiteRequest), not a refusal for all.
 */
export const RESERVE_LIMITS = {
  perClient: { limit: 10, windowMs: 10 * 60_000 },
  perNetwork: { limit: 30, windowMs: 10 * 60_000 },
  perSite: { limit: 300, windowMs: 60 * 60_000 },
};
export const RESERVATIONS_BUSY = "Many reservations are being made on this site right now. Please try again in a moment.";

export interface ReservationDeps {
  provider?: (ctx: SiteContext) => PaymentProvider;
  limiter?: RateLimiter;
  /** RESERVE_LIMITS unless given (tests). */
  limits?: typeof RESERVE_LIMITS;
}

const context = (ctx: SiteContext, deps: ReservationDeps): ReservationContext => ({
  db: ctx.db,
  tenant: ctx.tenant,
  provider: deps.provider?.(ctx) ?? paymentProvider(ctx.db),
  now: ctx.now ? () => ctx.now! : undefined,
});

export async function handleReserve(request: Request, ctx: SiteContext, deps: ReservationDeps = {}) {
  // A production deployment without a real payment provider takes no deposits (server/payments/provider-for.ts).
  if (reservationsRefused()) throw new HttpError(503, RESERVATIONS_REFUSED);
  const key = request.headers.get("idempotency-key");
  if (!key) throw new BadRequest("The Idempotency-Key header is required: send a new random key with each reservation, and the same key when retrying it.");
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequest("The Idempotency-Key header must be 8 to 200 characters of letters, digits and . _ : -");
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const now = ctx.now ?? new Date();
  // The same gate as the checkout pages (server/auth/gate.ts): a site that keeps checkout for
  // signed-in visitors takes no reservation from anyone else.
  const route = body.kind === "purchase" ? "/checkout-journey" : `/cars/car/${ctx.tenant.features.reserveOnline.route ?? "checkout"}`;
  const gated = await gate(ctx.db, ctx.tenant, { requested: route, sessionToken: sessionToken(request.headers.get("cookie")) }, now);
  if (!gated.pass) throw new HttpError(401, RESERVE_SIGN_IN_REQUIRED);
  const rctx = context(ctx, deps);
  const parsed = parseReservationBody(body, ctx.tenant, now, { card: rctx.provider.flow === "card" });
  const slug = ctx.tenant.identity.slug;
  await limitSiteRequest(deps.limiter ?? (await leadRateLimiter()), request, {
    site: slug,
    purpose: "reserve",
    now: ctx.now,
    limits: deps.limits ?? RESERVE_LIMITS,
    tooMany: (s) => `Too many payment attempts were made from here in a short time. Please try again in ${s} seconds.`,
    busy: RESERVATIONS_BUSY,
    full: (s) => `This site is taking too many reservations right now. Please try again in ${inMinutes(s)}.`,
  });
  const user = await requestUser(request, ctx);
  const outcome = await reserveCar(rctx, { ...parsed, idempotencyKey: key, userId: user?.id ?? null, origin: siteOrigin(request), visitor: leadVisitor(request) });
  const r = outcome.reservation;
  const confirmation = confirmationPath(parsed.slug, r.id);
  const cookie = { "set-cookie": sessionSetCookie(ownerCookieName(r.id), outcome.ownerToken, { secure: isHttps(request), maxAgeSeconds: OWNER_COOKIE_MAX_AGE_S }) };
  switch (outcome.status) {
    case "held":
      return reply(201, { status: "held", reservation_id: r.id, payment_reference: r.paymentReference, hold_until: r.holdUntil?.toISOString() ?? null, confirmation_url: confirmation }, cookie);
    case "requires_action":
      return reply(200, { status: "requires_action", reservation_id: r.id, redirect_url: outcome.redirectUrl }, cookie);
    case "declined":
      // A declined card is an outcome with its reservation (and the buyer's cookie), not a refusal of the request.
      return reply(402, { status: "declined", reservation_id: r.id, message: outcome.message }, cookie);
    case "pending":
      return reply(202, { status: "pending", reservation_id: r.id, confirmation_url: confirmation }, cookie);
  }
}

/** The origin the request came to (its Host header named this site), for a payment page's way back. */
function siteOrigin(request: Request): string | undefined {
  const host = request.headers.get("host");
  return host && /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host) ? `${isHttps(request) ? "https" : "http"}://${host}` : undefined;
}

export async function handleCancel(request: Request, ctx: SiteContext, id: string, deps: ReservationDeps = {}) {
  // Another site's page cannot cancel (a form's text/plain POST, a fetch): only the site's own pages.
  if (!isSameOriginRequest(request)) throw new HttpError(403, CROSS_SITE_REFUSED);
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) throw new HttpError(404, "There is no such reservation on this site.");
  const user = await requestUser(request, ctx);
  const r = await cancelReservation(context(ctx, deps), id, { token: readCookie(request.headers.get("cookie"), ownerCookieName(id)), userId: user?.id ?? null });
  return { status: r.status, reservation_id: r.id, released_at: r.releasedAt?.toISOString() ?? null };
}

// Refusals are answered by siteRoute with all their fields ({ message, errors, reason }).
export const reserveRoute = siteRoute((request, ctx) => handleReserve(request, ctx));
export const cancelRoute = siteRoute((req, ctx, { id }) => handleCancel(req, ctx, id));

/**
 * GET /api/reservations/{id}/open?key=…: the link in the buyer's confirmation e-mail. With the
 * reservation's link key, this browser gets the owner cookie holding it (it counts as the buyer's
 * token: service.ts linkKeyMatches); then, key or not, 303 to the confirmation page, which shows a
 * stranger nothing private.
 */
export async function handleOpen(request: Request, ctx: SiteContext, id: string) {
  const r = typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) ? await getReservation(context(ctx, {}), id) : null;
  if (!r) throw new HttpError(404, "There is no such reservation on this site.");
  const car = await getVehicle(ctx.db, r.vehicleId);
  if (!car) throw new HttpError(404, "There is no such reservation on this site.");
  const key = new URL(request.url).searchParams.get("key");
  const headers: Record<string, string> = { location: confirmationPath(car.slug, r.id), "cache-control": "no-store", "referrer-policy": "no-referrer" };
  if (linkKeyMatches(r.id, key)) headers["set-cookie"] = sessionSetCookie(ownerCookieName(r.id), key!, { secure: isHttps(request), maxAgeSeconds: OWNER_COOKIE_MAX_AGE_S });
  return rawReply(303, null, headers);
}

export const openRoute = siteRoute((req, ctx, { id }) => handleOpen(req, ctx, id));

// ---------------------------------------------------------------------------------------------
// The embedded provider's 3-D Secure challenge page (a bank's page in real life; no site chrome).


export const CHALLENGE_TITLE = "Verify your payment";

function challengeHtml(p: { id: string; amount: number; currency: string; card: { brand: string; last4: string } | null }, token: string): string {
  const amount = numberFormat("en-AU", { style: "currency", currency: p.currency }).format(p.amount / 100);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${CHALLENGE_TITLE}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}h1{font-size:1.4rem;margin-top:0}.row{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}button{font:inherit;padding:.7rem 1.2rem;border-radius:6px;border:2px solid #1d4ed8;cursor:pointer}button.pass{background:#1d4ed8;color:#fff}button.fail{background:#fff;color:#1d4ed8}button:focus-visible{outline:3px solid #111827;outline-offset:2px}.small{color:#374151;font-size:.9rem}</style></head>
<body><main><h1>${CHALLENGE_TITLE}</h1>
<p>Your bank asks you to confirm this payment (3-D Secure).</p>
<p><strong>${escapeHtml(amount)}</strong>${p.card ? ` on your ${escapeHtml(p.card.brand === "visa" ? "Visa" : p.card.brand === "mastercard" ? "Mastercard" : "card")} ending in ${escapeHtml(p.card.last4)}` : ""}.</p>
<p class="small">This is the embedded test gateway's authentication page: choose whether the check passes.</p>
<form method="post" action="/api/payments/embedded/challenge/${escapeHtml(p.id)}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="row"><button class="pass" type="submit" name="outcome" value="complete">Complete authentication</button><button class="fail" type="submit" name="outcome" value="fail">Fail authentication</button></div></form>
</main></body></html>`;
}

const html = (status: number, body: string) => rawReply(status, body, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
const GONE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${CHALLENGE_TITLE}</title></head><body><main><h1>${CHALLENGE_TITLE}</h1><p>This authentication request has already been answered or has expired.</p><p><a href="/">Back to the site</a></p></main></body></html>`;

export async function handleChallenge(request: Request, ctx: SiteContext, paymentId: string, deps: { provider?: (ctx: SiteContext) => EmbeddedPaymentProvider } = {}) {
  const provider = deps.provider?.(ctx) ?? new EmbeddedPaymentProvider(ctx.db, ctx.now ? () => ctx.now! : undefined);
  if (request.method === "GET") {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const payment = await provider.challengePayment(paymentId, token);
    return payment ? html(200, challengeHtml(payment, token)) : html(404, GONE_HTML);
  }
  const text = await readLimitedText(request, 4096, () => "The form is too large.");
  const form = new URLSearchParams(text);
  const token = form.get("token") ?? "";
  const outcome = form.get("outcome");
  if (outcome !== "complete" && outcome !== "fail") throw new BadRequest('"outcome" must be "complete" or "fail".');
  if (!(await provider.challengePayment(paymentId, token))) return html(404, GONE_HTML);
  const done = await provider.completeChallenge(paymentId, token, outcome === "complete");
  return rawReply(303, null, { location: done.returnUrl, "cache-control": "no-store" });
}

export const challengeRoute = siteRoute((req, ctx, { id }) => handleChallenge(req, ctx, id));
