/**
 * Placeholder copy in a site document: what a starter template (domain/starters.ts) writes where
 * only the dealer can say what belongs (their story, their privacy officer), for a person to
 * replace before the site goes live. Text is a placeholder when it contains PLACEHOLDER_MARK; a
 * picture is one when its address is under PLACEHOLDER_IMAGES (the starters' neutral pictures).
 */

/** Written at the start of every placeholder text, visible on the page so nobody mistakes it for real copy. */
export const PLACEHOLDER_MARK = "[Placeholder]";
/** Where the starters' stand-in pictures (a "Your logo" box) are served from. */
export const PLACEHOLDER_IMAGES = "/starters/";

export interface Placeholder {
  /** JSON pointer of the string, e.g. /pages/3/blocks/0/props/html. */
  pointer: string;
  /** What is there, as a person reads it: the text from the mark on (HTML tags removed), or the picture's address. */
  text: string;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const MAX_TEXT = 160;

function excerpt(value: string): string {
  const plain = value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  const from = plain.slice(Math.max(0, plain.indexOf(PLACEHOLDER_MARK)));
  return from.length > MAX_TEXT ? `${from.slice(0, MAX_TEXT - 1)}…` : from;
}

/** Every placeholder left in `doc`, in document order: text carrying the mark and placeholder pictures. */
export function findPlaceholders(doc: unknown): Placeholder[] {
  const found: Placeholder[] = [];
  const walk = (value: unknown, pointer: string, key: string) => {
    if (typeof value === "string") {
      if (value.includes(PLACEHOLDER_MARK)) found.push({ pointer, text: excerpt(value) });
      else if (key === "src" && value.startsWith(PLACEHOLDER_IMAGES)) found.push({ pointer, text: value });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`, key));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${escapePointer(k)}`, k);
  };
  walk(doc, "", "");
  return found;
}
