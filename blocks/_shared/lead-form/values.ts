import type { FormField, FormOption, LeadFormSpec } from "../../../domain/lead-forms";
import type { FormValues } from "../../../domain/lead-form-values";

/** A select's options as shown: the location select narrows to the chosen dealership's locations. */
export function shownOptions(field: FormField, dealership: unknown): FormOption[] {
  const all = field.options ?? [];
  if (field.name !== "location_id" || typeof dealership !== "string" || !dealership) return all;
  const mine = all.filter((o) => o.dealership === dealership);
  return mine.length ? mine : all;
}

/** The form's starting values: tick boxes as their field says (the opt-in as the site says, the rest unticked), a select with one option chosen, the rest empty. */
export function startValues(spec: LeadFormSpec, initial: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const f of spec.fields) {
    if (f.control === "checkbox") values[f.name] = f.ticked === true;
    else if (f.control === "select" && f.options?.length === 1) values[f.name] = f.options[0].value; // one option: preselected
    else values[f.name] = "";
  }
  return { ...values, ...initial };
}
