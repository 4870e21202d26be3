/**
 * Checks a lead against its form's rules (domain/lead-forms.ts): the one validator the browser form
 * and POST /api/leads both run. The browser loads this module (and ajv) only when a form is first
 * checked, so pages do not pay for it up front.
 */
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { formErrors, leadFormSchema, type FieldError, type LeadFormSpec } from "./lead-forms";

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, ["email"]);

// Compiled schemas by their JSON; few distinct forms exist per site, so a small bound is plenty.
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 200;

function validatorFor(spec: LeadFormSpec, partial: boolean): ValidateFunction {
  const key = JSON.stringify(leadFormSchema(spec, { partial }));
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(JSON.parse(key));
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * The problems of a lead under its form's rules, one message per field (none: the lead passes).
 * `partial`: an earlier step of a multi-step form, whose missing fields are not yet required.
 */
export function validateLeadForm(spec: LeadFormSpec, lead: unknown, opts: { partial?: boolean } = {}): FieldError[] {
  const validate = validatorFor(spec, opts.partial === true);
  if (validate(lead)) return [];
  return formErrors(spec, validate.errors ?? []);
}
