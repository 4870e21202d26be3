import type { Db } from "../db";
import { analyticsEvents } from "../db/schema";
import type { LiveDocument } from "../tenants/store";
import { ANALYTICS_EVENTS } from "../../domain/analytics";
import { clientKey, type RateLimiter } from "../leads/rate-limit";
import { readLimitedJson } from "../http/body";
import { errorResponse, underError } from "../http/errors";
import { problem } from "../http/json";

/**
 * POST /api/events: records one analytics event the browser pushed to the site's tag manager
 * (renderer/analytics.ts), so the spec's numbered events (enquiry 22/14/15, careers 51, test drive
 * 17/48, finance enquiry modal 9, …) are also kept server-side. Body JSON { id, label?, path }; the
 * site is the Host header's. Answers 204 once stored; 400 bad body, 404 unknown site, 413 too
 * large, 429 too many. Analytics never breaks a page: the browser only logs a failure as a warning.
 */
export const MAX_EVENT_BODY_BYTES = 4096;
export const EVENT_LIMIT = { limit: 120, windowMs: 60_000 };
const KNOWN_IDS = new Set<number>(Object.values(ANALYTICS_EVENTS));

export interface EventDeps {
  db: () => Promise<Db>;
  tenantForHost: (host: string | null) => Promise<LiveDocument | null>;
  limiter: () => Promise<RateLimiter>;
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

export async function handleEventPost(request: Request, deps: EventDeps): Promise<Response> {
  try {
    const live = await deps.tenantForHost(request.headers.get("host"));
    if (!live) return problem(404, "No dealer site answers at this address.");
    const limiter = await deps.limiter();
    const hit = await limiter.hit(`events:ip:${live.slug}:${clientKey(request)}`, EVENT_LIMIT.limit, EVENT_LIMIT.windowMs);
    if (!hit.ok) return problem(429, "Too many events from here; try again later.");
    const body = await readLimitedJson(request, MAX_EVENT_BODY_BYTES, {
      tooLarge: () => `An event may be at most ${MAX_EVENT_BODY_BYTES} bytes.`,
      invalidJson: () => "The body is not valid JSON.",
    });
    const event = parseEvent(body);
    if (typeof event === "string") return problem(400, event);
    const db = await deps.db();
    await db.insert(analyticsEvents).values({ tenant: live.slug, eventId: event.id, label: event.label, path: event.path });
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  } catch (e) {
    return errorResponse(e, { body: underError, unexpected: "The event could not be stored.", log: "[analytics] an event could not be stored:" });
  }
}
