/**
 * Where a field of the tenant document is, in the words the editor shows (fieldPlace), and a
 * problem or a change as a sentence with that place. The one wording of places for the admin's
 * error lists, the publish checklist, the server's refusals and History's compare.
 */
import { blockTitle, DEF, enumLabel, humanise, isBlock, KEY_WORDS, nameOf, resolveNode, schemaSteps, stepTitle, titleOf, type PathStep } from "./field-wording";

type Node = Record<string, any>;

/** A block in words: its kind's title, numbered when its list holds more than one of that kind ("Rich text 2"). */
function blockWords(step: PathStep, list: PathStep | undefined): string {
  const type = (step.value as Node | undefined)?.type;
  const kind = titleOf(step) || (typeof type === "string" ? humanise(type) : "Block");
  const all = Array.isArray(list?.value) ? (list.value as Node[]) : [];
  const same = all.filter((b) => b && b.type === type);
  if (same.length < 2 || step.position === undefined) return typeof type === "string" ? kind : `Block ${step.position}`;
  return `${kind} ${all.slice(0, step.position).filter((b) => b && b.type === type).length}`;
}

/**
 * Where the field at `pointer` is, in the words the editor shows: the section, a page by its
 * title, a block by its kind's title, a list item by its name and a field by its label —
 * "Theme › Colours › Primary (buttons, links)", "About Us › Rich text › Text",
 * "Locations › Harbour City › Opening hours › Day 3 › Closes". Never an index or a key: the
 * page list, a page's block list and a block's settings are left out (the person sees the page
 * and the block), as is the list of a named item below the top level ("Navigation › Used Cars ›
 * Utes"). The one place for every error, checklist problem and change the admin names.
 */
export function fieldPlace(pointer: string, doc?: unknown): string {
  const steps = schemaSteps(pointer, doc);
  if (!steps.length) return "The whole site";
  const words: string[] = [];
  const blockAt = (i: number) => {
    const step = steps[i];
    return !!step && step.position !== undefined && (isBlock(step) || steps[i - 1]?.node?.items?.$ref === `${DEF}block`);
  };
  steps.forEach((step, i) => {
    const before = steps[i - 1];
    const next = steps[i + 1];
    if (i === 0 && step.key === "pages") return;
    if (step.key === "props" && blockAt(i - 1)) return;
    if (step.key === "blocks" && before?.position !== undefined) return;
    if (i > 0 && next?.position !== undefined && nameOf(next.value) && !isBlock(next)) return;
    if (before?.key === "pages" && i === 1) {
      const page = step.value as Node | undefined;
      if (page?.path === "/") return void words.push("Home page");
      const title = nameOf(page);
      if (title) return void words.push(title);
      if (typeof page?.template === "string") return void words.push(`${enumLabel(page.template)} template`);
      return void words.push(`Page ${step.position ?? step.key}`);
    }
    if (blockAt(i)) {
      return void words.push(blockWords(step, before));
    }
    words.push(stepTitle(step, before));
  });
  return words.join(" › ") || "The whole site";
}

/**
 * A problem as one sentence with its place: "About Us › Rich text › Text is required." when the
 * message starts with the field's label (the place ends with it), else "Place: message". `place`
 * is the part that names the field (a button in the admin), `rest` what follows it.
 */
export function problemWords(where: string, message: string): { place: string; rest: string } {
  const field = where.split(" › ").at(-1) ?? "";
  if (field && message.startsWith(`${field} `)) return { place: where, rest: message.slice(field.length) };
  return { place: where, rest: `: ${message}` };
}

/** A problem as one sentence with its place ("About Us › Rich text › Text is required."). */
export function problemText(where: string, message: string): string {
  const { place, rest } = problemWords(where, message);
  return `${place}${rest}`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Rich text as the visitor reads it: tags gone, paragraphs and line breaks as spaces, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e])
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A value of the tenant document in words, for History's compare: text as text (rich text without
 * its tags), yes/no, a list's items, a block by its kind ("Rich text block"), a named item by its
 * name; never JSON. Cut to `max` characters.
 */
export function valueWords(value: unknown, max = 160, node?: Node): string {
  const cut = (t: string) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") {
    if (!value.trim()) return "(empty)";
    return cut(/<[a-z][^>]*>/i.test(value) ? htmlText(value) : node?.enum ? enumLabel(value) : value);
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return "(none)";
    const item = resolveNode(node?.items as Node | undefined);
    const each = value.map((v) => valueWords(v, 40, item));
    return cut(value.some((v) => v && typeof v === "object") ? `${value.length} ${value.length === 1 ? "item" : "items"}: ${each.join("; ")}` : each.join(", "));
  }
  const v = value as Node;
  if (typeof v.type === "string" && v.props && typeof v.props === "object") return `${blockTitle(v.type)} block`;
  const named = nameOf(v);
  if (named) return cut(named);
  const props = (node?.properties ?? {}) as Record<string, Node>;
  const parts = Object.entries(v).filter(([, x]) => x !== undefined && (typeof x !== "object" || x === null));
  const label = (k: string) => String(resolveNode(props[k])?.title ?? KEY_WORDS[k] ?? humanise(k));
  return parts.length ? cut(parts.map(([k, x]) => `${label(k)}: ${valueWords(x, 40, resolveNode(props[k]))}`).join(", ")) : "A group of settings";
}

/** One change of History's compare in words: where (fieldPlace) and both values (valueWords). */
export function changeWords(pointer: string, before: unknown, after: unknown, docBefore: unknown, docAfter: unknown): { where: string; before: string; after: string } {
  const doc = after === undefined ? docBefore : docAfter;
  const node = schemaSteps(pointer, doc).at(-1)?.node;
  return { where: fieldPlace(pointer, doc), before: valueWords(before, 160, node), after: valueWords(after, 160, node) };
}
