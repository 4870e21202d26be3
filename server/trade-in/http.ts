/**
 * The trade-in API (spec leads §7): POST /api/eval-expert/enter-vin, manual-entry, image-upload,
 * update-eval and accept-offer, and POST /api/miscellaneous. The site is the Host header's; a site
 * with trade-in off answers 404. Evaluations belong to the site and to the visitor (the
 * VISITOR_COOKIE set by enter-vin): an evaluation id of another site or another visitor reads and
 * changes nothing (404), exactly as one that does not exist. Every answer is stored with the
 * evaluation (server/valuation/store.ts); a refused request (a 4xx with the reason) stores nothing.
 *
 * The lead (one per evaluation, form "trade-in", category Trade-In, its subcategory the stage, spec §4):
 * - update-eval stores it with the visitor's details and the valuation: "1. Valuation With
 *   Adjustments" when there is an online offer (kept back from the outbox until it is accepted), or
 *   "2. Registration Lookup" when there is none (a car outside the site's age/km rule, or without
 *   comparables): the car as the registration lookup found it, delivered at once;
 * - accept-offer moves it to "3. Offer Accepted" and adds its outbox rows (e-mail, and ADF with
 *   interest="trade-in" when the dealership has a CRM URL).
 * Stage "0. Initial Lead" is the evaluation's before any details are given.
 */
import { randomUUID } from "node:crypto";
import { checkSelection, checkVehicleStep, IMAGE_TOO_LARGE_MESSAGE, REQUIRED_MESSAGE, TOO_MANY_IMAGES_MESSAGE, TRADE_IN_STAGES, tradeInSettings } from "../../domain/trade-in";
import { MAX_TRADE_IN_IMAGE_BYTES, MAX_TRADE_IN_IMAGES } from "../../domain/trade-in-images";
import { checkDetails } from "../../domain/trade-in-details";
import { signedInUserId } from "../auth/sessions";
import { getVehicle } from "../inventory/store";
import { readJsonObject, readLimitedForm } from "../http/body";
import { readCookie, sessionSetCookie } from "../http/cookies";
import { BadRequest, HttpError, type ErrorBody } from "../errors";
import { leadVisitor } from "../leads/lead-events";
import { reply, type Result } from "../http/endpoint";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { leadRateLimiter } from "../http/rate-limit";
import { inMinutes, limitSiteRequest } from "../http/challenge";
import { LOOKUPS_BUSY, lookupsFull, tooManyLookups } from "../service-booking/http";
import { valuationProvider as defaultProvider } from "../valuation/embedded";
import { tradeInVehicleTerms, valuationResult, type ValuationProvider, type ValuationVehicle, type Valuation } from "../valuation/provider";
import { createEvaluation, findEvaluationByLead, getEvaluation, isEvaluationId, listEvaluations, updateEvaluation, type Evaluation, type EvaluationScope } from "../valuation/store";
import { addTradeInImage } from "./images";
import { acceptOffer, evaluationAnswer, sendDetails } from "./offers";
import { ALREADY_SENT, EVALUATION_NOT_FOUND, TRADE_IN_LIMITS, TRADE_IN_OFF } from "./messages";

export * from "./messages";
export { leadSite } from "./lead";

/** The visitor's id (a random UUID, HttpOnly): whose evaluations these are. */
export const VISITOR_COOKIE = "fc_tradein_visitor";
const VISITOR_MAX_AGE_S = 30 * 86_400;
/** The multipart envelope around one image: field names, boundaries, headers. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The provider the routes use; tests pass their own context and the same embedded provider. */
export type TradeInContext = SiteContext & { provider?: ValuationProvider };

class NotFound extends HttpError {
  constructor(message = EVALUATION_NOT_FOUND) {
    super(404, message);
  }
}

/** Every refusal: { success: false, message } and, for a form's fields, the message of each. */
const failure = (message: string) => ({ success: false, message });

