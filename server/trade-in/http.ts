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
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, unlink } from "node:fs/promises";
import { writeFileAtomic } from "../atomic-write";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import {
  checkSelection,
  checkVehicleStep,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  REQUIRED_MESSAGE,
  TOO_MANY_IMAGES_MESSAGE,
  TRADE_IN_CATEGORY,
  TRADE_IN_STAGES,
  tradeInSettings,
  type TradeInStage,
} from "../../domain/trade-in";
import { checkDetails, type TradeInDetails } from "../../domain/trade-in-details";
import { MAX_TRADE_IN_IMAGE_BYTES, MAX_TRADE_IN_IMAGES, sniffTradeInImage } from "../../domain/trade-in-images";
import { preparePicture } from "../admin/uploads";
import { signedInUserId } from "../auth/sessions";
import { dataDir } from "../db";
import { leads } from "../db/schema";
import { getVehicle } from "../inventory/store";
import { readJsonObject, readLimitedBytes } from "../http/body";
import { readCookie, sessionSetCookie } from "../http/cookies";
import { BadRequest, HttpError } from "../http/errors";
import { json } from "../http/json";
import { SITE_BODY_MAX_BYTES, siteRoute, type SiteContext } from "../http/site-route";
import { clientKey, leadRateLimiter, networkKey, spendInOrder } from "../leads/rate-limit";
import { inMinutes, limitSiteRequest } from "../http/challenge";
import { LOOKUPS_BUSY, lookupsFull, tooManyLookups } from "../service-booking/http";
import { redeliverLead, storeLead, updateLeadStage } from "../leads/store";
import { validateLead, type Lead } from "../leads/validation";
import { valuationProvider as defaultProvider } from "../valuation/embedded";
import { customerReasons, tradeInVehicleTerms, valuationResult, valueForSite, type ValuationProvider, type ValuationVehicle, type Valuation } from "../valuation/provider";
import { addEvaluationImage, createEvaluation, findEvaluationByLead, getEvaluation, imageBytes, isEvaluationId, listEvaluations, updateEvaluation, type Evaluation, type EvaluationScope } from "../valuation/store";
import { checkHeic } from "./heic";
import { numberFormat } from "../../domain/intl";


/** The visitor's id (a random UUID, HttpOnly): whose evaluations these are. */
export const VISITOR_COOKIE = "fc_tradein_visitor";
const VISITOR_MAX_AGE_S = 30 * 86_400;
export const TRADE_IN_OFF = "Trade-in offers are not available on this site.";
export const ALREADY_SENT = "Your details have already been sent to our buying team.";
export const EVALUATION_NOT_FOUND = "There is no such trade-in evaluation. Please start again from Step One.";
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
const failure = (message: string, errors?: Record<string, string | undefined>) => ({ success: false, message, ...(errors ? { errors } : {}) });

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

/** Registration lookups and uploads a client (and a whole site) may make: each lookup stores an evaluation and asks the provider. */
export const TRADE_IN_LIMITS = {
  perClient: { limit: 30, windowMs: 10 * 60_000 },
  perNetwork: { limit: 90, windowMs: 10 * 60_000 },
  perSite: { limit: 2_000, windowMs: 60 * 60_000 },
};

/**
 * Bytes of pictures stored (after re-encoding; a HEIC as sent): per evaluation for good, and per
 * client (IPv4 address, IPv6 /64), network (IPv4 /24, IPv6 /48) and site in an hour, in the shared
 * limiter (Redis with REDIS_URL). A shopper sends up to 10 phone photos, well under 1 MB each once
 * re-encoded (a HEIC 1–4 MB): 50 MB is 10 of the largest HEIC allowed and more.
 */
