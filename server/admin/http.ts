/**
 * The admin's endpoints (app/api/admin/…): answered on the admin host only (404 on a dealer's
 * host), every POST checked for cross-site forgery (server/admin/csrf.ts), every call but sign-in
 * made by a signed-in person (401 otherwise), and every refusal a clear message with its status:
 * 403 no access, 404 unknown, 409 someone else changed the draft, 422 invalid (with each error's
 * JSON pointer).
 */
import { parseHost } from "../../domain/hosts";
import { findPlaceholders } from "../../domain/placeholders";
import { getDb, type DbHandle } from "../db";
import { BadRequest, ForbiddenError, HttpError, NotFoundError } from "../errors";
import { getDraft } from "../tenants/store";
import { endpoint, rawReply, reply, type Endpoint, type Result } from "../http/endpoint";
import { isHttps } from "../auth/sessions";
import {
  adminSessionCookie, adminSessionToken, adminSessionUser, deleteAdminSession, signIn, WRONG_CREDENTIALS, type AdminUser,
} from "./accounts";
import { assertTenantAccess } from "./access";
import { HASHING_BUSY } from "./passwords";
import { CROSS_SITE_REFUSED, isSameOriginRequest } from "./csrf";
import { createPreviewToken, previewUrl } from "./preview";
import { MAX_UPLOAD_BYTES, TOO_LARGE } from "../media/uploads";
import { storeUpload } from "./uploads";
import { assignDealership, listDealerships } from "./dealerships";
import { findStockCars, stockFacets } from "./stock";
import { checklistFor, overrideReason } from "./checklist";
import { cancelScheduledPublish, schedulePublish, schedulesFor } from "./schedule";
import { zonedToUtc, zonePlace } from "../../domain/zoned-time";
import { cleanText, readJsonObject, readLimitedBytes, readLimitedText } from "../http/body";
import { clientAddress, clientBucket } from "../http/client-address";
import {
  archiveTenant, createSiteFromWizard, draftFor, publishTenant, restoreTenantVersion, saveTenantDraft, setFlagsAndPublish,
} from "./tenants";

