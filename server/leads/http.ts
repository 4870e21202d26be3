import { getDb, type Db } from "../db";
import { tenantForHost } from "../tenants/live";
import { kickLeadsOutbox } from "./outbox";
import type { LiveDocument } from "../tenants/store";
import { FIX_ERRORS, UNEXPECTED_ERROR } from "../../domain/lead-forms";
import { LEAD_TOKEN_HEADER } from "../../domain/service-booking";
import { clientKey, hitInOrder, LEAD_LIMITS, leadRateLimiter, networkKey, type LeadLimits, type RateLimiter } from "../http/rate-limit";
import { capOrChallenge, LimitedError, redeemChallenge } from "../http/challenge";
import { parseJsonText, readLimitedText } from "../http/body";
import { underError } from "../http/error-response";
import { BadRequest, HttpError } from "../errors";
import { endpoint, reply, type Endpoint } from "../http/endpoint";
import { siteOfHost } from "../http/site-route";
import { signedInUserId } from "../auth/sessions";
import { submitLead } from "./submit";
import { leadVisitor } from "./lead-events";

/**
 * POST /api/leads: one lead from a site's form. The site is the Host header's; the body is a lead
 * (schemas/lead.schema.json); the Idempotency-Key header makes a retried submit answer the lead it
 * already stored. Answers JSON: 200 { lead_id } once the lead (and its outbox rows) are committed;
 * 400 no/bad Idempotency-Key or unreadable body, 404 unknown site or dealership, 409 the key was used
 * for another lead, 413 body over 64 KB, 422 { error, errors: [{ pointer, message }] }, 429 too many
 * (past the site's cap: 429 { error, challenge }, a proof of work the form solves and sends back in
 * the Forecourt-Challenge header; a bad or used one is 400/403 { error, challengeRefused: true }).
 * Every lead names its `form` and must meet that form's rules from the site's settings
 * (domain/lead-forms.ts, the rules the browser form checks); their messages come first. An earlier
 * step of a multi-step form (isLastStep false) is checked for what it carries, not for what it lacks.
 * A non-empty honeypot field `website` answers 200 with a made-up lead id and stores nothing.
 * A service booking's first step (isLastStep false) also answers { lead_token }: a random token, stored
 * only as its SHA-256 with the lead; each later step (lead_id) must send it in the Lead-Token header,
 * else 403 NOT_YOUR_BOOKING and nothing changes. A retried first step (same key) gets a new token.
 * Every 200 also answers { event_id }: the lead's conversion event id (server/leads/lead-events.ts).
 */
export const MAX_LEAD_BODY_BYTES = 64 * 1024;
/**
 * Past the site's cap (LEAD_LIMITS.perSite), challenges of rising difficulty: a tenth of the cap at
 * each of 6 difficulties, then refused — at most 1.6 × the cap per window reaches the dealer.
 */
export const siteLadder = (limits: LeadLimits) => ({ step: Math.max(1, Math.ceil(limits.perSite.limit / 10)), tiers: 6 });
export const LEADS_BUSY = "Many enquiries are arriving right now. Please try again in a moment.";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;
export { FIX_ERRORS };

export interface LeadDeps {
  db: () => Promise<Db>;
  tenantForHost: (host: string | null) => Promise<LiveDocument | null>;
  limiter: () => Promise<RateLimiter>;
  limits?: LeadLimits;
  /** Called after a lead was stored: wakes the outbox worker. */
  stored?: (leadId: string) => void;
  /** The clock (a service booking's preferred date is checked against today); tests set it. */
  now?: () => Date;
}

const readBody = (request: Request) =>
  readLimitedText(request, MAX_LEAD_BODY_BYTES, (declared) =>
    declared !== undefined
      ? `The form sent ${declared} bytes; a lead may be at most ${MAX_LEAD_BODY_BYTES}.`
      : `The form sent more than ${MAX_LEAD_BODY_BYTES} bytes, the most a lead may be.`,
  );

