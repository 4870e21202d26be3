/**
 * Favourites and compare lists (spec §3, §4): each toggles a car's membership of a list kept in the
 * visitor's browser, one list per site. Pure helpers; the toggle button is favourites.client.tsx.
 * What is stored is the visitor's to change, so it is read as untrusted: only well-formed entries
 * are kept, copied field by field, and at most the list's maximum of them.
 */
import { LIST_MAX, type CarListKind } from "../../domain/car-lists";

export type CarList = CarListKind;

/** What a list keeps of a car (spec §3, Favourite). */
export interface ListEntry {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

export const listKey = (site: string, list: CarList) => `forecourt:${site}:${list}`;

const CAR_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
// Anything longer than a raw list of the most entries could be is not ours: not parsed at all.
const MAX_RAW = 200_000;

const str = (v: unknown, max: number) => (typeof v === "string" && v.length <= max && !/[\u0000-\u001f]/.test(v) ? v : null);

/** One stored entry, rebuilt from its known fields; null when it is not one. */
function toEntry(value: unknown): ListEntry | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const e = value as Record<string, unknown>;
  const id = str(e.id, 80);
  const slug = str(e.slug, 160);
  if (!id || !CAR_ID.test(id) || !slug || !SLUG.test(slug)) return null;
  const image = str(e.primary_image_url, 2000);
  return {
    id,
    slug,
    name: str(e.name, 300) ?? "",
    make: str(e.make, 80) ?? "",
    model: str(e.model, 80) ?? "",
    // Only our own picture addresses: a path on this site or http(s).
    primary_image_url: image && /^(\/[^/\\]|https?:\/\/)/i.test(image) ? image : null,
  };
}

/** The stored list: well-formed entries, each car once, at most the list's maximum; anything unreadable counts as empty. */
export function parseList(raw: string | null | undefined, list: CarList = "favourites"): ListEntry[] {
  if (!raw || raw.length > MAX_RAW) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: ListEntry[] = [];
  for (const item of value) {
    const entry = toEntry(item);
    if (entry && !hasEntry(out, entry.id)) out.push(entry);
    if (out.length === LIST_MAX[list]) break;
  }
  return out;
}

export const hasEntry = (list: ListEntry[], id: string) => list.some((e) => e.id === id);

export type ToggleResult = { list: ListEntry[]; outcome: "added" | "removed" | "full" };

/**
 * Adds the car, or removes it when it is already listed. A full list (four cars to compare) is
 * left as it is and says so: the visitor removes one first.
 */
export function toggleEntry(list: ListEntry[], entry: ListEntry, max = Infinity): ToggleResult {
  if (hasEntry(list, entry.id)) return { list: list.filter((e) => e.id !== entry.id), outcome: "removed" };
  if (list.length >= max) return { list, outcome: "full" };
  return { list: [...list, entry], outcome: "added" };
}

/** Removes a car by id. */
export const removeEntry = (list: ListEntry[], id: string) => list.filter((e) => e.id !== id);

/** What the visitor is told after a toggle (the toast beside the list's link). */
export function toggleMessage(list: CarList, outcome: ToggleResult["outcome"], name: string, count: number): string {
  const car = name.trim() || "This car";
  if (list === "compare") {
    if (outcome === "full") return `You can compare up to ${LIST_MAX.compare} cars. Remove one from your comparison to add ${car}.`;
    if (outcome === "removed") return `${car} removed from your comparison.`;
    return count < 2 ? `${car} added to compare. Add another car to compare them side by side.` : `${car} added to compare (${count} cars).`;
  }
  if (outcome === "full") return `You can keep up to ${LIST_MAX.favourites} favourites. Remove one to add ${car}.`;
  return outcome === "removed" ? `${car} removed from your favourites.` : `${car} saved to your favourites.`;
}