export const TRADE_IN_UPLOAD_BYTES = {
  perEvaluation: 50_000_000,
  perClient: { limit: 100_000_000, windowMs: 60 * 60_000 },
  perNetwork: { limit: 300_000_000, windowMs: 60 * 60_000 },
  perSite: { limit: 2_000_000_000, windowMs: 60 * 60_000 },
};
export const EVALUATION_BYTES_MESSAGE = "The pictures of one car may add up to 50 MB, and this one would go over, so it was not added. Remove it to continue; the pictures already uploaded are kept.";
/** The 429's message when the client's, the network's or the site's hour of picture bytes is spent. */
export function uploadBudgetMessage(which: "client" | "network" | "site", retryAfterS: number): string {
  const then = `Please try again in ${inMinutes(retryAfterS)}, or remove this picture to continue without it.`;
  if (which === "client") return `Pictures sent from your connection may add up to 100 MB an hour, and this one would go over. ${then}`;
  if (which === "network") return `Pictures sent from your network may add up to 300 MB an hour, and this one would go over. ${then}`;
  return `This site is receiving more pictures than it can take right now. ${then}`;
}

/** The byte budgets of an upload from this request, in the order they are spent. */
function byteBudgets(request: Request, ctx: SiteContext) {
  const slug = site(ctx);
  const client = clientKey(request);
  return [
    { which: "client" as const, key: `trade-in-bytes:client:${slug}:${client}`, ...TRADE_IN_UPLOAD_BYTES.perClient },
    { which: "network" as const, key: `trade-in-bytes:network:${slug}:${networkKey(client)}`, ...TRADE_IN_UPLOAD_BYTES.perNetwork },
    { which: "site" as const, key: `trade-in-bytes:site:${slug}`, ...TRADE_IN_UPLOAD_BYTES.perSite },
  ];
}

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
export async function handleEnterVin(request: Request, ctx: TradeInContext): Promise<Response> {
  const { visitor: known } = open(request, ctx);
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const step = checkVehicleStep({ rego: body.rego, state: body.state });
  if (!step.ok) return json(400, failure(Object.values(step.errors)[0]!, step.errors));
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
  if (lookup.kind === "match") return json(200, [valuationResult(evaluation.id, lookup.vehicle)], headers);
  if (lookup.kind === "candidates") {
    // The spec's two spellings of the candidates' key; the VIN is the one the plate reads as.
    const descriptions = lookup.candidates.map((c) => ({ Description: c.description }));
    return json(200, [{ VIN: lookup.candidates[0].vin, Description: descriptions, Descriptions: descriptions }], headers);
  }
  return json(200, [{}], headers);
}

/** POST /api/eval-expert/manual-entry { vin, desc }: the candidate chosen; [the evaluation]. */
export async function handleManualEntry(request: Request, ctx: TradeInContext): Promise<Response> {
  const { visitor } = open(request, ctx);
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  const vin = str(body.vin, "vin", 20);
  if (!vin) return json(400, failure(REQUIRED_MESSAGE, { vin: REQUIRED_MESSAGE }));
  if (!visitor) throw new NotFound();
  // The visitor's latest evaluation still choosing among candidates with this VIN (evalid, when sent, names it).
  const scope = { site: site(ctx), visitorId: visitor };
  const evaluation = body.evalid !== undefined ? await getEvaluation(ctx.db, scope, String(body.evalid)) : await latestChoosing(ctx, scope, vin);
  if (!evaluation || !candidatesOf(evaluation).some((c) => c.vin === vin)) throw new NotFound();
  const candidates = candidatesOf(evaluation);
  const chosen = checkSelection(body.desc, candidates.map((c) => c.description));
  if (!chosen.ok) return json(400, failure(chosen.error, { desc: chosen.error }));
  const vehicle = candidates.find((c) => c.description === chosen.description)!;
  const updated = await updateEvaluation(ctx.db, scope, evaluation.id, { request: { desc: chosen.description }, answer: { lookup: "chosen", vehicle } });
  if (!updated) throw new NotFound();
  return json(200, [valuationResult(updated.id, vehicle)]);
}

async function latestChoosing(ctx: SiteContext, scope: EvaluationScope, vin: string): Promise<Evaluation | null> {
  const all = await listEvaluations(ctx.db, scope);
  return all.find((e) => e.answer.lookup === "candidates" && candidatesOf(e).some((c) => c.vin === vin)) ?? null;
}

