/** Multi-step lead forms (spec leads §4): the steps a site sets for a form, and which step a field is on. */
import type { TenantDocument } from "../schemas/generated/tenant";
import type { FieldName, FormStep, FormsTenant, LeadFormSpec } from "./lead-forms";

/**
 * The steps the site sets for a form (forms.multiStep): each keeps the fields it names that the form
 * shows (a field named twice stays on its first step), in the form's order; fields no step names go
 * on the last step, so nothing the form requires is out of reach; a step left with no fields and no
 * review is dropped. Fewer than two steps left: the form is shown in one piece.
 */
export function stepsOf(tenant: FormsTenant, spec: LeadFormSpec): FormStep[] | undefined {
  // The trade-in wizard's and the service booking's steps are their own (domain/trade-in.ts, domain/service-booking.ts), not the site's forms.multiStep.
  if (spec.kind === "trade-in" || spec.kind === "service" || spec.kind === "reserve") return undefined;
  const configured = (tenant.forms?.multiStep as Partial<TenantDocument["forms"]["multiStep"]> | undefined)?.[spec.kind];
  if (!configured?.length) return undefined;
  const shown = new Set(spec.fields.map((f) => f.name));
  const placed = new Set<FieldName>();
  const named = configured.map((s) => {
    const mine = new Set<FieldName>();
    for (const n of s.fields as FieldName[]) {
      if (shown.has(n) && !placed.has(n)) {
        mine.add(n);
        placed.add(n);
      }
    }
    return { s, mine };
  });
  for (const f of spec.fields) if (!placed.has(f.name)) named[named.length - 1].mine.add(f.name);
  const steps = named
    .map(({ s, mine }) => ({
      title: s.title.trim(),
      ...(s.description?.trim() ? { description: s.description.trim() } : {}),
      fields: spec.fields.filter((f) => mine.has(f.name)).map((f) => f.name),
      review: s.review === true,
    }))
    .filter((s) => s.fields.length || s.review);
  return steps.length >= 2 ? steps : undefined;
}

/** The step a field is on (0 for a form shown in one piece). */
export function stepOf(spec: Pick<LeadFormSpec, "steps">, name: FieldName): number {
  const i = spec.steps?.findIndex((s) => s.fields.includes(name)) ?? -1;
  return i < 0 ? 0 : i;
}

/** The first step with a problem among `names` (e.g. a form's errors), or null when none has one. */
export function firstStepWith(spec: Pick<LeadFormSpec, "steps">, names: (FieldName | null)[]): number | null {
  const steps = names.filter((n): n is FieldName => !!n).map((n) => stepOf(spec, n));
  return steps.length ? Math.min(...steps) : null;
}
