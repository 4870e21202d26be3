/** The link picker's rules (admin/editor/link-picker.client.tsx): which kind of link a stored value is, web addresses and phone numbers as links, search paths, and the site's stock to link to. */
import { parseSearchPath, searchPathSegments, seoPathFor, type CarType, type SearchPathFacets } from "../../domain/search-paths";
import { telHref } from "../../domain/phone";

/** What the editor's form context carries for the link picker (see editor.client.tsx). */
export interface LinkContext {
  slug: string;
  /** The draft: its pages, car types and search settings. */
  doc?: { pages?: { title?: string; path?: string }[]; identity?: { carTypes?: CarType[] }; search?: { joinNewAndDemo?: boolean; truckSlug?: "ute" | "lightTruck" } };
}

export type LinkKind = "page" | "search" | "car" | "phone" | "url" | "other";
export const KINDS: [LinkKind, string][] = [
  ["page", "A page of this site"],
  ["search", "A search of the stock"],
  ["car", "A car"],
  ["phone", "A phone number"],
  ["url", "A web address"],
  ["other", "Something else (a section of a page, an e-mail …)"],
];

export interface Stock {
  facets: Required<Pick<SearchPathFacets, "make" | "make_model">> & { body: string[] };
  cars: { slug: string; stocknum: string; title: string }[];
}

const stockCache = new Map<string, Promise<Stock>>();
/** The site's stock choices (and, with a query, its cars) from the admin's stock endpoint. */
export function loadStock(slug: string, query = ""): Promise<Stock> {
  const key = `${slug}?${query}`;
  if (!stockCache.has(key) || query) {
    const url = `/api/admin/tenants/${encodeURIComponent(slug)}/stock${query ? `?q=${encodeURIComponent(query)}` : ""}`;
    const loaded = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { message?: string }).message ?? "The stock could not be loaded.");
      return (await res.json()) as Stock;
    });
    if (!query) loaded.catch(() => stockCache.delete(key));
    stockCache.set(key, loaded);
  }
  return stockCache.get(key)!;
}

/** Which kind of link a stored value is (and so which part of the picker shows it). */
export function linkKind(value: string, pagePaths: string[]): LinkKind {
  if (value === "") return "page";
  if (value.startsWith("tel:")) return "phone";
  if (/^https?:\/\//.test(value)) return "url";
  if (/^\/cars\/[a-z0-9-]+$/.test(value)) return "car";
  if (pagePaths.includes(value)) return "page";
  if (searchPathSegments(value.split("?")[0])) return "search";
  return "other";
}

/** A web address as a link stores it, or the reason it is not one. */
export function checkUrl(text: string): { ok: true; value: string } | { ok: false; message: string } {
  try {
    const url = new URL(text.trim());
    if ((url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && !/\s/.test(text.trim())) return { ok: true, value: text.trim() };
  } catch {
    // not an address at all
  }
  return { ok: false, message: "The web address must be a full address starting with https://, like https://www.example.com.au/page." };
}

/** A phone number as a tel: link, or null when it is not one. */
export function phoneLink(text: string): string | null {
  return /^\+?[0-9 ()-]{6,20}$/.test(text.trim()) ? telHref(text) : null;
}

export interface SearchChoice {
  carType: string;
  make: string;
  model: string;
  body: string;
}

/** The search path for these choices (the site's SEO path scheme). */
export function searchLink(choice: SearchChoice, opts: { joinNewAndDemo: boolean; carTypes: CarType[] }): string {
  const refinements: Record<string, string[]> = {};
  if (choice.carType) refinements.car_type = choice.carType.split(",");
  if (choice.make) refinements.make = [choice.make];
  if (choice.make && choice.model) refinements.model = [choice.model];
  if (choice.body) refinements.body = [choice.body];
  return seoPathFor(refinements, opts) ?? seoPathFor({ ...refinements, car_type: ["demo", "new"] }, opts) ?? "/search";
}

/** The choices a stored search path makes (its make, model, body and car type). */
export function searchChoice(value: string, facets: SearchPathFacets, opts: { joinNewAndDemo: boolean; carTypes: CarType[]; truckSlug?: "ute" | "lightTruck" }): SearchChoice {
  const state = parseSearchPath(value.split("?")[0], facets, opts);
  const r = state?.refinementList ?? {};
  return { carType: [...(r.car_type ?? [])].sort().join(","), make: r.make?.[0] ?? "", model: r.model?.[0] ?? "", body: r.body?.[0] ?? "" };
}
