/**
 * The saved-search endpoints (issue 34), on a site's host:
 * - POST /api/saved-searches { email, state: { query, refinementList, range }, path }: stores a pending
 *   search and queues its confirmation e-mail (double opt-in). 201 { id, message }; 400/413 with
 *   { message } for bad input; 429 past the limits (per client and network, as the leads', per address).
 * - GET /api/saved-searches/confirm?token=…: a page with a Confirm button (a mail scanner's GET
 *   confirms nothing); POST confirms and says so.
 * - GET /api/saved-searches/unsubscribe?token=…: a page with an Unsubscribe button; POST (the e-mail's
 *   one-click List-Unsubscribe-Post, or the button) stops the alerts. No sign-in: the token is signed.
 * - POST /api/saved-searches/delete (a form on My Garage, { id }): the signed-in visitor deletes one of theirs; 303 back.
 */
import { normaliseEmail, normaliseSavedState, SAVED_SEARCH_MESSAGES, SavedSearchInputError, savedSearchLabel } from "../../domain/saved-search";
import { escapeHtml } from "../../domain/escape-html";
import { publicPageUrl } from "../../domain/hosts";
import { safeLocalPath } from "../../domain/safe-path";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { CROSS_SITE_REFUSED, isSameOriginRequest } from "../admin/csrf";
import { requestUser } from "../auth/sessions";
import { BadRequest, HttpError } from "../errors";
import { readJsonObject, readLimitedForm } from "../http/body";
import { LimitedError } from "../http/challenge";
import { rawReply, reply } from "../http/endpoint";
import { clientKey, hitInOrder, leadRateLimiter, networkKey } from "../http/rate-limit";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { readLinkToken } from "./mail";
import { alertsOfProcess } from "./service";
import type { SavedSearchAlerts } from "./alerts";
import { deleteSavedSearchOfUser, insertSavedSearch, savedSearchById, unsubscribeSavedSearch } from "./store";

/** Per site, as the lead endpoints count (server/http/rate-limit.ts LEAD_LIMITS), and per address: a stranger cannot flood someone's inbox with confirmations. */
export const SAVED_SEARCH_RATE_LIMITS = {
  perClient: { limit: 5, windowMs: 60_000 },
  perNetwork: { limit: 20, windowMs: 60_000 },
  perEmail: { limit: 3, windowMs: 3_600_000 },
};

export interface SavedSearchDeps {
  alerts?: () => Promise<SavedSearchAlerts>;
  limits?: typeof SAVED_SEARCH_RATE_LIMITS;
}

const BAD_LINK = "This link is not valid. Please use the link in your e-mail as it was sent.";

/** The origin the site's links use (its canonical one: publicPageUrl); without a domain, the host it was asked on. */
function originOf(request: Request, tenant: TenantDocument): string {
  const host = request.headers.get("host") ?? "";
  const origin = publicPageUrl(tenant.identity.domains, "", /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(host) ? host : null);
  if (!origin) throw new BadRequest("This request has no usable host.");
  return origin;
}

async function limit(request: Request, ctx: SiteContext, email: string, limits: typeof SAVED_SEARCH_RATE_LIMITS) {
  const client = clientKey(request);
  const site = ctx.tenant.identity.slug;
  const r = await hitInOrder(ctx.limiter ?? (await leadRateLimiter()), [
    { key: `saved-search:client:${site}:${client}`, ...limits.perClient },
    { key: `saved-search:network:${site}:${networkKey(client)}`, ...limits.perNetwork },
    { key: `saved-search:email:${site}:${email}`, ...limits.perEmail },
  ]);
  if (!r.ok) throw new LimitedError(`Too many searches were saved from here in a short time. Please try again in ${r.retryAfterS} seconds.`, r.retryAfterS);
}

export async function handleSave(request: Request, ctx: SiteContext, deps: SavedSearchDeps = {}) {
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  let email: string;
  let state: ReturnType<typeof normaliseSavedState>;
  try {
    email = normaliseEmail(body.email);
    state = normaliseSavedState(body.state);
  } catch (e) {
    if (e instanceof SavedSearchInputError) throw new BadRequest(e.message);
    throw e;
  }
  const rawPath = typeof body.path === "string" ? safeLocalPath(body.path.split("?")[0]) : "/search";
  const path = /^\/[a-z0-9-]+(\/[a-z0-9-]+){0,3}$/i.test(rawPath) && rawPath.length <= 100 ? rawPath : "/search";
  await limit(request, ctx, email, deps.limits ?? SAVED_SEARCH_RATE_LIMITS);
  const user = await requestUser(request, ctx);
  const alerts = await (deps.alerts ?? alertsOfProcess)();
  try {
    const s = await insertSavedSearch(ctx.db, { tenant: ctx.tenant.identity.slug, email, state, label: savedSearchLabel(state), origin: originOf(request, ctx.tenant), path, userId: user?.id ?? null });
    await alerts.sendConfirmation(ctx.tenant, s);
    return reply(201, { id: s.id, message: SAVED_SEARCH_MESSAGES.saved });
  } catch (e) {
    if (e instanceof SavedSearchInputError) throw new HttpError(409, e.message);
    throw e;
  }
}


