/**
 * Checks a lead against its form's rules (domain/lead-forms.ts): the one validator the browser form
 * and POST /api/leads both run. The form's JSON Schema is interpreted (domain/json-schema-lite.ts),
 * not compiled to a function as ajv would, so the sites' pages need no 'unsafe-eval' and ship no ajv;
 * a differential test (domain/json-schema-lite.test.ts) proves it answers as ajv does. The browser
 * loads this module only when a form is first checked.
 */
import { schemaValidator } from "./json-schema-lite";
import type { LeadFormSpec } from "./lead-forms";
import { formErrors, type FieldError } from "./lead-form-messages";
import { leadFormSchema } from "./lead-form-schema";

/**
 * The problems of a lead under its form's rules, one message per field (none: the lead passes).
 * `partial`: an earlier step of a multi-step form, whose missing fields are not yet required.
 */
export function validateLeadForm(spec: LeadFormSpec, lead: unknown, opts: { partial?: boolean } = {}): FieldError[] {
  const errors = schemaValidator(leadFormSchema(spec, { partial: opts.partial === true }))(lead);
  return errors.length ? formErrors(spec, errors) : [];
}
