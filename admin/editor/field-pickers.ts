/**
 * Fields of the tenant document that hold an id, a number or a code a dealer should not have to
 * know: each is chosen by name from what the site has (site-choices.ts), placed from something
 * else (a location's coordinates from its address), or kept under "Advanced" (sections.ts ADVANCED).
 * Keyed by the field's place in the ui-schema, as ADVANCED and GENERATED are.
 */
import type { UiSchema } from "@rjsf/utils";

const choice = (choices: string, more: Record<string, unknown> = {}): UiSchema => ({ "ui:widget": "choice", "ui:options": { choices, ...more } });
// A list of checkboxes names itself in its own legend (label: false: RJSF's label would repeat it).
const choices = (kind: string): UiSchema => ({ "ui:widget": "choices", "ui:options": { choices: kind, label: false } });

// Makes ticked from the site's franchises and stock; `free`: a make not listed can be added (the schema takes any).
const makes = (more: Record<string, unknown> = {}): UiSchema => ({ "ui:widget": "makes", "ui:options": { label: false, ...more } });

export const PICKERS: Record<string, UiSchema> = {
  "search.defaultSort": choice("sort", { required: true }),
  "finance.excludedDealershipIds": choices("dealershipId"),
  "forms.dealershipSelect.fixedDealershipSlugs": choices("dealership"),
  "forms.dealershipSelect.excludedLocationIds": choices("locationId"),
  "forms.service.disclaimers.items.locationIds": choices("locationId"),
  "locations.items.dealership_id": choice("dealershipId"),
  "locations.items.manufacturers": makes({ store: "slug", free: true, compact: true }),
  "dealerships.items.id": { "ui:widget": "dealership" },
  "dealerships.items.makes": makes({ free: true, compact: true }),
  "locations.items.address": { "ui:field": "address" },
  "offers.items.dealership": choice("dealership"),
  "models.items.make": { "ui:widget": "make" },
  "finance.excludedManufacturers": makes({ free: true }),
  "page.template": { "ui:options": { emptyLabel: "None: a page with its own address" } },
};
