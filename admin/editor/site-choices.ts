/**
 * What the editor's pickers offer from the site being edited (RJSF's formContext.doc, the live
 * draft): its locations and dealerships by name, its sort options by label. Each choice stores what
 * the document stores (a slug, a number, a sort id); a stored value nothing has any more is kept
 * and named as such, so opening a form never drops it.
 */

export type ChoiceKind = "location" | "locationId" | "dealership" | "dealershipId" | "sort";

export interface Choice {
  value: string | number;
  label: string;
}

type Doc = Record<string, unknown>;
type Row = Record<string, unknown>;

const rows = (doc: Doc | undefined, key: string): Row[] => {
  const list = doc?.[key];
  return Array.isArray(list) ? list.filter((r): r is Row => !!r && typeof r === "object") : [];
};
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/** What a kind of choice is called in its prompts ("Choose a location"). */
export const CHOICE_NOUN: Record<ChoiceKind, string> = {
  location: "location",
  locationId: "location",
  dealership: "dealership",
  dealershipId: "dealership",
  sort: "sort order",
};

function listed(doc: Doc | undefined, kind: ChoiceKind): Choice[] {
  const field = kind === "location" || kind === "dealership" ? "slug" : "id";
  if (kind === "sort") {
    const sorts = ((doc?.search as Doc | undefined)?.sorts ?? []) as Row[];
    return (Array.isArray(sorts) ? sorts : []).filter((s) => text(s?.id)).map((s) => ({ value: s.id as string, label: text(s.label) ?? (s.id as string) }));
  }
  const key = kind.startsWith("location") ? "locations" : "dealerships";
  const out: Choice[] = [];
  for (const r of rows(doc, key)) {
    const value = r[field];
    if (field === "slug" ? !text(value) : !Number.isInteger(value)) continue;
    const name = text(r.name) ?? String(value);
    const city = key === "locations" ? text((r.address as Row | undefined)?.city) : undefined;
    out.push({ value: value as string | number, label: city && !name.includes(city) ? `${name} (${city})` : name });
  }
  // Two with the same name are told apart by what they store.
  const seen = new Map<string, number>();
  for (const c of out) seen.set(c.label, (seen.get(c.label) ?? 0) + 1);
  return out.map((c) => ((seen.get(c.label) ?? 0) > 1 ? { ...c, label: `${c.label} · ${c.value}` } : c));
}

/** The choices of a kind, with `kept` values (already stored) that no longer exist added at the end. */
export function siteChoices(doc: Doc | undefined, kind: ChoiceKind, kept: unknown[] = []): Choice[] {
  const choices = listed(doc, kind);
  const known = new Set(choices.map((c) => c.value));
  const gone = kept.filter((v): v is string | number => (typeof v === "string" && v !== "") || typeof v === "number").filter((v) => !known.has(v));
  return [...choices, ...[...new Set(gone)].map((v) => ({ value: v, label: `${v} (no such ${CHOICE_NOUN[kind]} any more)` }))];
}

/** The site's draft as the pickers see it. */
export const docOf = (formContext: unknown) => (formContext as { doc?: Doc } | undefined)?.doc;
