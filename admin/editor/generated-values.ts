/**
 * Values the editor makes itself (ids, slugs, proposed paths; see GENERATED in sections.ts and a
 * block's editor.ts `generated`): made while an item is new, never changed once it was saved.
 */
import type { UiSchema } from "@rjsf/utils";
import { slugify } from "../../domain/search-paths";
import type { GenerateRule } from "../../blocks/_shared/define";
import { blockEditors } from "./blocks.generated";

const uiAt = (ui: UiSchema, path: string): UiSchema => path.split(".").reduce((node, k) => ((node as Record<string, UiSchema>)[k] ??= {}) as UiSchema, ui);

/** Only the generate rules of a block type, as fillGenerated reads them. */
function blockRules(type: string): UiSchema | undefined {
  const rules = blockEditors[type]?.generated;
  if (!rules) return undefined;
  const ui: UiSchema = {};
  for (const [path, generate] of Object.entries(rules)) uiAt(ui, path)["ui:options"] = { generate };
  return ui;
}

// A value made before its source was filled in: the prefix and six digits ("location-402913").
const PLACEHOLDER = /^\/?[a-z]+-\d{6}$/;
const random6 = () => String(Math.floor(100000 + Math.random() * 900000));

/** What `rule` makes of `source`, unique among `taken`; a placeholder (the prefix and six random digits) when the source is empty. */
export function proposal(rule: GenerateRule, source: unknown, taken: unknown[] = []): string {
  const slug = typeof source === "string" ? slugify(source).slice(0, 60).replace(/-+$/, "") : "";
  const make = (s: string) => (rule.path ? `/${s}` : s);
  if (!slug) {
    let value = make(`${rule.prefix}-${random6()}`);
    while (taken.includes(value)) value = make(`${rule.prefix}-${random6()}`);
    return value;
  }
  let value = make(slug);
  for (let n = 2; taken.includes(value); n++) value = make(`${slug}-${n}`);
  return value;
}

/** The next free number: one more than the largest whole number among `taken` (1 when none). */
export const nextNumber = (taken: unknown[]) => Math.max(0, ...taken.filter((v): v is number => Number.isInteger(v))) + 1;

/**
 * The form's data with generated values filled in (see GENERATED): an empty one is made; one still
 * equal to what the source made before (or a placeholder) follows the source while the item is new,
 * that is while `base` (the data the form opened with) does not have the same value there.
 */
export function fillGenerated(next: unknown, prev: unknown, base: unknown, ui: UiSchema | undefined): unknown {
  if (!ui || !isObject(next)) {
    if (Array.isArray(next) && ui?.items) {
      const items = ui.items as UiSchema;
      const out = next.map((item, i) => fillItem(item, Array.isArray(prev) ? prev[i] : undefined, Array.isArray(base) ? base : [], items, next));
      return out.every((item, i) => item === next[i]) ? next : out;
    }
    return next;
  }
  return fillItem(next, prev, isObject(base) ? [base] : [], ui, [next]);
}

function fillItem(next: unknown, prev: unknown, baseList: unknown[], ui: UiSchema, siblings: unknown[]): unknown {
  if (!isObject(next)) return fillGenerated(next, prev, undefined, ui);
  const p = isObject(prev) ? prev : undefined;
  const out: Record<string, unknown> = { ...next };
  for (const [k, childUi] of Object.entries(ui)) {
    if (k.startsWith("ui:") || !isObject(childUi)) continue;
    if ((childUi as UiSchema)["ui:field"] === "blockList") {
      out[k] = fillBlocks(out[k], p?.[k], baseList.map((b) => (isObject(b) ? b[k] : undefined)).find(Array.isArray) ?? []);
      continue;
    }
    const rule = ((childUi as UiSchema)["ui:options"] as { generate?: GenerateRule } | undefined)?.generate;
    if (rule) {
      // A template page has no path.
      if (rule.path && out.template !== undefined) continue;
      const current = out[k];
      const taken = siblings.filter((s) => s !== next).map((s) => (isObject(s) ? s[k] : undefined));
      if (rule.next) {
        if (current === undefined) out[k] = nextNumber(taken);
        continue;
      }
      const saved = baseList.some((b) => isObject(b) && b[k] === current && !(typeof current === "string" && PLACEHOLDER.test(current)));
      const source = rule.from ? out[rule.from] : undefined;
      const before = rule.from ? p?.[rule.from] : undefined;
      if (current === undefined || current === "") out[k] = proposal(rule, source, taken);
      else if (!saved && rule.from && source !== before && typeof current === "string" && (PLACEHOLDER.test(current) || current === proposal(rule, before, taken))) {
        out[k] = proposal(rule, source, taken);
      }
      continue;
    }
    const child = out[k];
    if (child === undefined) continue;
    const baseChild = baseList.map((b) => (isObject(b) ? b[k] : undefined));
    out[k] = Array.isArray(child)
      ? fillGenerated(child, p?.[k], baseChild.find(Array.isArray) ?? [], childUi as UiSchema)
      : fillItem(child, p?.[k], baseChild, childUi as UiSchema, [child]);
  }
  // Unchanged data stays the same object (the form compares by identity).
  return Object.keys(out).every((k) => out[k] === next[k]) ? next : out;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** A block list with its blocks' generated values filled in (their editor files' `generated`); a block is matched to its earlier self by id. */
function fillBlocks(next: unknown, prev: unknown, base: unknown[]): unknown {
  if (!Array.isArray(next)) return next;
  const find = (list: unknown, id: unknown) => (Array.isArray(list) ? list.find((b) => isObject(b) && b.id === id) : undefined) as Record<string, unknown> | undefined;
  const out = next.map((b) => {
    const ui = isObject(b) && typeof b.type === "string" ? blockRules(b.type) : undefined;
    if (!ui || !isObject(b) || !isObject(b.props)) return b;
    const saved = find(base, b.id)?.props;
    const props = fillItem(b.props, find(prev, b.id)?.props, saved ? [saved] : [], ui, [b.props]);
    return props === b.props ? b : { ...b, props };
  });
  return out.every((b, i) => b === next[i]) ? next : out;
}