/** POST /api/eval-expert/image-upload (multipart: evalid, file): one image, checked by content; { success, count }. */
export async function handleImageUpload(request: Request, ctx: TradeInContext): Promise<Response> {
  const { settings } = open(request, ctx);
  if (!settings.imageStep) throw new NotFound("This site does not take pictures of the car.");
  const bytes = await readLimitedBytes(request, MAX_TRADE_IN_IMAGE_BYTES + MULTIPART_OVERHEAD, () => IMAGE_TOO_LARGE_MESSAGE);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new BadRequest("Send the image as multipart/form-data with the fields evalid and file.");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new BadRequest("Choose an image to upload (the field file).");
  const { evaluation, scope } = await evaluationOf(request, ctx, form.get("evalid"));
  // In the wizard's order (domain/trade-in.ts tradeInImageError): too many first, then the size, then the type.
  if (evaluation.images.length >= MAX_TRADE_IN_IMAGES) throw new HttpError(409, TOO_MANY_IMAGES_MESSAGE);
  if (file.size > MAX_TRADE_IN_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE_MESSAGE);
  await limit(request, ctx, "upload");
  const input = Buffer.from(await file.arrayBuffer());
  const type = sniffTradeInImage(input);
  if (!type) throw new HttpError(415, IMAGE_TYPE_MESSAGE);
  // JPEG, PNG and GIF are decoded and re-encoded (upright, no camera or GPS metadata) as the admin's
  // uploads are. sharp's prebuilt libvips cannot decode HEIC (no HEVC decoder), so a HEIC photo is
  // kept exactly as sent, for the buying team to open, once its size is checked (./heic.ts); it is
  // never served to the public.
  let data: Buffer;
  let ext: string;
  if (type === "image/heic") {
    checkHeic(input);
    data = input;
    ext = "heic";
  } else {
    data = await preparePicture(input).then(
      (p) => p.data,
      () => {
        throw new HttpError(415, IMAGE_TYPE_MESSAGE);
      },
    );
    ext = "webp";
  }
  // What is stored is counted: first the evaluation's bytes, then the client's, network's and site's hour.
  if (imageBytes(evaluation.images) + data.byteLength > TRADE_IN_UPLOAD_BYTES.perEvaluation) throw new HttpError(413, EVALUATION_BYTES_MESSAGE);
  const limiter = ctx.limiter ?? (await leadRateLimiter());
  const budgets = byteBudgets(request, ctx);
  const spent = await spendInOrder(limiter, data.byteLength, budgets);
  if (!spent.ok) throw new HttpError(429, uploadBudgetMessage(budgets.find((b) => b.key === spent.key)!.which, spent.retryAfterS));
  const sha256 = createHash("sha256").update(data).digest("hex");
  // A file of this upload's own (the same picture sent twice at once is two files, each counted), so
  // removing a refused upload's file never takes another upload's.
  const relative = join("trade-in", scope.site, evaluation.id, `${sha256.slice(0, 32)}-${randomBytes(6).toString("hex")}.${ext}`);
  const path = join(dataDir(), relative);
  let added: Awaited<ReturnType<typeof addEvaluationImage>>;
  try {
    await mkdir(join(dataDir(), "trade-in", scope.site, evaluation.id), { recursive: true });
    await writeFileAtomic(path, data);
    const name = file.name.replace(/[^\w .()-]/g, "_").slice(0, 200) || `image.${ext}`;
    added = await addEvaluationImage(ctx.db, scope, evaluation.id, { name, type, bytes: data.byteLength, sha256, path: relative, addedAt: new Date().toISOString() }, { maxBytes: TRADE_IN_UPLOAD_BYTES.perEvaluation });
  } catch (e) {
    await unlink(path).catch(() => {});
    await spendInOrder(limiter, -data.byteLength, budgets);
    throw e;
  }
  if (!added.ok) {
    // Another upload took the 10th place (or the last bytes) meanwhile: nothing of this one is kept or counted.
    await unlink(path).catch(() => {});
    await spendInOrder(limiter, -data.byteLength, budgets);
    if (added.reason === "too-many") throw new HttpError(409, TOO_MANY_IMAGES_MESSAGE);
    if (added.reason === "too-many-bytes") throw new HttpError(413, EVALUATION_BYTES_MESSAGE);
    throw new NotFound();
  }
  return json(200, { success: true, count: added.evaluation.images.length });
}

