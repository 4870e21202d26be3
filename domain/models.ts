/**
 * The model range (leads spec §2 routes: /models, /{model slug} or a model's override url,
 * /{brand}/overview; §3 Model; §4 NEW / COMING SOON): which model or brand a path names, where a
 * model links, its badge, and the body filter of /models?body=. Pure.
 */
import type { Model, TenantDocument } from "../schemas/generated/tenant";
import { normaliseBodySlug, seoPathFor, slugify, type TruckSlug } from "./search-paths";

export type { Model };

/** Spec §4: model status new shows NEW; coming_soon shows COMING SOON. */
export const MODEL_BADGES: Record<string, string> = { new: "NEW", coming_soon: "COMING SOON" };

export const modelBadge = (model: Pick<Model, "status">): string | null => (model.status ? (MODEL_BADGES[model.status] ?? null) : null);

/** "Mazda CX-5"; a name that already starts with its make stands alone ("Mazda3", not "Mazda Mazda3"). */
export const modelTitle = (model: Pick<Model, "make" | "name">): string =>
  model.name.toLowerCase().startsWith(model.make.toLowerCase()) ? model.name : `${model.make} ${model.name}`;

/** Where a model's tile links: its override url, else its page /{slug}. */
export const modelPageHref = (model: Pick<Model, "slug" | "overrideUrl">): string => model.overrideUrl ?? `/${model.slug}`;

/** "Land Rover" → /land-rover/overview. */
export const brandOverviewHref = (make: string): string => `/${slugify(make)}/overview`;

/** The "Mazda > CX-5" value the search's make_model facet has for a model's cars. */
export const modelFacetValue = (model: Pick<Model, "make" | "name">): string => `${model.make} > ${model.name}`;

/** The model's stock search: /search/mazda/cx-5. */
export const modelStockHref = (model: Pick<Model, "make" | "name">): string =>
  seoPathFor({ make: [model.make], model: [model.name] }, { joinNewAndDemo: false, carTypes: ["new", "demo", "used"] })!;

const models = (doc: Pick<TenantDocument, "models">): Model[] => doc.models ?? [];

/** The model whose page a path is: /{slug}, for a model without an override url; null otherwise. */
export function modelForPath(doc: Pick<TenantDocument, "models">, path: string): Model | null {
  const m = /^\/([a-z0-9-]+)$/.exec(path);
  if (!m) return null;
  return models(doc).find((model) => model.slug === m[1] && !model.overrideUrl) ?? null;
}

/** The makes of the range, in the order they first appear. */
export const rangeMakes = (doc: Pick<TenantDocument, "models">): string[] => [...new Set(models(doc).map((m) => m.make))];

/** The brand a /{make slug}/overview path is about, with its models; null when the range has no model of that make. */
export function brandForPath(doc: Pick<TenantDocument, "models">, path: string): { make: string; models: Model[] } | null {
  const m = /^\/([a-z0-9-]+)\/overview$/.exec(path);
  if (!m) return null;
  const make = rangeMakes(doc).find((name) => slugify(name) === m[1]);
  return make ? { make, models: models(doc).filter((model) => model.make === make) } : null;
}

/** A ?body= value as a slug (letters, digits and hyphens, at most 40, lower-cased); null for anything else. */
export function bodySlugParam(raw: unknown): string | null {
  const slug = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  return /^[a-z0-9-]{1,40}$/.test(slug) ? slug : null;
}

/** The body a /models?body= slug names among the range's bodies (hatchback reads as hatch, truck per site); null for none. */
export function bodyForSlug(raw: unknown, bodies: readonly string[], truckSlug?: TruckSlug): string | null {
  const slug = bodySlugParam(raw);
  if (!slug) return null;
  const wanted = normaliseBodySlug(slug, truckSlug);
  return bodies.find((b) => slugify(b) === wanted || slugify(b.replace(/([a-z0-9])([A-Z])/g, "$1-$2")) === wanted) ?? null;
}

/** The bodies the given models come in, in the order of first appearance. */
export const rangeBodies = (list: readonly Pick<Model, "bodies">[]): string[] => [...new Set(list.flatMap((m) => m.bodies ?? []))];

/** Body slug for links: "peopleMover" → "people-mover". */
export const bodySlug = (body: string): string => slugify(body.replace(/([a-z0-9])([A-Z])/g, "$1-$2"));
