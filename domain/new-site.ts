/**
 * The New dealer site wizard's rule: a new site is a copy of a starting template (any existing
 * site) with the wizard's answers written over it — name, slug, domains, dealerships, brand
 * colours, first location. The template's name is replaced by the new name wherever it appears in
 * the copy (page titles, headings, alt text); its offers, which belong to the template's
 * dealerships, are not copied; the first location's state sets the site's state and time zone
 * (a New Zealand region makes it an en-NZ, NZD site). The result is checked with validateTenant by the caller.
 */
import { contrastRatio } from "./tenant-validation";
import { slugify } from "./search-paths";

export interface NewSiteInput {
  template: string;
  name: string;
  slug: string;
  domains: string[];
  dealerships: { id: number; name: string }[];
  colors: { primary: string; accent: string };
  location: { name: string; street: string; city: string; state: string; postcode: string; phone?: string };
}

type Doc = Record<string, any>;

// The time zone of each Australian state's capital; New Zealand regions are all Pacific/Auckland.
const AU_TIME_ZONES: Record<string, string> = {
  QLD: "Australia/Brisbane", NSW: "Australia/Sydney", ACT: "Australia/Sydney", VIC: "Australia/Melbourne", TAS: "Australia/Hobart",
  SA: "Australia/Adelaide", NT: "Australia/Darwin", WA: "Australia/Perth",
};

/** White or near-black text, whichever reads better on `background`. */
export function textColourOn(background: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return "#ffffff";
  return contrastRatio("#ffffff", background) >= contrastRatio("#111111", background) ? "#ffffff" : "#111111";
}

function replaceText(value: unknown, from: string, to: string): unknown {
  if (typeof value === "string") return from && value.includes(from) ? value.split(from).join(to) : value;
  if (Array.isArray(value)) return value.map((v) => replaceText(v, from, to));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceText(v, from, to)]));
  return value;
}

/** Reads the wizard's form fields (strings) into a NewSiteInput; lines or commas separate domains. */
export function parseNewSiteForm(body: Record<string, unknown>): NewSiteInput {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const location = (body.location ?? {}) as Record<string, unknown>;
  const dealerships = Array.isArray(body.dealerships) ? body.dealerships : [];
  const colors = (body.colors ?? {}) as Record<string, unknown>;
  return {
    template: str(body.template),
    name: str(body.name),
    slug: str(body.slug).toLowerCase(),
    domains: (Array.isArray(body.domains) ? body.domains.map(str) : str(body.domains).split(/[\s,]+/))
      .map((d) => d.toLowerCase())
      .filter(Boolean),
    dealerships: dealerships.map((d: Record<string, unknown>) => ({ id: Number(d?.id), name: str(d?.name) })),
    colors: { primary: str(colors.primary), accent: str(colors.accent) },
    location: {
      name: str(location.name), street: str(location.street), city: str(location.city), state: str(location.state),
      postcode: str(location.postcode), phone: str(location.phone) || undefined,
    },
  };
}

export function buildNewSite(template: unknown, input: NewSiteInput): Doc {
  const source = template as Doc;
  const doc = replaceText(structuredClone(source), source.identity?.name ?? "", input.name) as Doc;
  const firstLocation = (source.locations ?? [])[0] as Doc | undefined;

  doc.identity = { ...doc.identity, name: input.name, slug: input.slug, domains: input.domains, groupName: input.name };
  // The first location says where the dealer is: its state (Australia) or country (New Zealand).
  const state = input.location.state;
  if (AU_TIME_ZONES[state]) Object.assign(doc.identity, { state, timeZone: AU_TIME_ZONES[state], locale: "en-AU", currency: "AUD" });
  else if (state) {
    Object.assign(doc.identity, { timeZone: "Pacific/Auckland", locale: "en-NZ", currency: "NZD" });
    delete doc.identity.state;
  }
  doc.dealerships = input.dealerships.map((d) => ({ id: d.id, slug: slugify(d.name) || `dealership-${d.id}`, name: d.name }));
  doc.offers = [];
  doc.theme = {
    ...doc.theme,
    colors: {
      ...doc.theme?.colors,
      primary: input.colors.primary,
      onPrimary: textColourOn(input.colors.primary),
      accent: input.colors.accent,
      onAccent: textColourOn(input.colors.accent),
    },
    logo: { ...doc.theme?.logo, alt: `${input.name} logo` },
  };
  const l = input.location;
  doc.locations = [
    {
      id: 1,
      name: l.name,
      slug: slugify(l.name) || "main",
      primary: true,
      location_type: "sales",
      dealership_id: input.dealerships[0]?.id,
      address: { street: l.street, city: l.city, state: l.state, postcode: l.postcode },
      ...(l.phone ? { contact_detail: { phone: l.phone } } : {}),
      // The template's first location's week is a sensible start; the editor changes it.
      ...(firstLocation?.opening_hours ? { opening_hours: structuredClone(firstLocation.opening_hours) } : {}),
    },
  ];
  return doc;
}

/** Where each of the wizard's fields lives in the document, to show a validation error beside its field. */
export function wizardFieldFor(pointer: string): string | null {
  const rules: [RegExp, string][] = [
    [/^\/identity\/name/, "name"],
    [/^\/identity\/slug/, "slug"],
    [/^\/identity\/domains/, "domains"],
    [/^\/dealerships\/(\d+)\/id/, "dealerships.$1.id"],
    [/^\/dealerships\/(\d+)/, "dealerships.$1.name"],
    [/^\/theme\/colors\/(primary|onPrimary)/, "colors.primary"],
    [/^\/theme\/colors\/(accent|onAccent)/, "colors.accent"],
    [/^\/locations\/0\/address\/(street|city|state|postcode)/, "location.$1"],
    [/^\/locations\/0\/contact_detail\/phone/, "location.phone"],
    [/^\/locations\/0\/name/, "location.name"],
    [/^\/locations\/0\/slug/, "location.name"],
    [/^\/locations\/0\/dealership_id/, "dealerships.0.id"],
  ];
  for (const [re, field] of rules) {
    const m = re.exec(pointer);
    if (m) return field.replace("$1", m[1] ?? "");
  }
  return null;
}