/** The client's, network's and site's limits, in order; a solved challenge passes the site's cap once. */
async function limitLead(request: Request, live: LiveDocument, deps: LeadDeps): Promise<void> {
  const limits = deps.limits ?? LEAD_LIMITS;
  const client = clientKey(request);
  const limiter = await deps.limiter();
  const scope = { site: live.slug, purpose: "lead", client, now: deps.now?.() };
  // A solved challenge was issued to this client after its client and network limits counted it: it passes the site's cap once.
  if (await redeemChallenge(limiter, request, scope)) return;
  // In order, each counted only when the one before passed: a client over its limit uses up nothing of the site's.
  const limited = await hitInOrder(limiter, [
    { key: `lead:client:${live.slug}:${client}`, ...limits.perClient },
    { key: `lead:network:${live.slug}:${networkKey(client)}`, ...limits.perNetwork },
  ]);
  if (!limited.ok) throw new LimitedError(`Too many enquiries were sent from here in a short time. Please try again in ${limited.retryAfterS} seconds.`, limited.retryAfterS);
  // The site's cap: past it a challenge the browser solves (server/http/challenge.ts), past its ladder a refusal.
  const cap = await capOrChallenge(limiter, { key: `lead:site:${live.slug}`, ...limits.perSite, ...siteLadder(limits) }, scope);
  if (!cap.ok) {
    if (cap.challenge) throw new LimitedError(LEADS_BUSY, cap.retryAfterS, cap.challenge);
    throw new LimitedError(`This site is receiving too many enquiries right now. Please try again in ${cap.retryAfterS} seconds.`, cap.retryAfterS);
  }
}

/** The Idempotency-Key header, checked. */
function idempotencyKey(request: Request): string {
  const key = request.headers.get("idempotency-key");
  if (!key) throw new BadRequest("The Idempotency-Key header is required: send a new random key with each lead, and the same key when retrying it.");
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new BadRequest("The Idempotency-Key header must be 8 to 200 characters of letters, digits and . _ : -");
  return key;
}

/** The body as JSON; a body cut off on the way (the stream failed) is the sender's problem too. */
async function leadBody(request: Request): Promise<unknown> {
  const text = await readBody(request).catch((e: unknown) => {
    throw e instanceof HttpError ? e : new BadRequest("The form's data could not be read.");
  });
  if (!text.trim()) throw new BadRequest("The body is empty; send the lead as JSON.");
  return parseJsonText(text, { invalidJson: () => "The body is not valid JSON." });
}

/** POST /api/leads with these dependencies (the route's are the process's; tests pass their own). */
export function leadEndpoint(deps: LeadDeps): Endpoint {
  return endpoint(
    {
      context: siteOfHost(deps.tenantForHost),
      errorBody: underError,
      unexpected: UNEXPECTED_ERROR,
      log: "[leads] a lead could not be stored:",
    },
    async (request, live) => {
      await limitLead(request, live, deps);
      const key = idempotencyKey(request);
      const body = await leadBody(request);
      const now = deps.now?.() ?? new Date();
      const db = await deps.db();
      const { replayed, ...answer } = await submitLead(db, live, {
        body,
        key,
        leadToken: request.headers.get(LEAD_TOKEN_HEADER),
        userId: () => signedInUserId(request, { db, tenant: live.document, now }),
        now,
        stored: deps.stored,
        visitor: leadVisitor(request),
      });
      return reply(200, answer, replayed ? { "idempotent-replayed": "true" } : {});
    },
  );
}

/** One lead POSTed with these dependencies (tests). */
export const handleLeadPost = (request: Request, deps: LeadDeps): Promise<Response> => leadEndpoint(deps)(request);

/** POST /api/leads: the live site, the process's database and limiter; a stored lead wakes the outbox. */
export const leadsRoute = leadEndpoint({ db: async () => (await getDb()).db, tenantForHost, limiter: leadRateLimiter, stored: kickLeadsOutbox });
