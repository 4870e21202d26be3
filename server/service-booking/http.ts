/**
 * POST /api/service/rego-lookup { rego, state }: the service booking's registration lookup (minimal
 * variant, spec leads §2 screen 5): the make, model and year of the car the trade-in's registration
 * lookup finds (server/valuation, the embedded provider's rego table), or found false so the visitor
 * types them. Nothing is stored. Answers { found: true, make, model, year } | { found: false, message };
 * 400 { message, errors } for a bad rego or state, 404 on a site that takes no bookings, 429 too many.
 */
import { checkVehicleStep } from "../../domain/trade-in";
import { takesServiceBookings, serviceSettings, VEHICLE_NOT_FOUND } from "../../domain/service-booking";
import { readJsonObject } from "../http/body";
import { HttpError } from "../errors";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { leadRateLimiter } from "../http/rate-limit";
import { inMinutes, limitSiteRequest } from "../http/challenge";
import { valuationProvider as defaultProvider } from "../valuation/embedded";
import type { ValuationProvider } from "../valuation/provider";

export const SERVICE_LOOKUP_LIMITS = {
  perClient: { limit: 30, windowMs: 10 * 60_000 },
  perNetwork: { limit: 90, windowMs: 10 * 60_000 },
  perSite: { limit: 2_000, windowMs: 60 * 60_000 },
};
export const LOOKUPS_BUSY = "Many registrations are being looked up right now. Please try again in a moment.";
/** Too many lookups from one client or network (429). */
export const tooManyLookups = (s: number) => `Too many requests were sent from here in a short time. Please try again in ${s} seconds.`;
/** The site's lookups past their cap and its challenges (429). */
export const lookupsFull = (s: number) => `This site is looking up too many registrations right now. Please try again in ${inMinutes(s)}.`;

export type ServiceLookupContext = SiteContext & {
  provider?: ValuationProvider;
};

export async function handleRegoLookup(request: Request, ctx: ServiceLookupContext) {
  if (!takesServiceBookings(ctx.tenant) || serviceSettings(ctx.tenant).variant !== "minimal") throw new HttpError(404, "This site does not look up registrations for service bookings.");
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const step = checkVehicleStep({ rego: body.rego, state: body.state });
  if (!step.ok) throw new HttpError(400, Object.values(step.errors)[0]!, { fields: { errors: step.errors } });
  const slug = ctx.tenant.identity.slug;
  await limitSiteRequest(ctx.limiter ?? (await leadRateLimiter()), request, {
    site: slug,
    purpose: "service-lookup",
    now: ctx.now,
    limits: SERVICE_LOOKUP_LIMITS,
    tooMany: tooManyLookups,
    busy: LOOKUPS_BUSY,
    full: lookupsFull,
  });
  const found = await (ctx.provider ?? defaultProvider(ctx.db)).lookupRegistration(step.rego, step.state);
  // Candidates are one plate read as several variants: make, model and year are the first's.
  const vehicle = found.kind === "match" ? found.vehicle : found.kind === "candidates" ? found.candidates[0] : null;
  if (!vehicle) return { found: false, message: VEHICLE_NOT_FOUND };
  return { found: true, make: vehicle.make, model: vehicle.model, year: vehicle.year };
}

export const regoLookupRoute = siteRoute(handleRegoLookup);
