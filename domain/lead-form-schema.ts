/** The JSON Schema a form's lead must meet, on top of the lead schema (schemas/lead.schema.json). */
import leadSchema from "../schemas/lead.schema.json";
import type { FieldName, LeadFormSpec } from "./lead-forms";

type JsonSchema = Record<string, unknown>;
const LEAD_FIELDS = leadSchema.properties.fields.properties as Record<string, JsonSchema>;
const LEAD_DEFINITIONS = leadSchema.definitions as Record<string, JsonSchema>;

/** The lead schema's own rule for a field (patterns, lengths, formats), resolved and copied. */
function baseFieldSchema(name: Exclude<FieldName, "category">): JsonSchema {
  const own = LEAD_FIELDS[name];
  const ref = typeof own.$ref === "string" ? LEAD_DEFINITIONS[own.$ref.replace("#/definitions/", "")] : own;
  const { description: _d, default: _default, ...rest } = ref;
  return { ...rest };
}

/**
 * The JSON Schema a form's lead must meet, on top of the lead schema: the required fields (a
 * required text must not be empty), the options of each select, the category list, terms ticked.
 */
export function leadFormSchema(spec: LeadFormSpec, opts: { partial?: boolean } = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const f of spec.fields) {
    if (f.name === "category") continue;
    const s = baseFieldSchema(f.name);
    if (f.options) s.enum = f.options.map((o) => (f.name === "location_id" ? Number(o.value) : o.value));
    if (f.name === "terms_conditions" && f.required) s.const = true;
    if (f.required && s.type === "string") s.minLength = Math.max(Number(s.minLength ?? 0), 1);
    properties[f.name] = s;
    if (f.required) required.push(f.name);
  }
  return {
    type: "object",
    required: ["category", "fields"],
    properties: {
      category: spec.categories
        ? { type: "string", ...(spec.fields.some((f) => f.name === "category" && f.required) ? { minLength: 1 } : {}), enum: spec.categories }
        : { type: "string", const: spec.category },
      // An earlier step of a multi-step form (partial): the fields it carries must be right; the rest are asked for later.
      fields: { type: "object", required: opts.partial ? [] : required, properties },
    },
  };
}