/** 400 naming the form's fields: { success: false, message, errors }. */
class FieldErrors extends HttpError {
  constructor(
    message: string,
    readonly errors: Record<string, string | undefined>,
  ) {
    super(400, message);
  }
  override body(): ErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

const site = (ctx: SiteContext) => ctx.tenant.identity.slug;

/** Trade-in must be on for the site; the visitor's id from the cookie (null when there is none). */
function open(request: Request, ctx: SiteContext): { settings: ReturnType<typeof tradeInSettings>; visitor: string | null } {
  const settings = tradeInSettings(ctx.tenant);
  if (!settings.enabled) throw new NotFound(TRADE_IN_OFF);
  const visitor = readCookie(request.headers.get("cookie"), VISITOR_COOKIE);
  return { settings, visitor: visitor && isEvaluationId(visitor) ? visitor : null };
}

/** The visitor's evaluation named by `id`, or a 404. */
async function evaluationOf(request: Request, ctx: SiteContext, id: unknown): Promise<{ evaluation: Evaluation; scope: EvaluationScope }> {
  const { visitor } = open(request, ctx);
  if (!visitor || !isEvaluationId(id)) throw new NotFound();
  const scope = { site: site(ctx), visitorId: visitor };
  const evaluation = await getEvaluation(ctx.db, scope, id);
  if (!evaluation) throw new NotFound();
  return { evaluation, scope };
}

const str = (v: unknown, name: string, max = 200): string | undefined => {
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "string" && typeof v !== "number") throw new BadRequest(`${name} must be text.`);
  const s = String(v).trim();
  if (s.length > max) throw new BadRequest(`${name} must be at most ${max} characters.`);
  return s;
};

/** car_id of `/cars/trade-in?car_id=`: kept only when it is one of the site's cars. */
async function siteCarId(ctx: SiteContext, raw: unknown): Promise<string | undefined> {
  const id = str(raw, "car_id", 80);
  if (!id) return undefined;
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/.test(id)) throw new BadRequest("car_id is not a car id.");
  const car = await getVehicle(ctx.db, id);
  const ours = new Set(ctx.tenant.dealerships.map((d) => d.id));
  if (!car || !ours.has(car.dealership_id)) throw new BadRequest("car_id is not a car of this site.");
  return id;
}

const vehicleOf = (e: Evaluation) => (e.answer.vehicle as ValuationVehicle | undefined) ?? null;
const candidatesOf = (e: Evaluation) => (e.answer.candidates as ValuationVehicle[] | undefined) ?? [];

/** A 429 (LimitedError) once the client or its network is over its limit for `what`; past the site's cap, a challenge first. */
async function limit(request: Request, ctx: SiteContext, what: "lookup" | "upload"): Promise<void> {
  await limitSiteRequest(ctx.limiter ?? (await leadRateLimiter()), request, {
    site: site(ctx),
    purpose: `trade-in-${what}`,
    now: ctx.now,
    limits: TRADE_IN_LIMITS,
    tooMany: tooManyLookups,
    busy: what === "lookup" ? LOOKUPS_BUSY : "Many pictures are being sent right now. Please try again in a moment.",
    full: what === "lookup" ? lookupsFull : (s) => `This site is receiving too many pictures right now. Please try again in ${inMinutes(s)}.`,
  });
}

/** POST /api/eval-expert/enter-vin { rego, state, car_id? }: [{ EvalID, … }] | [{ VIN, Description, Descriptions }] | [{}]. */
export async function handleEnterVin(request: Request, ctx: TradeInContext): Promise<Result> {
  const { visitor: known } = open(request, ctx);
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const step = checkVehicleStep({ rego: body.rego, state: body.state });
  if (!step.ok) throw new FieldErrors(Object.values(step.errors)[0]!, step.errors);
  const carId = await siteCarId(ctx, body.car_id);
  await limit(request, ctx, "lookup");
  const visitor = known ?? randomUUID();
  const lookup = await (ctx.provider ?? defaultProvider(ctx.db)).lookupRegistration(step.rego, step.state);
  const answer =
    lookup.kind === "match" ? { lookup: "match", vehicle: lookup.vehicle } : lookup.kind === "candidates" ? { lookup: "candidates", candidates: lookup.candidates } : { lookup: "none" };
  const evaluation = await createEvaluation(ctx.db, site(ctx), {
    rego: step.rego,
    state: step.state,
    visitorId: visitor,
    ...(carId ? { carId } : {}),
    request: { rego: step.rego, state: step.state },
    answer,
  });
  const headers: Record<string, string> = known
    ? {}
    : { "set-cookie": sessionSetCookie(VISITOR_COOKIE, visitor, { secure: new URL(request.url).protocol === "https:", maxAgeSeconds: VISITOR_MAX_AGE_S }) };
  if (lookup.kind === "match") return reply(200, [valuationResult(evaluation.id, lookup.vehicle)], headers);
  if (lookup.kind === "candidates") {
    // The spec's two spellings of the candidates' key; the VIN is the one the plate reads as.
    const descriptions = lookup.candidates.map((c) => ({ Description: c.description }));
    return reply(200, [{ VIN: lookup.candidates[0].vin, Description: descriptions, Descriptions: descriptions }], headers);
  }
  return reply(200, [{}], headers);
}

