/** The dealership and location selects of the lead forms (spec leads §4 Locations, §5): which places a visitor may pick, and their labels. */
import type { Dealership, Location, TenantDocument } from "../schemas/generated/tenant";
import type { FormOption, FormsTenant } from "./lead-forms";

export const DEFAULT_DEALERSHIP_PLACEHOLDER = "Please select a dealership...";

/** The dealership dropdown's settings with the schema's defaults. */
type DealershipSelect = TenantDocument["forms"]["dealershipSelect"];
export const selectSettings = (tenant: FormsTenant): DealershipSelect => ({
  placeholder: DEFAULT_DEALERSHIP_PLACEHOLDER,
  filterByMake: false,
  excludedLocationIds: [],
  showCityNames: false,
  ...((tenant.forms?.dealershipSelect ?? {}) as Partial<DealershipSelect>),
});

/** A make as location manufacturer slugs spell it: lower case, spaces replaced with hyphens (leads §5). */
export const makeSlug = (make: string) => make.trim().toLowerCase().replace(/\s+/g, "-");

/** A location's name without its departments: "Redgate Trucks Glenvale Service and Parts" → "Redgate Trucks Glenvale". */
export const locationBaseName = (name: string) => name.replace(/\s+(Sales|Service|Parts)(\s*(?:,|and|&)\s*(Sales|Service|Parts))*$/i, "").trim();

const TYPE_SERVES: Record<NonNullable<DealershipSelect["locationType"]>, Location["location_type"][]> = {
  sales: ["sales"],
  service: ["service", "service-and-parts"],
  parts: ["parts", "service-and-parts"],
  "service-and-parts": ["service-and-parts"],
};

/** Locations a visitor may pick: visible, named, not excluded by the site (leads §4 Locations, §5). */
function pickableLocations(tenant: FormsTenant): Location[] {
  const excluded = new Set(selectSettings(tenant).excludedLocationIds);
  return (tenant.locations ?? []).filter((l) => l.visible !== false && l.name?.trim() && !excluded.has(l.id));
}

/**
 * The dealership dropdown (leads §5): one option per dealership, from the site's pickable locations,
 * narrowed by location type or a fixed list of dealership slugs, and by make when the site filters
 * by make and a make is known (the make's spaces become hyphens; a make no location sells leaves the
 * list unfiltered, so the form can still be sent). Labels are the location's name (without its
 * department suffix) or, on sites that show city names, its city; a label two dealerships would
 * share gets the dealership's name.
 */
export function dealershipOptions(tenant: FormsTenant, make?: string | null): FormOption[] {
  const settings = selectSettings(tenant);
  const bySlug = new Map((tenant.dealerships ?? []).map((d) => [d.id, d] as const));
  let locations = pickableLocations(tenant).filter((l) => bySlug.has(l.dealership_id));
  if (settings.locationType) {
    const serves = TYPE_SERVES[settings.locationType];
    locations = locations.filter((l) => serves.includes(l.location_type));
  }
  if (settings.fixedDealershipSlugs?.length) {
    const fixed = new Set(settings.fixedDealershipSlugs);
    locations = locations.filter((l) => fixed.has(bySlug.get(l.dealership_id)!.slug));
  }
  if (settings.filterByMake && make?.trim()) {
    const slug = makeSlug(make);
    const selling = locations.filter((l) => l.manufacturers?.includes(slug));
    if (selling.length) locations = selling;
  }
  const seen = new Set<string>();
  const options: (FormOption & { dealershipName: string })[] = [];
  for (const l of locations) {
    const d = bySlug.get(l.dealership_id) as Dealership;
    if (seen.has(d.slug)) continue;
    seen.add(d.slug);
    options.push({ value: d.slug, label: settings.showCityNames ? l.address.city : locationBaseName(l.name), dealershipName: d.name });
  }
  const count = new Map<string, number>();
  for (const o of options) count.set(o.label, (count.get(o.label) ?? 0) + 1);
  return options.map(({ value, label, dealershipName }) => ({ value, label: count.get(label)! > 1 ? `${label} (${dealershipName})` : label }));
}

/** Workshops and parts counters: no car is sold, shown or driven there. */
const AFTER_SALES: ReadonlySet<Location["location_type"]> = new Set(["service", "parts", "service-and-parts"]);

/**
 * The location select: every pickable location of a dealership on the site, by name; for a test
 * drive (`salesOnly`) only where cars are sold, never a service or parts site.
 */
export function locationOptions(tenant: FormsTenant, opts: { salesOnly?: boolean } = {}): FormOption[] {
  const slugs = new Map((tenant.dealerships ?? []).map((d) => [d.id, d.slug] as const));
  return pickableLocations(tenant)
    .filter((l) => slugs.has(l.dealership_id) && !(opts.salesOnly && AFTER_SALES.has(l.location_type)))
    .map((l) => ({ value: String(l.id), label: l.name, dealership: slugs.get(l.dealership_id) }));
}
