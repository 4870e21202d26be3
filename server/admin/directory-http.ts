/**
 * The dealership directory's endpoints (staff only; GET /api/admin/dealerships and the assignment
 * POST are in ./http.ts): add a dealership, make and revoke feed keys. Same rules as every admin
 * endpoint (adminRoute: admin host, same-origin POST, a session).
 */
import { BadRequest, NotFoundError } from "../errors";
import { readJsonObject } from "../http/body";
import { reply } from "../http/endpoint";
import { assertStaff } from "./access";
import { addDealership } from "./dealerships";
import { createFeedKey, revokeFeedKey } from "./feed-keys";
import type { adminRoute } from "./http";

type Handler = Parameters<typeof adminRoute>[0];

const MAX_BODY_BYTES = 16 * 1024;
const DIGITS = /^\d{1,9}$/;

/** A dealership or key id from the path: a whole number of at most 9 digits, else 404. */
function idParam(value: string | undefined, what: string): number {
  if (!DIGITS.test(value ?? "")) throw new NotFoundError(`A ${what} id is a whole number (at most 9 digits).`);
  return Number(value);
}

/** POST /api/admin/dealerships {name, id?}: 201 with the new (unassigned) dealership; 422 naming the field. */
export const handleAddDealership: Handler = async (request, { handle, user }) => {
  assertStaff(user, "add dealerships");
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  const id = body.id === undefined || body.id === null || body.id === "" ? undefined : body.id;
  if (id !== undefined && typeof id !== "number") throw new BadRequest("id must be a whole number, or left out to have one chosen.");
  if (body.name !== undefined && typeof body.name !== "string") throw new BadRequest("name must be text.");
  const row = await addDealership(handle.db, user, { id, name: (body.name as string | undefined) ?? "" });
  return reply(201, row);
};

/**
 * POST /api/admin/dealerships/{id}/keys {label?}: 201 {id, dealershipId, key, label, prefix, createdAt}.
 * The key is in this answer only (never stored, never cached).
 */
export const handleCreateFeedKey: Handler = async (request, { handle, user }, params) => {
  assertStaff(user, "make feed keys");
  const id = idParam(params.id, "dealership");
  const body = await readJsonObject(request, MAX_BODY_BYTES);
  if (body.label !== undefined && typeof body.label !== "string") throw new BadRequest("label must be text.");
  return reply(201, await createFeedKey(handle.db, user, id, (body.label as string | undefined) ?? ""));
};

/** POST /api/admin/dealerships/{id}/keys/{key}/revoke: 200 {revoked: key id}; 404 for a key not in use. */
export const handleRevokeFeedKey: Handler = async (_request, { handle, user }, params) => {
  assertStaff(user, "revoke feed keys");
  const id = idParam(params.id, "dealership");
  const key = idParam(params.key, "feed key");
  await revokeFeedKey(handle.db, user, id, key);
  return { revoked: key };
};
