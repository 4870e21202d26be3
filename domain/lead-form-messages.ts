/** The messages a person reads for a lead form's failed rules, one per field, in the form's order. */
import { BUDGET_MESSAGE, POSTCODE_MESSAGE, type FieldName, type FormField, type LeadFormSpec } from "./lead-forms";

/** What a validator reports (ajv's ErrorObject, the parts used). */
export interface RawError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export interface FieldError {
  /** The form field, or null for a problem with the lead that no field shows. */
  name: FieldName | null;
  pointer: string;
  message: string;
}

/** The field a JSON pointer in a lead names: /category, or /fields/{name}. */
export function fieldAt(spec: Pick<LeadFormSpec, "fields">, pointer: string): FieldName | null {
  const name = pointer === "/category" ? "category" : pointer.startsWith("/fields/") ? pointer.slice("/fields/".length) : null;
  return name && spec.fields.some((f) => f.name === name) ? (name as FieldName) : null;
}

/** The message a person reads for one failed rule of a field. */
export function fieldMessage(spec: LeadFormSpec, field: FormField, keyword: string, params: Record<string, unknown> = {}): string {
  if (field.name === "terms_conditions") return spec.termsMessage;
  if (field.name === "postcode") return POSTCODE_MESSAGE;
  const missing = keyword === "required" || (keyword === "minLength" && params.limit === 1);
  if (missing) return `${field.label} is required.`;
  if (keyword === "maxLength") return `${field.label} must be at most ${params.limit} characters.`;
  if (keyword === "enum" || keyword === "const") return `Please choose one of the listed options for ${field.label}.`;
  switch (field.name) {
    case "email":
      return "Please enter a valid email address.";
    case "phone":
      return "Please enter a valid phone number.";
    case "first_name":
    case "last_name":
      return `${field.label} must not contain < > { } or control characters.`;
    case "rego":
      return `${field.label} may only contain letters, digits, spaces and hyphens.`;
    case "preferred_date":
      return "Please choose a valid date and time.";
    case "vehicle_price_budget":
      return BUDGET_MESSAGE(field.label);
    default:
      return `${field.label} is not valid.`;
  }
}

/** A validator's errors as messages, one per field, in the form's order. */
export function formErrors(spec: LeadFormSpec, raw: RawError[]): FieldError[] {
  const byField = new Map<FieldName, FieldError>();
  const other: FieldError[] = [];
  for (const e of raw) {
    const pointer = e.keyword === "required" ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    const name = fieldAt(spec, pointer);
    const field = name ? spec.fields.find((f) => f.name === name) : undefined;
    if (!name || !field) {
      other.push({ name: null, pointer, message: pointer === "/category" ? "Please choose one of the listed options for the category." : `${pointer || "The form"} is not valid.` });
      continue;
    }
    // One message per field; "is required" wins over what else an empty value breaks (e.g. the option list).
    const missing = e.keyword === "required" || (e.keyword === "minLength" && e.params.limit === 1);
    if (!byField.has(name) || missing) byField.set(name, { name, pointer: name === "category" ? "/category" : `/fields/${name}`, message: fieldMessage(spec, field, e.keyword, e.params) });
  }
  const ordered = spec.fields.map((f) => byField.get(f.name)).filter((x): x is FieldError => !!x);
  return [...ordered, ...other];
}