const SMS_MAX = 1600;
const money = (n: number) => `$${numberFormat("en-AU").format(n)}`;

/** The lead for an evaluation at a stage (validated against the lead schema: a 4xx when the visitor's answers do not fit it). */
function tradeInLead(request: Request, e: Evaluation, vehicle: ValuationVehicle, details: TradeInDetails, valuation: Valuation, stage: TradeInStage): Lead {
  const car = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const offer = valuation.kind === "offer" ? `, offer ${money(valuation.offerPrice)}` : ", no online offer";
  const who = [details.first_name, details.last_name].filter(Boolean).join(" ");
  const sms = `Trade-in (${TRADE_IN_STAGES[stage]}): ${car} ${e.rego} ${e.state}${details.odometer === undefined ? "" : `, ${details.odometer} km`}${offer}. ${who} ${details.phone}`;
  const referer = request.headers.get("referer");
  const lead = {
    ...(referer && /^https?:\/\/[^\s<>"]{1,2000}$/.test(referer) ? { url: referer } : {}),
    form: "trade-in",
    category: TRADE_IN_CATEGORY,
    subcategory: TRADE_IN_STAGES[stage],
    ...(e.carId ? { car_id: e.carId } : {}),
    isLastStep: stage !== "valuation",
    fields: {
      first_name: details.first_name,
      ...(details.last_name ? { last_name: details.last_name } : {}),
      email: details.email,
      phone: details.phone,
      postcode: details.postcode,
      preferred_contact_method: details.preferred_contact_method,
      ...(details.finance ? { finance: details.finance } : {}),
      ...(details.trade_in ? { trade_in: details.trade_in } : {}),
      rego: e.rego,
      state: e.state,
      vehicle_make: vehicle.make.slice(0, 100),
      vehicle_model: vehicle.model.slice(0, 100),
      vehicle_year: vehicle.year,
      vehicle_vin: vehicle.vin,
      ...(details.odometer !== undefined ? { odometer: details.odometer } : {}),
      service_history: details.service_history,
      ...(details.number_of_keys ? { number_of_keys: details.number_of_keys } : {}),
      car_condition: details.car_condition,
      comments: details.comments,
      ...(valuation.kind === "offer" ? { offer_price: valuation.offerPrice } : { message: valuation.reason }),
      sms_content: sms.slice(0, SMS_MAX),
      sms_from: details.phone,
    },
  };
  const checked = validateLead(lead);
  if (!checked.ok) throw new HttpError(422, `The details could not be used: ${checked.errors.map((x) => `${x.pointer} ${x.message}`).join("; ")}`);
  return checked.lead;
}

/**
 * The lead's site, dealership and the car being bought: the dealership is that car's when the
 * trade-in started from one of the site's cars (/cars/trade-in?car_id=), else the one named, else the
 * site's first. The car traded in is in the lead's fields; the e-mail and ADF name both.
 */
export async function leadSite(ctx: Pick<SiteContext, "db" | "tenant">, e: Pick<Evaluation, "carId">, dealershipId?: number | null) {
  const bought = e.carId ? await getVehicle(ctx.db, e.carId) : null;
  const car = bought && ctx.tenant.dealerships.some((x) => x.id === bought.dealership_id) ? bought : null;
  const d = ctx.tenant.dealerships.find((x) => x.id === (car?.dealership_id ?? dealershipId)) ?? ctx.tenant.dealerships[0];
  const identity = ctx.tenant.identity;
  return {
    site: { slug: identity.slug, name: identity.name, currency: identity.currency },
    dealership: { id: d.id, name: d.name, leadEmail: d.leadEmail, crmUrl: d.crmUrl, phone: d.phone },
    vehicle: car,
  };
}

/** POST /api/eval-expert/update-eval { evalid, km, cName, cEmail, cPhone, postcode, service_history, … }: [the full evaluation with the offer]. */
export async function handleUpdateEval(request: Request, ctx: TradeInContext): Promise<Response> {
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
  if (!checked.ok) return json(400, failure(Object.values(checked.errors)[0]!, checked.errors));
  const details = checked.details;
  const now = ctx.now ?? new Date();
  const settings = tradeInSettings(ctx.tenant);
  const valuation = await valueForSite(
    ctx.provider ?? defaultProvider(ctx.db),
    { vehicle, odometer: details.odometer ?? null, answers: details },
    { slug: scope.site, dealershipIds: ctx.tenant.dealerships.map((d) => d.id), settings },
    now,
  );
  const stage: TradeInStage = valuation.kind === "offer" ? "valuation" : "registration-lookup";
  const lead = tradeInLead(request, evaluation, vehicle, details, valuation, stage);
  const userId = await signedInUserId(request, ctx);
  // An offer not accepted within the site's delay goes to the dealer marked so (server/trade-in/unaccepted.ts).
  const due = valuation.kind === "offer" ? new Date(now.getTime() + settings.unacceptedOfferLeadMinutes * 60_000).toISOString() : null;
  const updated = await ctx.db.transaction(async (tx) => {
    const leadId = await saveLead({ ...ctx, db: tx }, evaluation, lead, userId);
    // From the stage read: an evaluation the sweep sent meanwhile is not moved back (the lead is not changed either).
    const moved = await updateEvaluation(tx, scope, evaluation.id, { stage, leadId, request: { details }, answer: { valuation, unacceptedLeadDueAt: due } }, { fromStage: evaluation.stage });
    if (!moved) throw new HttpError(409, ALREADY_SENT);
    return moved;
  });
  return json(200, [evaluationAnswer(updated, vehicle, details.odometer ?? null, valuation)]);
}

/** Stores the evaluation's lead, or moves the one it has on. */
async function saveLead(ctx: SiteContext, e: Evaluation, lead: Lead, userId: number | null): Promise<string> {
  const base = await leadSite(ctx, e);
  if (e.leadId) {
    if (!(await updateLeadStage(ctx.db, { ...base, leadId: e.leadId, lead }))) throw new NotFound();
    return e.leadId;
  }
  // A signed-in visitor's offer is theirs: their My Garage lists it.
  return (await storeLead(ctx.db, { ...base, lead }, `trade-in:${e.id}`, { userId })).leadId;
}

function evaluationAnswer(e: Evaluation, vehicle: ValuationVehicle, km: number | null, valuation: Valuation) {
  return {
    ...valuationResult(e.id, vehicle, km),
    lead_id: e.leadId,
    stage: TRADE_IN_STAGES[e.stage],
    ...(valuation.kind === "offer"
      ? // The visitor reads the offer and the reasons from their own answers; the workings (retail estimate, margin) stay with staff.
        { offer_price: valuation.offerPrice, valid_until: valuation.validUntil, adjustments: customerReasons(valuation.adjustments) }
      : { offer_price: null, reason: valuation.reason }),
  };
}

/** POST /api/eval-expert/accept-offer { category, subcategory, lead_id, form_completed, offer_accepted }: { success, lead_id }. */
export async function handleAcceptOffer(request: Request, ctx: TradeInContext): Promise<Response> {
  const { visitor } = open(request, ctx);
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  if (body.offer_accepted !== true) throw new BadRequest("offer_accepted must be true.");
  if (body.subcategory !== undefined && body.subcategory !== TRADE_IN_STAGES["offer-accepted"]) throw new BadRequest(`subcategory must be "${TRADE_IN_STAGES["offer-accepted"]}".`);
  if (!visitor || !isEvaluationId(body.lead_id)) throw new NotFound();
  const scope = { site: site(ctx), visitorId: visitor };
  const evaluation = await findEvaluationByLead(ctx.db, scope, body.lead_id);
  if (!evaluation) throw new NotFound();
  const valuation = evaluation.answer.valuation as Valuation | undefined;
  if (evaluation.stage === "offer-accepted") return json(200, { success: true, lead_id: evaluation.leadId });
  if ((evaluation.stage !== "valuation" && evaluation.stage !== "offer-not-accepted") || valuation?.kind !== "offer") throw new HttpError(409, "There is no online offer to accept for this car.");
  const now = ctx.now ?? new Date();
  if (Date.parse(valuation.validUntil) < now.getTime()) throw new HttpError(409, "This offer has expired. Please ask for a new one.");
  await ctx.db.transaction(async (tx) => {
    // The evaluation's row is the claim (the unaccepted-offer sweep claims it the same way): from
    // "valuation" the lead is delivered for the first time, accepted; from "offer-not-accepted" (the
    // dealer already has it, marked not accepted) the same lead is sent again, updated — never a second lead.
    for (const from of ["valuation", "offer-not-accepted"] as const) {
      const claimed = await updateEvaluation(tx, scope, evaluation.id, { stage: "offer-accepted", answer: { acceptedAt: now.toISOString() } }, { fromStage: from });
      if (!claimed) continue;
      const [row] = await tx.select({ payload: leads.payload, dealershipId: leads.dealershipId }).from(leads).where(and(eq(leads.id, claimed.leadId!), eq(leads.tenant, scope.site)));
      if (!row) throw new NotFound();
      const stored = row.payload as Lead;
      const lead: Lead = {
        ...stored,
        subcategory: TRADE_IN_STAGES["offer-accepted"],
        isLastStep: true,
        fields: {
          ...stored.fields,
          offer_status: from === "valuation" ? "Accepted" : "Accepted after it was sent as not accepted",
          sms_content: (stored.fields.sms_content ?? "").replace(TRADE_IN_STAGES.valuation, TRADE_IN_STAGES["offer-accepted"]),
        },
      };
      const context = { ...(await leadSite({ ...ctx, db: tx }, claimed, row.dealershipId)), leadId: claimed.leadId!, lead };
      await (from === "valuation" ? updateLeadStage(tx, context) : redeliverLead(tx, context));
      return;
    }
  });
  return json(200, { success: true, lead_id: evaluation.leadId });
}

/** POST /api/miscellaneous { EvalID, …valuation response, column_name: "valuation" }: kept with the evaluation for sites that send it there. */
export async function handleMiscellaneous(request: Request, ctx: TradeInContext): Promise<Response> {
  const { settings } = open(request, ctx);
  if (!settings.sendValuationToMiscellaneous) throw new NotFound("This site does not keep valuations here.");
  const body = await readJsonObject(request, SITE_BODY_MAX_BYTES);
  if (body.column_name !== "valuation") throw new BadRequest('column_name must be "valuation".');
  const { evaluation, scope } = await evaluationOf(request, ctx, body.EvalID ?? body.evalid);
  const { column_name: _c, ...valuation } = body;
  await updateEvaluation(ctx.db, scope, evaluation.id, { answer: { miscellaneous: valuation } });
  return json(200, { success: true });
}

export const enterVinRoute = siteRoute(handleEnterVin, { errorBody: failure });
export const manualEntryRoute = siteRoute(handleManualEntry, { errorBody: failure });
export const imageUploadRoute = siteRoute(handleImageUpload, { errorBody: failure });
export const updateEvalRoute = siteRoute(handleUpdateEval, { errorBody: failure });
export const acceptOfferRoute = siteRoute(handleAcceptOffer, { errorBody: failure });
export const miscellaneousRoute = siteRoute(handleMiscellaneous, { errorBody: failure });