/** POST /api/eval-expert/manual-entry { vin, desc }: the candidate chosen; [the evaluation]. */
export async function handleManualEntry(request: Request, ctx: TradeInContext): Promise<Result> {
  const { visitor } = open(request, ctx);
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const vin = str(body.vin, "vin", 20);
  if (!vin) throw new FieldErrors(REQUIRED_MESSAGE, { vin: REQUIRED_MESSAGE });
  if (!visitor) throw new NotFound();
  // The visitor's latest evaluation still choosing among candidates with this VIN (evalid, when sent, names it).
  const scope = { site: site(ctx), visitorId: visitor };
  const evaluation = body.evalid !== undefined ? await getEvaluation(ctx.db, scope, String(body.evalid)) : await latestChoosing(ctx, scope, vin);
  if (!evaluation || !candidatesOf(evaluation).some((c) => c.vin === vin)) throw new NotFound();
  const candidates = candidatesOf(evaluation);
  const chosen = checkSelection(body.desc, candidates.map((c) => c.description));
  if (!chosen.ok) throw new FieldErrors(chosen.error, { desc: chosen.error });
  const vehicle = candidates.find((c) => c.description === chosen.description)!;
  const updated = await updateEvaluation(ctx.db, scope, evaluation.id, { request: { desc: chosen.description }, answer: { lookup: "chosen", vehicle } });
  if (!updated) throw new NotFound();
  return [valuationResult(updated.id, vehicle)];
}

async function latestChoosing(ctx: SiteContext, scope: EvaluationScope, vin: string): Promise<Evaluation | null> {
  const all = await listEvaluations(ctx.db, scope);
  return all.find((e) => e.answer.lookup === "candidates" && candidatesOf(e).some((c) => c.vin === vin)) ?? null;
}

