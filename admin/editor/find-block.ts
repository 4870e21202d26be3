import type { Doc } from "./use-draft";

/** The block lists the editor shows as block lists: a page's blocks and the layout's top and bottom. */
const LISTS = (doc: Doc): [string, unknown][] => [
  ...((Array.isArray(doc.pages) ? doc.pages : []) as Doc[]).map((p, i): [string, unknown] => [`/pages/${i}/blocks`, p?.blocks]),
  ["/layout/top", (doc.layout as Doc | undefined)?.top],
  ["/layout/bottom", (doc.layout as Doc | undefined)?.bottom],
];

/** The JSON pointer of the block with this id in a page or the layout, or null. */
export function blockPointer(doc: Doc, id: string): string | null {
  for (const [pointer, list] of LISTS(doc)) {
    const i = Array.isArray(list) ? list.findIndex((b) => (b as Doc | null)?.id === id) : -1;
    if (i >= 0) return `${pointer}/${i}`;
  }
  return null;
}

/** The id of the block a pointer is in (or at), in a page or the layout; null outside any block. */
export function blockAt(doc: Doc, pointer: string): string | null {
  const m = /^(\/pages\/\d+\/blocks|\/layout\/(?:top|bottom))\/(\d+)(\/|$)/.exec(pointer);
  if (!m) return null;
  const list = LISTS(doc).find(([p]) => p === m[1])?.[1];
  const id = Array.isArray(list) ? (list[Number(m[2])] as Doc | undefined)?.id : undefined;
  return typeof id === "string" ? id : null;
}
