/**
 * Favourites and compare lists (spec §3, §4): each toggles a car's membership of a list kept in the
 * visitor's browser, one list per site. Pure helpers; the toggle button is favourites.client.tsx.
 */

export type CarList = "favourites" | "compare";

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

/** The stored list; anything unreadable counts as empty. */
export function parseList(raw: string | null | undefined): ListEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((e): e is ListEntry => !!e && typeof e === "object" && typeof (e as ListEntry).id === "string") : [];
  } catch {
    return [];
  }
}

export const hasEntry = (list: ListEntry[], id: string) => list.some((e) => e.id === id);

/** Adds the car, or removes it when it is already listed. */
export function toggleEntry(list: ListEntry[], entry: ListEntry): ListEntry[] {
  return hasEntry(list, entry.id) ? list.filter((e) => e.id !== entry.id) : [...list, entry];
}