export interface AdminContext {
  handle: DbHandle;
  user: AdminUser;
  now?: Date;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
export const SESSION_ENDED = "Your session has ended. Sign in again (your edits stay in this tab).";

const readJson = (request: Request) => readJsonObject(request, MAX_BODY_BYTES);

/** A revision or version number as the database keeps it (integer column): 1e308 or 2^64 is no such number. */
const isStoredInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2 ** 31 - 1;

const revisionOf = (body: Record<string, unknown>) => {
  const r = body.revision;
  if (!isStoredInt(r)) throw new BadRequest("Say which revision of the draft this change is based on (revision).");
  return r;
};

type Handler = (request: Request, ctx: AdminContext, params: Record<string, string>) => Promise<Result>;

/**
 * A route handler for the admin: the context is the signed-in person (resolved here, after the host
 * and cross-site checks); the rest is the one wrapper (server/http/endpoint.ts). `open` handlers
 * (sign-in) run without a session. `handle` is the database (tests pass their own).
 */
export function adminRoute(handler: Handler, opts: { open?: boolean; handle?: () => Promise<DbHandle> } = {}): Endpoint {
  const getHandle = opts.handle ?? getDb;
  return endpoint(
    {
      context: async (request): Promise<AdminContext> => {
        if (parseHost(request.headers.get("host"))?.kind !== "admin") throw new HttpError(404, "Not found");
        if (request.method !== "GET" && request.method !== "HEAD" && !isSameOriginRequest(request)) throw new HttpError(403, CROSS_SITE_REFUSED);
        const handle = await getHandle();
        if (opts.open) return { handle, user: null as never };
        const user = await adminSessionUser(handle.db, adminSessionToken(request.headers.get("cookie")));
        if (!user) throw new HttpError(401, SESSION_ENDED);
        return { handle, user };
      },
      log: "[admin] request failed:",
    },
    handler,
  );
}

/** Where to go after signing in: an admin path of ours, nothing else (no open redirect). */
export function safeNext(next: unknown): string {
  return typeof next === "string" && next.length <= 500 && /^\/admin(\/[\w\-./?=&%]*)?$/.test(next) && !next.includes("//") ? next : "/admin";
}

const redirect = (location: string, headers: Record<string, string> = {}) => rawReply(303, null, { location, "cache-control": "no-store", ...headers });

/** The sign-in body's limit: an address, a password and `next` fit many times over. */
export const SIGN_IN_MAX_BYTES = 8 * 1024;
export const SIGN_IN_TOO_LARGE = "The sign-in form is too large (at most 8 KB).";
const BUSY_RETRY_SECONDS = 5;

/** The address to fill the form in again with after a failure: only a short, plain one. */
const echoableEmail = (email: string) =>
  email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) && !/[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/.test(email) ? email : "";

/**
 * POST /api/admin/sign-in: a form post (no JavaScript needed) answered with a redirect — to `next`
 * on success, back to the sign-in page with the error otherwise — or JSON in, JSON out. The body is
 * at most SIGN_IN_MAX_BYTES (413 beyond); the client is the server-determined address's bucket.
 */
export const handleSignIn: Handler = async (request, { handle, now }) => {
  const form = !(request.headers.get("content-type") ?? "").includes("application/json");
  const body = form
    ? Object.fromEntries([...new URLSearchParams(await readLimitedText(request, SIGN_IN_MAX_BYTES, () => SIGN_IN_TOO_LARGE))].map(([k, v]) => [k, cleanText(v)]))
    : await readJsonObject(request, SIGN_IN_MAX_BYTES, SIGN_IN_TOO_LARGE);
  const email = typeof body.email === "string" ? body.email : "";
  const password = typeof body.password === "string" ? body.password : "";
  const next = safeNext(body.next);
  const ip = clientBucket(clientAddress(request));
  const result = email && password ? await signIn(handle.db, { email, password, ip, now }) : ({ ok: false, reason: "wrong" } as const);
  if (result.ok) {
    const cookie = adminSessionCookie(result.token, { secure: isHttps(request) });
    return form ? redirect(next, { "set-cookie": cookie }) : reply(200, { ok: true, next }, { "set-cookie": cookie });
  }
  const minutes = result.reason === "limited" ? Math.ceil(result.retryAfterSeconds / 60) : 0;
  const message =
    result.reason === "limited"
      ? `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`
      : result.reason === "busy"
        ? HASHING_BUSY
        : WRONG_CREDENTIALS;
  if (form) {
    const keep = echoableEmail(email);
    const q = new URLSearchParams({ error: result.reason, ...(minutes ? { minutes: String(minutes) } : {}), ...(keep ? { email: keep } : {}), ...(next !== "/admin" ? { next } : {}) });
    return redirect(`/admin/sign-in?${q}`);
  }
  if (result.reason === "wrong") throw new HttpError(401, message);
  const retryAfter = result.reason === "limited" ? result.retryAfterSeconds : BUSY_RETRY_SECONDS;
  throw new HttpError(result.reason === "limited" ? 429 : 503, message, { headers: { "retry-after": String(retryAfter) } });
};

export const handleSignOut: Handler = async (request, { handle }) => {
  await deleteAdminSession(handle.db, adminSessionToken(request.headers.get("cookie")));
  return redirect("/admin/sign-in", { "set-cookie": adminSessionCookie("", { secure: isHttps(request), maxAgeSeconds: 0 }) });
};

/** POST /api/admin/tenants: the New dealer site wizard's answers. 201 with the new draft, or 422 with every error by field. */
export const handleCreateTenant: Handler = async (request, { handle, user }) => {
  const draft = await createSiteFromWizard(handle.db, user, await readJson(request));
  return reply(201, { slug: draft.slug, revision: draft.revision, placeholders: findPlaceholders(draft.document) });
};

const draftBody = (d: { revision: number; updatedBy: string; updatedAt: Date; errors: unknown[] }) => ({
  revision: d.revision, updatedBy: d.updatedBy, updatedAt: d.updatedAt, errors: d.errors,
});

/** GET /api/admin/tenants/{slug}/draft: the draft as it stands (for a person whose save was refused). */
export const handleGetDraft: Handler = async (_request, { handle, user }, { slug }) => {
  assertTenantAccess(user, slug);
  const draft = await getDraft(handle.db, slug);
  return { document: draft.document, ...draftBody(draft) };
};

/** POST /api/admin/tenants/{slug}/draft {document, revision}: saves; 409 when someone else saved since. */
export const handleSaveDraft: Handler = async (request, { handle, user }, { slug }) => {
  const body = await readJson(request);
  const draft = await saveTenantDraft(handle.db, user, slug, body.document, revisionOf(body));
  return draftBody(draft);
};

/**
 * POST /api/admin/tenants/{slug}/publish {revision, publishAnyway?, reason?}: 422 listing every
 * error while the draft is invalid, or with the checklist while a check fails (staff may send
 * publishAnyway: true with a reason; a dealer is refused all the same).
 */
export const handlePublish: Handler = async (request, { handle, user }, { slug }) => {
  const body = await readJson(request);
  const revision = revisionOf(body);
  const override = body.publishAnyway === true ? overrideReason(body.reason) : null;
  const version = await publishTenant(handle, user, slug, revision, override);
  return { version: version.number, at: version.createdAt, by: version.createdBy };
};

/** GET /api/admin/tenants/{slug}/checklist: the pre-publish checklist of the draft as saved. */
export const handleChecklist: Handler = async (_request, { handle, user }, { slug }) => {
  const draft = await draftFor(handle.db, user, slug);
  return { revision: draft.revision, checklist: await checklistFor(handle.db, slug, draft.document, draft.errors) };
};

const siteTimeZone = (doc: unknown) => {
  const zone = (doc as { identity?: { timeZone?: unknown } }).identity?.timeZone;
  return typeof zone === "string" ? zone : "Australia/Sydney";
};

/** GET /api/admin/tenants/{slug}/schedule: the pending scheduled publish, the last one done, and the site's time zone. */
export const handleGetSchedule: Handler = async (_request, { handle, user }, { slug }) => {
  const schedules = await schedulesFor(handle.db, user, slug);
  return { ...schedules, timeZone: siteTimeZone((await getDraft(handle.db, slug)).document) };
};

/**
 * POST /api/admin/tenants/{slug}/schedule {revision, at: "2026-06-30T17:00" in the site's time
 * zone, publishAnyway?, reason?}: 201 with the schedule (a pending one is replaced).
 */
export const handleSchedule: Handler = async (request, { handle, user, now }, { slug }) => {
  assertTenantAccess(user, slug);
  const body = await readJson(request);
  const revision = revisionOf(body);
  const zone = siteTimeZone((await getDraft(handle.db, slug)).document);
  const local = typeof body.at === "string" ? body.at.trim() : "";
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) throw new BadRequest("Give the date and the time to publish at.");
  const at = zonedToUtc(local, zone);
  if (!at) throw new BadRequest(`${local.replace("T", " ")} is not a time in ${zonePlace(zone)} (the clocks skip it, or the date does not exist).`);
  const override = body.publishAnyway === true ? overrideReason(body.reason) : null;
  const schedule = await schedulePublish(handle.db, user, slug, { revision, at, override }, now);
  return reply(201, { ...schedule, timeZone: zone });
};

