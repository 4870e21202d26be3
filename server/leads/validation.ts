import type { ErrorObject } from "ajv";
import validateSchema from "../../schemas/generated/validate-lead.cjs";
import type { Lead } from "../../schemas/generated/lead";
import { describeSchemaErrors, type SchemaError } from "../../domain/schema-errors";
import leadSchema from "../../schemas/lead.schema.json";

export type { Lead };

export type LeadValidation = { ok: true; lead: Lead } | { ok: false; errors: SchemaError[] };

/** Keys that must never reach an object (JSON.parse makes them own properties; ajv then refuses them). */
const POLLUTING_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Validates a lead against schemas/lead.schema.json (compiled ahead of time; the browser forms use
 * the same schema). Works on a copy: the returned lead has its defaults applied.
 */
export function validateLead(input: unknown): LeadValidation {
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, errors: [{ pointer: "", message: "a lead must be a JSON object" }] };
  }
  const lead = structuredClone(input) as Lead;
  if (validateSchema(lead)) return { ok: true, lead };
  const raw = validateSchema.errors ?? [];
  // The branches of the "e-mail or phone" rule each report a missing property; one message says it.
  const errors = describeSchemaErrors(
    raw.filter((e) => !e.schemaPath.includes("/anyOf/")),
    lead,
    leadSpecial,
  );
  return { ok: false, errors };
}

const FORMS = (leadSchema.properties.form.enum as string[]).map((f) => JSON.stringify(f)).join(", ");

function leadSpecial(e: ErrorObject): SchemaError | undefined {
  // Every lead names the form that sent it: the site's rules for that form apply (server/leads/http.ts).
  if (e.keyword === "required" && !e.instancePath && e.params.missingProperty === "form") return { pointer: "/form", message: `is required: name the site form that sent the lead, one of ${FORMS}` };
  if (e.keyword === "enum" && e.instancePath === "/form") return { pointer: "/form", message: `is not one of the site's forms: ${FORMS}` };
  if (e.keyword === "anyOf" && e.instancePath === "/fields") return { pointer: "/fields/email", message: "an e-mail address or a phone number is required" };
  if (e.keyword === "additionalProperties" && POLLUTING_KEYS.has(String(e.params.additionalProperty))) {
    return { pointer: `${e.instancePath}/${e.params.additionalProperty}`, message: "is not an allowed property name" };
  }
  if (e.keyword === "additionalProperties" && !e.instancePath) return { pointer: `/${e.params.additionalProperty}`, message: "is not a lead field" };
  if (e.keyword === "additionalProperties" && e.instancePath === "/fields") return { pointer: `/fields/${e.params.additionalProperty}`, message: "is not a form field" };
  if (e.keyword === "propertyNames" || (e.keyword === "pattern" && e.params.pattern === "^[A-Za-z0-9_.\\[\\]-]{1,100}$") || e.keyword === "not") {
    const at = e.instancePath.startsWith("/lead_attributes/linked_query_params") ? "/lead_attributes/linked_query_params" : e.instancePath;
    return { pointer: at, message: "has a parameter name that is empty, too long, or not letters, digits and _ . [ ] -" };
  }
  if (e.instancePath === "/fields/postcode" && e.keyword === "pattern") return { pointer: e.instancePath, message: "Invalid postcode. Please enter a 4-digit number." };
  if (e.keyword === "maxLength") return { pointer: e.instancePath, message: `must be at most ${e.params.limit} characters` };
  if (e.keyword === "minLength") return { pointer: e.instancePath, message: e.params.limit === 1 ? "must not be empty" : `must be at least ${e.params.limit} characters` };
  if (e.keyword === "maxItems") return { pointer: e.instancePath, message: `must have at most ${e.params.limit} items` };
  if (e.keyword === "maxProperties") return { pointer: e.instancePath, message: `must have at most ${e.params.limit} entries` };
  if (e.keyword === "pattern") {
    // Never echo the rejected value back (it may be huge or hostile); say what is expected.
    const description = descriptionAt(e.instancePath);
    return { pointer: e.instancePath, message: `is not in the expected form${description ? ` (${description})` : ""}` };
  }
  return undefined;
}

type SchemaNode = { description?: string; $ref?: string; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/** The description of the schema that governs a pointer (the standalone validator keeps no parent schemas). */
function descriptionAt(pointer: string): string | undefined {
  const root = leadSchema as unknown as SchemaNode & { definitions: Record<string, SchemaNode> };
  let node: SchemaNode | undefined = root;
  for (const part of pointer.split("/").slice(1)) {
    if (!node) return undefined;
    node = /^\d+$/.test(part) && node.items ? node.items : node.properties?.[part];
    if (node?.$ref) node = root.definitions[node.$ref.replace("#/definitions/", "")];
  }
  return node?.description;
}
