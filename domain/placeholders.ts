/**
 * Placeholder copy: starter text marked "[Placeholder: …]" that a site must replace before it is
 * published (the pre-publish checklist lists what is left). Pure.
 */

/** Every placeholder text starts with this. */
export const PLACEHOLDER_MARK = "[Placeholder";

/** Every string of `doc` that still holds placeholder text, with its JSON pointer. */
export function findPlaceholders(doc: unknown): { pointer: string; text: string }[] {
  const out: { pointer: string; text: string }[] = [];
  const walk = (value: unknown, pointer: string) => {
    if (typeof value === "string") {
      if (value.includes(PLACEHOLDER_MARK)) out.push({ pointer, text: value });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
  };
  walk(doc, "");
  return out;
}
