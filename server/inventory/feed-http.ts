import type { Db } from "../db";
import { readLimitedJson } from "../http/body";
import { underError } from "../http/error-response";
import { platformRoute } from "../http/platform-route";
import { json, problem } from "../http/json";
import { bearerKey, dealershipForKey } from "./keys";
import { deleteVehicle, getVehicle, upsertVehicle } from "./store";

/**
 * The dealer feed endpoint: PUT and DELETE /api/feed/vehicles/{id}, authenticated with a
 * dealership's key (Authorization: Bearer <key>). Answers are JSON: 200/201 with the vehicle,
 * 400 unreadable body, 401 no or bad key, 403 another dealership's vehicle, 404 no such vehicle,
 * 409 a concurrent write took the stock number, 413 body too large, 422 invalid vehicle.
 */
export const MAX_FEED_BODY_BYTES = 512 * 1024;

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;

async function authenticate(db: Db, request: Request): Promise<number | Response> {
  const header = request.headers.get("authorization");
  const key = bearerKey(header);
  const challenge = { "www-authenticate": 'Bearer realm="forecourt-feed"' };
  if (!key) {
    return problem(401, header ? "The Authorization header must be: Bearer <feed key>." : "A feed key is required: send Authorization: Bearer <feed key>.", {}, challenge);
  }
  const dealershipId = await dealershipForKey(db, key);
  if (dealershipId === null) return problem(401, "The feed key is not valid (unknown or revoked).", {}, challenge);
  return dealershipId;
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

/** A feed handler as a platform endpoint: the process's database, the URL's id; thrown errors answered { error, … }. */
const feedRoute = (handler: (db: Db, request: Request, id: string) => Promise<Response>) =>
  platformRoute(async (request, { db }, { id }) => handler(await db(), request, id), { errorBody: underError, log: "[feed] request failed:" });

/** PUT /api/feed/vehicles/{id}: creates or replaces the vehicle with this id. */
export const putFeedVehicle = feedRoute(async (db, request, id) => {
  const auth = await authenticate(db, request);
  if (auth instanceof Response) return auth;
  const body = await readVehicleJson(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return problem(422, "The vehicle was not saved:", { errors: [{ pointer: "", message: "a vehicle must be a JSON object" }] });
  }
  if (!ID_PATTERN.test(id)) {
    return problem(422, "The vehicle was not saved:", { errors: [{ pointer: "/id", message: "the id in the URL may use letters, digits, dot, underscore, colon and hyphen (at most 80)" }] });
  }
  const doc = body as Record<string, unknown>;
  if (doc.id !== undefined && doc.id !== null && doc.id !== id) {
    return problem(422, "The vehicle was not saved:", { errors: [{ pointer: "/id", message: `is ${JSON.stringify(doc.id)} but the URL names ${JSON.stringify(id)}` }] });
  }
  if (doc.dealership_id !== undefined && doc.dealership_id !== null && doc.dealership_id !== auth) {
    return problem(403, `This key belongs to dealership ${auth}; it cannot write vehicles of dealership ${JSON.stringify(doc.dealership_id)}.`);
  }
  const existing = await getVehicle(db, id);
  if (existing && existing.dealership_id !== auth) {
    return problem(403, `Vehicle "${id}" belongs to another dealership; this key belongs to dealership ${auth}.`);
  }
  // A ValidationError (422, "The vehicle was not saved:" with its errors) or a VehicleConflictError (409) is answered by feedRoute.
  const { vehicle, created } = await upsertVehicle(db, { ...doc, id }, { dealershipId: auth });
  return json(created ? 201 : 200, { vehicle });
});

/** DELETE /api/feed/vehicles/{id}: takes the vehicle off every site. */
export const deleteFeedVehicle = feedRoute(async (db, request, id) => {
  const auth = await authenticate(db, request);
  if (auth instanceof Response) return auth;
  const existing = ID_PATTERN.test(id) ? await getVehicle(db, id) : null;
  if (!existing) return problem(404, `There is no vehicle "${id}".`);
  if (existing.dealership_id !== auth) return problem(403, `Vehicle "${id}" belongs to another dealership; this key belongs to dealership ${auth}.`);
  await deleteVehicle(db, id);
  return json(200, { deleted: id });
});
