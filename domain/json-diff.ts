/**
 * A readable difference between two JSON documents (two versions of a tenant document): every
 * changed leaf as a JSON pointer with its value before and after. Objects are compared key by key
 * and arrays index by index; a value that changes kind (object ↔ list ↔ scalar), or appears or
 * disappears, is reported once at its own pointer rather than leaf by leaf.
 */
export interface JsonChange {
  pointer: string;
  kind: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const kindOf = (v: unknown) => (Array.isArray(v) ? "array" : v !== null && typeof v === "object" ? "object" : "scalar");

export function jsonDiff(before: unknown, after: unknown, pointer = ""): JsonChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ pointer, kind: "added", after }];
  if (after === undefined) return [{ pointer, kind: "removed", before }];
  const kind = kindOf(before);
  if (kind !== kindOf(after)) return [{ pointer, kind: "changed", before, after }];
  if (kind === "scalar") return Object.is(before, after) ? [] : [{ pointer, kind: "changed", before, after }];
  if (kind === "array") {
    const [a, b] = [before as unknown[], after as unknown[]];
    const out: JsonChange[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...jsonDiff(a[i], b[i], `${pointer}/${i}`));
    return out;
  }
  const [a, b] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => jsonDiff(a[k], b[k], `${pointer}/${escape(k)}`));
}

/** Whether two JSON values are equal (key order does not matter). */
export const jsonEqual = (a: unknown, b: unknown) => jsonDiff(a, b).length === 0;

/** A short, one-line rendering of a value for a diff table. */
export function previewValue(value: unknown, max = 160): string {
  if (value === undefined) return "—";
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

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
