import { getDb, type Db } from "../db";
import type { LiveDocument } from "../tenants/store";
import { tenantForHost } from "../tenants/live";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { clientKey, hitInOrder, leadRateLimiter, networkKey, type RateLimiter } from "../http/rate-limit";
import { readLimitedJson } from "../http/body";
import { underError } from "../http/error-response";
import { BadRequest, HttpError } from "../errors";
import { endpoint, noContent, type Endpoint } from "../http/endpoint";
import { siteOfHost } from "../http/site-route";
import { recordEvent } from "./store";

/**
 * POST /api/events: records one analytics event the browser pushed to the site's tag manager
 * (renderer/analytics.ts), so the spec's numbered events (enquiry 22/14/15, careers 51, test drive
 * 17/48, finance enquiry modal 9, …) are also kept server-side. Body JSON { id, label?, path }; the
 * site is the Host header's. Answers 204 once stored; 400 bad body, 404 unknown site, 413 too
 * large, 429 too many. Analytics never breaks a page: the browser only logs a failure as a warning.
 */
export const MAX_EVENT_BODY_BYTES = 4096;

/**
 * Events per site and minute, counted in order (hitInOrder: a client over its own limit spends none
 * of its network's or the site's budget, a network over its limit none of the site's). A page pushes
 * an event when a visitor does something (an enquiry, a search, a call), so a real audience never
 * meets these:
 * - perClient: one client (IPv4 address, IPv6 /64) — two events a second for a minute;
 * - perNetwork: one network (IPv4 /24, IPv6 /48) — three clients at their limit at once, which one
 *   office or household never is; one holder of many addresses is still one sender;
 * - perSite: 50 a second — some 600 visitors in one minute each pushing 5 events, far beyond a dealer
 *   site's busiest minute; a flood needs at least 9 networks at their limit to reach it, and then
 *   only analytics is refused (the beacon ignores the 429), never a page or a lead.
 */
export const EVENT_LIMITS = {
  perClient: { limit: 120, windowMs: 60_000 },
  perNetwork: { limit: 360, windowMs: 60_000 },
  perSite: { limit: 3000, windowMs: 60_000 },
};
export type EventLimits = typeof EVENT_LIMITS;
const KNOWN_IDS = new Set<number>(Object.values(ANALYTICS_EVENTS));

export interface EventDeps {
  db: () => Promise<Db>;
  tenantForHost: (host: string | null) => Promise<LiveDocument | null>;
  limiter: () => Promise<RateLimiter>;
  /** EVENT_LIMITS unless given (tests). */
  limits?: EventLimits;
}


/** The event in a body, or the reason it is refused. */
export function parseEvent(body: unknown): { id: number; label: string | null; path: string } | string {
  if (!body || typeof body !== "object" || Array.isArray(body)) return "The body must be a JSON object { id, label, path }.";
  const { id, label, path } = body as Record<string, unknown>;
  if (typeof id !== "number" || !KNOWN_IDS.has(id)) return `id must be one of the analytics event ids: ${[...KNOWN_IDS].sort((a, b) => a - b).join(", ")}.`;
  if (label !== undefined && label !== null && (typeof label !== "string" || label.length > 60)) return "label must be text of at most 60 characters.";
  if (typeof path !== "string" || !path.startsWith("/") || path.length > 2048) return "path must be the page's path (starting with /, at most 2048 characters).";
  return { id, label: typeof label === "string" && label ? label : null, path };
}

/** POST /api/events with these dependencies (the route's are the process's; tests pass their own). */
export function eventEndpoint(deps: EventDeps): Endpoint {
  return endpoint(
    {
      context: siteOfHost(deps.tenantForHost),
      errorBody: underError,
      unexpected: "The event could not be stored.",
      log: "[analytics] an event could not be stored:",
    },
    async (request, live) => {
      const limits = deps.limits ?? EVENT_LIMITS;
      const client = clientKey(request);
      const hit = await hitInOrder(await deps.limiter(), [
        { key: `events:ip:${live.slug}:${client}`, ...limits.perClient },
        { key: `events:net:${live.slug}:${networkKey(client)}`, ...limits.perNetwork },
        { key: `events:site:${live.slug}`, ...limits.perSite },
      ]);
      if (!hit.ok) throw new HttpError(429, "Too many events from here; try again later.");
      const body = await readLimitedJson(request, MAX_EVENT_BODY_BYTES, {
        tooLarge: () => `An event may be at most ${MAX_EVENT_BODY_BYTES} bytes.`,
        invalidJson: () => "The body is not valid JSON.",
      });
      const event = parseEvent(body);
      if (typeof event === "string") throw new BadRequest(event);
      await recordEvent(await deps.db(), live.slug, event);
      return noContent();
    },
  );
}

/** One event POSTed with these dependencies (tests). */
export const handleEventPost = (request: Request, deps: EventDeps): Promise<Response> => eventEndpoint(deps)(request);

/** POST /api/events: the live site, the process's database and the shared limiter. */
export const eventsRoute = eventEndpoint({ db: async () => (await getDb()).db, tenantForHost, limiter: leadRateLimiter });