/** A small page of its own (no site chrome): a heading, a sentence, and maybe one button that POSTs back. */
function page(status: number, tenant: TenantDocument, title: string, text: string, button?: { label: string; action: string }) {
  const html = `<!doctype html><html lang="${escapeHtml(tenant.identity.locale ?? "en-AU")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(tenant.identity.name)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
    button ? `<form method="post" action="${escapeHtml(button.action)}"><button type="submit">${escapeHtml(button.label)}</button></form>` : ""
  }<p><a href="/">${escapeHtml(tenant.identity.name)}</a></p></main></body></html>`;
  return rawReply(status, html, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" });
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

export async function handleConfirm(request: Request, ctx: SiteContext, deps: SavedSearchDeps = {}) {
  const token = tokenOf(request);
  const id = readLinkToken("confirm", token);
  const s = id ? await savedSearchById(ctx.db, id) : null;
  if (!s || s.tenant !== ctx.tenant.identity.slug) return page(400, ctx.tenant, "Link not valid", BAD_LINK);
  if (s.status === "unsubscribed") return page(200, ctx.tenant, "Alert stopped", "This search alert was stopped; it cannot be confirmed again. Save the search again to get alerts.");
  if (request.method !== "POST") {
    if (s.status === "active") return page(200, ctx.tenant, "Alert confirmed", `You will get an e-mail when new stock matches: ${s.label}.`);
    return page(200, ctx.tenant, "Confirm your search alert", `Confirm to get an e-mail (at most one a day) when new stock or a lower price matches: ${s.label}.`, {
      label: "Confirm my alert",
      action: `${new URL(request.url).pathname}?token=${encodeURIComponent(token!)}`,
    });
  }
  await (await (deps.alerts ?? alertsOfProcess)()).confirm(s);
  return page(200, ctx.tenant, "Alert confirmed", `You will get an e-mail when new stock matches: ${s.label}.`);
}

export async function handleUnsubscribe(request: Request, ctx: SiteContext) {
  const token = tokenOf(request);
  const id = readLinkToken("unsubscribe", token);
  const s = id ? await savedSearchById(ctx.db, id) : null;
  if (!s || s.tenant !== ctx.tenant.identity.slug) return page(400, ctx.tenant, "Link not valid", BAD_LINK);
  if (request.method !== "POST") {
    if (s.status === "unsubscribed") return page(200, ctx.tenant, "Unsubscribed", "You get no more alerts for this search.");
    return page(200, ctx.tenant, "Stop this search alert?", `You will get no more e-mails for: ${s.label}.`, {
      label: "Unsubscribe",
      action: `${new URL(request.url).pathname}?token=${encodeURIComponent(token!)}`,
    });
  }
  await unsubscribeSavedSearch(ctx.db, s.id);
  return page(200, ctx.tenant, "Unsubscribed", "You get no more alerts for this search.");
}

export async function handleDelete(request: Request, ctx: SiteContext) {
  if (!isSameOriginRequest(request)) throw new HttpError(403, CROSS_SITE_REFUSED);
  const user = await requestUser(request, ctx);
  if (!user) throw new HttpError(401, "Sign in to manage your saved searches.");
  const form = await readLimitedForm(request, 4096, () => "The form is too large.", "The form cannot be read.");
  const id = String(form.get("id") ?? "");
  if (!(await deleteSavedSearchOfUser(ctx.db, ctx.tenant.identity.slug, user.id, id))) throw new HttpError(404, "That saved search is not yours, or is already deleted.");
  const back = safeLocalPath(String(form.get("back") ?? "/"));
  return rawReply(303, null, { location: back, "cache-control": "no-store" });
}

export const saveRoute = siteRoute((request, ctx) => handleSave(request, ctx));
export const confirmRoute = siteRoute((request, ctx) => handleConfirm(request, ctx));
export const unsubscribeRoute = siteRoute((request, ctx) => handleUnsubscribe(request, ctx));
export const deleteRoute = siteRoute((request, ctx) => handleDelete(request, ctx));
