import { createHash } from "node:crypto";
import type { ErrorObject } from "ajv";
import validateSchema from "../../schemas/generated/validate-vehicle.cjs";
import type { Vehicle } from "../../schemas/generated/vehicle";
import { BODY_TYPES, normaliseBody } from "../../domain/media";
import { describeSchemaErrors } from "../../domain/schema-errors";

export type { Vehicle };

/** A vehicle as stored: the validated document with the fields the platform fills in. */
export type StoredVehicle = Vehicle & { slug: string; created_at: string; views: number };

/** One problem with a vehicle document: where (a JSON pointer) and what. */
export interface VehicleError {
  pointer: string;
  message: string;
}

export type VehicleValidation = { ok: true; vehicle: Vehicle } | { ok: false; errors: VehicleError[] };

/** Object properties whose value is null are dropped (feeds send null for "none"); arrays are left alone. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
  return out;
}

/**
 * Validates one vehicle against schemas/vehicle.schema.json (compiled ahead of time) and the rules
 * the schema cannot say. Works on a copy: the returned vehicle has defaults applied and nulls removed.
 */
export function validateVehicle(input: unknown, opts: { now?: Date } = {}): VehicleValidation {
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, errors: [{ pointer: "", message: "a vehicle must be a JSON object" }] };
  }
  const vehicle = withoutNulls(structuredClone(input)) as Vehicle;
  if (!validateSchema(vehicle)) return { ok: false, errors: describeSchemaErrors(validateSchema.errors ?? [], vehicle, vehicleSpecial) };
  const errors: VehicleError[] = [];
  const nextYear = (opts.now ?? new Date()).getUTCFullYear() + 1;
  if (vehicle.year > nextYear) errors.push({ pointer: "/year", message: `${vehicle.year} is after next year (${nextYear})` });
  return errors.length ? { ok: false, errors } : { ok: true, vehicle };
}

function vehicleSpecial(e: ErrorObject): VehicleError | undefined {
  if (e.keyword === "additionalProperties" && !e.instancePath) return { pointer: `/${e.params.additionalProperty}`, message: "is not a vehicle field" };
  if (e.keyword === "propertyNames") return { pointer: e.instancePath, message: "has a key that is empty or too long" };
  return undefined;
}

const slugify = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Six hex characters that stay the same for an id: the slug's suffix, so two like cars never share a slug. */
export const idSuffix = (id: string) => createHash("sha1").update(id).digest("hex").slice(0, 6);

/** e.g. 2021-toyota-corolla-ascent-sport-hatch-ab12cd (year, make, model, badge, body, id suffix). */
export function vehicleSlug(v: Pick<Vehicle, "id" | "year" | "make" | "model" | "badge" | "body" | "item_type">): string {
  const body = normaliseBody(v.body, v.item_type);
  const base = slugify([v.year, v.make, v.model, v.badge, body ? BODY_TYPES[body] : ""].filter(Boolean).join(" ")).slice(0, 140).replace(/-+$/, "");
  return `${base}-${idSuffix(v.id)}`;
}
