/**
 * A readable difference between two JSON documents (two versions of a tenant document): every
 * changed leaf as a JSON pointer with its value before and after. Objects are compared key by key;
 * list items by a stable key when every item has one (alignedBy: id, slug, key or href), else
 * position by position, so an item inserted at the top is one addition, not every item changed.
 * A value that changes kind (object ↔ list ↔ scalar), or appears or disappears, is reported once
 * at its own pointer rather than leaf by leaf. A pointer names the value where it is: in the
 * document before for a removal, in the document after otherwise.
 */
export interface JsonChange {
  pointer: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const kindOf = (v: unknown) => (Array.isArray(v) ? "array" : v !== null && typeof v === "object" ? "object" : "scalar");

/** The item fields that identify a list item across versions, in the order they are tried. */
export const ITEM_KEYS = ["id", "slug", "key", "href"] as const;

/** The field both lists' items are told apart by: each item an object with a distinct text or number there; else null (by position). */
export function alignedBy(a: unknown[], b: unknown[]): string | null {
  if (!a.length || !b.length) return null;
  for (const field of ITEM_KEYS) {
    const unique = (list: unknown[]) => {
      const seen = new Set<unknown>();
      for (const item of list) {
        const v = item && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>)[field] : undefined;
        if ((typeof v !== "string" || v === "") && typeof v !== "number") return false;
        if (seen.has(v)) return false;
        seen.add(v);
      }
      return true;
    };
    if (unique(a) && unique(b)) return field;
  }
  return null;
}

function diff(before: unknown, after: unknown, from: string, to: string): JsonChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ pointer: to, kind: "added", after }];
  if (after === undefined) return [{ pointer: from, kind: "removed", before }];
  const kind = kindOf(before);
  if (kind !== kindOf(after)) return [{ pointer: to, kind: "changed", before, after }];
  if (kind === "scalar") return Object.is(before, after) ? [] : [{ pointer: to, kind: "changed", before, after }];
  if (kind === "array") return diffList(before as unknown[], after as unknown[], from, to);
  const [a, b] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => diff(a[k], b[k], `${from}/${escape(k)}`, `${to}/${escape(k)}`));
}

function diffList(a: unknown[], b: unknown[], from: string, to: string): JsonChange[] {
  const field = alignedBy(a, b);
  if (!field) {
    const out: JsonChange[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...diff(a[i], b[i], `${from}/${i}`, `${to}/${i}`));
    return out;
  }
  const keyOf = (item: unknown) => (item as Record<string, unknown>)[field];
  const at = new Map(a.map((item, i) => [keyOf(item), i]));
  const kept = new Set(b.map(keyOf));
  const out: JsonChange[] = [];
  // Items kept in both lists but in another order: the list's order is a change of its own.
  const order = (list: unknown[], other: Set<unknown>) => list.map(keyOf).filter((k) => other.has(k));
  if (order(a, kept).join("\u0000") !== order(b, new Set(at.keys())).join("\u0000")) out.push({ pointer: to, kind: "changed", before: a, after: b });
  let next = 0;
  const removedUpTo = (end: number) => {
    for (; next < end; next++) if (!kept.has(keyOf(a[next]))) out.push({ pointer: `${from}/${next}`, kind: "removed", before: a[next] });
  };
  b.forEach((item, j) => {
    const i = at.get(keyOf(item));
    if (i === undefined) return void out.push({ pointer: `${to}/${j}`, kind: "added", after: item });
    removedUpTo(i);
    out.push(...diff(a[i], item, `${from}/${i}`, `${to}/${j}`));
  });
  removedUpTo(a.length);
  return out;
}

export function jsonDiff(before: unknown, after: unknown, pointer = ""): JsonChange[] {
  return diff(before, after, pointer, pointer);
}

/** Whether two JSON values are equal (key order does not matter; list order does). */
export const jsonEqual = (a: unknown, b: unknown) => jsonDiff(a, b).length === 0;

/** Sets the value at a JSON pointer in `doc` (changed in place), creating missing objects on the way. */
export function setAt(doc: Record<string, unknown>, pointer: string, value: unknown): void {
  const parts = pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: Record<string, unknown> = doc;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!next || typeof next !== "object") node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}
