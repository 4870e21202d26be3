/** Filling in a block's schema defaults in its component, for props a document (or a test) leaves out. */

/** Block props as the page gets them: the block's schema defaults for anything left out (an empty intro stays empty: "none"). */
export function withDefaults<T extends object>(props: Partial<T>, schema: { properties: Record<string, object> }): T {
  const out: Record<string, unknown> = {};
  for (const [key, def] of Object.entries(schema.properties)) {
    if ("default" in def && def.default !== undefined) out[key] = structuredClone(def.default);
  }
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    out[key] = value;
  }
  return out as T;
}