/** POST /api/admin/tenants/{slug}/schedule/cancel: cancels the pending scheduled publish (404 when none). */
export const handleCancelSchedule: Handler = async (_request, { handle, user, now }, { slug }) => {
  const schedule = await cancelScheduledPublish(handle.db, user, slug, now);
  return schedule;
};

/** POST /api/admin/tenants/{slug}/restore {version, revision}: the version becomes the draft. */
export const handleRestore: Handler = async (request, { handle, user }, { slug }) => {
  const body = await readJson(request);
  if (!isStoredInt(body.version)) throw new BadRequest("Say which version to restore (version).");
  const draft = await restoreTenantVersion(handle.db, user, slug, body.version, revisionOf(body));
  return draftBody(draft);
};

/** POST /api/admin/tenants/{slug}/flags {flags: {pointer: boolean}, revision}: saved and published in one step. */
export const handleFlags: Handler = async (request, { handle, user }, { slug }) => {
  const body = await readJson(request);
  const flags = body.flags;
  if (!flags || typeof flags !== "object" || Array.isArray(flags)) throw new BadRequest("Send the flags as {pointer: true|false}.");
  let version;
  try {
    version = await setFlagsAndPublish(handle, user, slug, flags as Record<string, boolean>, revisionOf(body));
  } catch (e) {
    if (e instanceof Error && / is not a feature flag\.$| must be true or false\.$/.test(e.message)) throw new BadRequest(e.message);
    throw e;
  }
  return { version: version.number, at: version.createdAt, by: version.createdBy };
};