/** POST /api/eval-expert/image-upload (multipart: evalid, file): one image, checked by content; { success, count }. */
export async function handleImageUpload(request: Request, ctx: TradeInContext): Promise<Result> {
  const { settings } = open(request, ctx);
  if (!settings.imageStep) throw new NotFound("This site does not take pictures of the car.");
  const form = await readLimitedForm(request, MAX_TRADE_IN_IMAGE_BYTES + MULTIPART_OVERHEAD, () => IMAGE_TOO_LARGE_MESSAGE, "Send the image as multipart/form-data with the fields evalid and file.");
  const file = form.get("file");
  if (!file || typeof file === "string") throw new BadRequest("Choose an image to upload (the field file).");
  const { evaluation, scope } = await evaluationOf(request, ctx, form.get("evalid"));
  // In the wizard's order (domain/trade-in.ts tradeInImageError): too many first, then the size, then the type.
  if (evaluation.images.length >= MAX_TRADE_IN_IMAGES) throw new HttpError(409, TOO_MANY_IMAGES_MESSAGE);
  if (file.size > MAX_TRADE_IN_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  await limit(request, ctx, "upload");
  const count = await addTradeInImage(ctx.db, request, ctx.limiter ?? (await leadRateLimiter()), { evaluation, scope }, file);
  return { success: true, count };
}

/** POST /api/eval-expert/update-eval { evalid, km, cName, cEmail, cPhone, postcode, service_history, … }: [the full evaluation with the offer]. */
export async function handleUpdateEval(request: Request, ctx: TradeInContext): Promise<Result> {
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const { evaluation, scope } = await evaluationOf(request, ctx, body.evalid);
  const vehicle = vehicleOf(evaluation);
  if (!vehicle) throw new HttpError(409, "Choose your car first (Step Two).");
  if (evaluation.stage === "offer-accepted") throw new HttpError(409, "This offer has already been accepted.");
  // Without an online figure the lead was sent at once, and an offer left unaccepted is sent after the
  // site's delay: a second version would never reach the dealer.
  if (evaluation.stage === "registration-lookup" || evaluation.stage === "offer-not-accepted") throw new HttpError(409, ALREADY_SENT);
  const checked = checkDetails({
    ...body,
    first_name: body.cName ?? body.first_name,
    email: body.cEmail ?? body.email,
    phone: body.cPhone ?? body.phone,
    odometer: body.km ?? body.odometer,
    preferred_contact_method: body.PreferredContactMethod ?? body.preferred_contact_method,
    // The vehicle's kind as the lookup found it decides what is asked (no odometer or keys for a caravan), not what the browser says.
  }, tradeInVehicleTerms(vehicle));
  if (!checked.ok) throw new FieldErrors(Object.values(checked.errors)[0]!, checked.errors);
  const details = checked.details;
  const { updated, valuation } = await sendDetails(ctx, { evaluation, scope, vehicle, details }, {
    referer: request.headers.get("referer"),
    userId: () => signedInUserId(request, ctx),
    visitor: leadVisitor(request),
  });
  return [evaluationAnswer(updated, vehicle, details.odometer ?? null, valuation)];
}

/** POST /api/eval-expert/accept-offer { category, subcategory, lead_id, form_completed, offer_accepted }: { success, lead_id }. */
export async function handleAcceptOffer(request: Request, ctx: TradeInContext): Promise<Result> {
  const { visitor } = open(request, ctx);
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  if (body.offer_accepted !== true) throw new BadRequest("offer_accepted must be true.");
  if (body.subcategory !== undefined && body.subcategory !== TRADE_IN_STAGES["offer-accepted"]) throw new BadRequest(`subcategory must be "${TRADE_IN_STAGES["offer-accepted"]}".`);
  if (!visitor || !isEvaluationId(body.lead_id)) throw new NotFound();
  const scope = { site: site(ctx), visitorId: visitor };
  const evaluation = await findEvaluationByLead(ctx.db, scope, body.lead_id);
  if (!evaluation) throw new NotFound();
  const valuation = evaluation.answer.valuation as Valuation | undefined;
  if (evaluation.stage === "offer-accepted") return { success: true, lead_id: evaluation.leadId };
  if ((evaluation.stage !== "valuation" && evaluation.stage !== "offer-not-accepted") || valuation?.kind !== "offer") throw new HttpError(409, "There is no online offer to accept for this car.");
  const now = ctx.now ?? new Date();
  if (Date.parse(valuation.validUntil) < now.getTime()) throw new HttpError(409, "This offer has expired. Please ask for a new one.");
  await acceptOffer(ctx, scope, evaluation, now);
  return { success: true, lead_id: evaluation.leadId };
}

/** POST /api/miscellaneous { EvalID, …valuation response, column_name: "valuation" }: kept with the evaluation for sites that send it there. */
export async function handleMiscellaneous(request: Request, ctx: TradeInContext): Promise<Result> {
  const { settings } = open(request, ctx);
  if (!settings.sendValuationToMiscellaneous) throw new NotFound("This site does not keep valuations here.");
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  if (body.column_name !== "valuation") throw new BadRequest('column_name must be "valuation".');
  const { evaluation, scope } = await evaluationOf(request, ctx, body.EvalID ?? body.evalid);
  const { column_name: _c, ...valuation } = body;
  await updateEvaluation(ctx.db, scope, evaluation.id, { answer: { miscellaneous: valuation } });
  return { success: true };
}

export const enterVinRoute = siteRoute(handleEnterVin, { errorBody: failure });
export const manualEntryRoute = siteRoute(handleManualEntry, { errorBody: failure });
export const imageUploadRoute = siteRoute(handleImageUpload, { errorBody: failure });
export const updateEvalRoute = siteRoute(handleUpdateEval, { errorBody: failure });
export const acceptOfferRoute = siteRoute(handleAcceptOffer, { errorBody: failure });
export const miscellaneousRoute = siteRoute(handleMiscellaneous, { errorBody: failure });
