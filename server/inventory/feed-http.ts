import { getDb, type Db } from "../db";
import { readLimitedJson } from "../http/body";
import { underError } from "../http/error-response";
import { endpoint, reply } from "../http/endpoint";
import { HttpError, ValidationError } from "../errors";
import { bearerKey, dealershipForKey } from "./keys";
import { deleteVehicle, getVehicle, upsertVehicle } from "./store";

/**
 * The dealer feed endpoint: PUT and DELETE /api/feed/vehicles/{id}, authenticated with a
 * dealership's key (Authorization: Bearer <key>). Answers are JSON: 200/201 with the vehicle,
 * 400 unreadable body, 401 no or bad key, 403 another dealership's vehicle, 404 no such vehicle,
 * 409 a concurrent write took the stock number, 413 body too large, 422 invalid vehicle; every
 * refusal is { error, … } (underError), declared once by feedRoute.
 */
export const MAX_FEED_BODY_BYTES = 512 * 1024;

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;
const NOT_SAVED = "The vehicle was not saved:";

/** A feed request's context: the process's database and the dealership whose key the request carries. */
interface FeedContext {
  db: Db;
  /** The dealership the Bearer key belongs to. */
  auth: number;
}

/** The feed family's context: 401 (with WWW-Authenticate) for a missing, malformed, unknown or revoked key. */
async function feedContext(request: Request): Promise<FeedContext> {
  const header = request.headers.get("authorization");
  const key = bearerKey(header);
  const challenge = { headers: { "www-authenticate": 'Bearer realm="forecourt-feed"' } };
  if (!key) throw new HttpError(401, header ? "The Authorization header must be: Bearer <feed key>." : "A feed key is required: send Authorization: Bearer <feed key>.", challenge);
  const { db } = await getDb();
  const auth = await dealershipForKey(db, key);
  if (auth === null) throw new HttpError(401, "The feed key is not valid (unknown or revoked).", challenge);
  return { db, auth };
}

const readVehicleJson = (request: Request) =>
  readLimitedJson(request, MAX_FEED_BODY_BYTES, {
    tooLarge: (declared) =>
      declared !== undefined
        ? `The body is ${declared} bytes; a vehicle may be at most ${MAX_FEED_BODY_BYTES}.`
        : `The body is larger than ${MAX_FEED_BODY_BYTES} bytes, the most a vehicle may be.`,
    empty: "The body is empty; send the vehicle as JSON.",
    invalidJson: (detail) => `The body is not valid JSON: ${detail}`,
  });

/** A feed handler as an endpoint: the key's dealership, the URL's id; thrown errors answered { error, … }. */
const feedRoute = (handler: (ctx: FeedContext, request: Request, id: string) => Promise<unknown>) =>
  endpoint({ context: feedContext, errorBody: underError, log: "[feed] request failed:" }, (request, ctx, { id }) => handler(ctx, request, id));

const notYours = (id: string, auth: number) => new HttpError(403, `Vehicle "${id}" belongs to another dealership; this key belongs to dealership ${auth}.`);

/** PUT /api/feed/vehicles/{id}: creates or replaces the vehicle with this id. */
export const putFeedVehicle = feedRoute(async ({ db, auth }, request, id) => {
  const body = await readVehicleJson(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ValidationError(NOT_SAVED, [{ pointer: "", message: "a vehicle must be a JSON object" }]);
  if (!ID_PATTERN.test(id)) {
    throw new ValidationError(NOT_SAVED, [{ pointer: "/id", message: "the id in the URL may use letters, digits, dot, underscore, colon and hyphen (at most 80)" }]);
  }
  const doc = body as Record<string, unknown>;
  if (doc.id !== undefined && doc.id !== null && doc.id !== id) {
    throw new ValidationError(NOT_SAVED, [{ pointer: "/id", message: `is ${JSON.stringify(doc.id)} but the URL names ${JSON.stringify(id)}` }]);
  }
  if (doc.dealership_id !== undefined && doc.dealership_id !== null && doc.dealership_id !== auth) {
    throw new HttpError(403, `This key belongs to dealership ${auth}; it cannot write vehicles of dealership ${JSON.stringify(doc.dealership_id)}.`);
  }
  const existing = await getVehicle(db, id);
  if (existing && existing.dealership_id !== auth) throw notYours(id, auth);
  // A ValidationError (422, "The vehicle was not saved:" with its errors) or a VehicleConflictError (409) is answered by feedRoute.
  const { vehicle, created } = await upsertVehicle(db, { ...doc, id }, { dealershipId: auth });
  return reply(created ? 201 : 200, { vehicle });
});

/** DELETE /api/feed/vehicles/{id}: takes the vehicle off every site. */
export const deleteFeedVehicle = feedRoute(async ({ db, auth }, _request, id) => {
  const existing = ID_PATTERN.test(id) ? await getVehicle(db, id) : null;
  if (!existing) throw new HttpError(404, `There is no vehicle "${id}".`);
  if (existing.dealership_id !== auth) throw notYours(id, auth);
  await deleteVehicle(db, id);
  return { deleted: id };
});