/** POST /api/admin/tenants/{slug}/archive {archived}: staff only. */
export const handleArchive: Handler = async (request, { handle, user }, { slug }) => {
  const body = await readJson(request);
  await archiveTenant(handle.db, user, slug, body.archived !== false);
  return { archived: body.archived !== false };
};

/** POST /api/admin/tenants/{slug}/preview: a fresh preview link for the draft. */
export const handlePreviewToken: Handler = async (request, { handle, user }, { slug }) => {
  const body = await readJson(request).catch(() => ({}) as Record<string, unknown>);
  const path = typeof body.path === "string" && /^\/[\w\-/]*$/.test(body.path) ? body.path : "/";
  const { token, expiresAt } = await createPreviewToken(handle.db, user, slug);
  return { url: previewUrl(slug, token, request.headers.get("host"), path), expiresAt };
};

/** POST /api/admin/tenants/{slug}/uploads (the picture's bytes as the body): 201 {src, width, height, bytes, id, alt} (its media library entry). */
export const handleUpload: Handler = async (request, { handle, user }, { slug }) => {
  const bytes = await readLimitedBytes(request, MAX_UPLOAD_BYTES, () => TOO_LARGE);
  const stored = await storeUpload(handle.db, user, slug, bytes);
  return reply(201, stored);
};

/** GET /api/admin/dealerships: staff see every dealership with its site and stock; a dealer, those of their sites. */
export const handleListDealerships: Handler = async (_request, { handle, user }) => ({ dealerships: await listDealerships(handle.db, user) });

/** POST /api/admin/dealerships/{id} {tenant: slug | null, name?}: staff assign (or unassign) a dealership. */
export const handleAssignDealership: Handler = async (request, { handle, user }, { id }) => {
  if (user.role !== "staff") throw new ForbiddenError("Only Forecourt staff can assign dealerships.");
  if (!/^\d{1,9}$/.test(id ?? "")) throw new NotFoundError("A dealership id is a whole number (at most 9 digits).");
  const body = await readJson(request);
  if (!("tenant" in body) || (body.tenant !== null && typeof body.tenant !== "string")) {
    throw new BadRequest("Say which site the dealership belongs to (tenant: its slug, or null to unassign it).");
  }
  if (typeof body.tenant === "string" && !/^[a-z0-9][a-z0-9-]{0,99}$/.test(body.tenant)) throw new NotFoundError(`No site with slug ${JSON.stringify(body.tenant.slice(0, 100))}.`);
  if (body.name !== undefined && (typeof body.name !== "string" || body.name.length > 200 || /[\u0000-\u001f\u007f]/.test(body.name))) {
    throw new BadRequest("name must be text of at most 200 characters, without control characters.");
  }
  const row = await assignDealership(handle.db, user, Number(id), { tenant: body.tenant as string | null, name: (body.name as string | undefined)?.trim() });
  return row;
};

/**
 * GET /api/admin/tenants/{slug}/stock[?q=text]: the site's makes, models and body types for the
 * editor's search links, and with `q` its cars whose stock number or name matches, for car links.
 */
export const handleStock: Handler = async (request, { handle, user }, { slug }) => {
  const q = new URL(request.url).searchParams.get("q");
  const [facets, cars] = await Promise.all([stockFacets(handle.db, user, slug), q ? findStockCars(handle.db, user, slug, q) : Promise.resolve([])]);
  return { facets, cars };
};
