/**
 * How the editor splits the tenant document (schemas/generated/tenant.schema.json) into sections,
 * each edited by its own RJSF form: which top-level properties a section holds, the schema and
 * ui-schema its form gets, where an error's JSON pointer shows, and which values a form filled in
 * from defaults without the person touching them (those are not written into the draft).
 */
import type { ErrorSchema, RJSFSchema, UiSchema } from "@rjsf/utils";
import { jsonEqual } from "../../domain/json-diff";
import { enumLabel, humanise } from "../../domain/field-wording";
import type { GenerateRule } from "../../blocks/_shared/define";
import { blockEditors } from "./blocks.generated";
import { PICKERS } from "./field-pickers";

export type { GenerateRule };

export interface Section {
  id: string;
  title: string;
  keys: string[];
}

export const SECTIONS: Section[] = [
  { id: "identity", title: "Identity", keys: ["identity"] },
  { id: "theme", title: "Theme", keys: ["template", "theme"] },
  { id: "features", title: "Features", keys: ["features"] },
  { id: "search", title: "Search", keys: ["search"] },
  { id: "finance", title: "Finance", keys: ["finance"] },
  { id: "forms", title: "Forms", keys: ["forms"] },
  { id: "navigation", title: "Navigation", keys: ["navigation", "footer"] },
  { id: "locations", title: "Locations", keys: ["dealerships", "locations", "map"] },
  { id: "pages", title: "Pages", keys: ["pages", "layout"] },
  { id: "models", title: "Model range", keys: ["models"] },
  { id: "more", title: "Copy, reviews, offers", keys: ["copy", "reviews", "offers", "schemaVersion"] },
];

type Schema = { properties: Record<string, unknown>; required?: string[]; definitions: Record<string, unknown> } & Record<string, unknown>;

/**
 * The form schema of one section: the section's properties of the document with every definition.
 * Block lists are plain arrays here: the block list field edits each block with its own definition,
 * so the form never has to work out which of the 40 block types an item is.
 */
export function sectionSchema(root: Schema, section: Section): RJSFSchema {
  const properties = Object.fromEntries(section.keys.filter((k) => k in root.properties).map((k) => [k, root.properties[k]]));
  return {
    type: "object",
    properties,
    required: (root.required ?? []).filter((k) => section.keys.includes(k)),
    definitions: { ...root.definitions, blockList: { type: "array", maxItems: 60, items: { type: "object" } } },
  } as RJSFSchema;
}

/** The section a JSON pointer belongs to. */
export function sectionOf(pointer: string): Section {
  const key = pointer.split("/")[1] ?? "";
  return SECTIONS.find((s) => s.keys.includes(key)) ?? SECTIONS[0];
}

/** Errors (JSON pointers) as RJSF's error tree, for the properties of one section. */
export function errorSchemaFor(errors: { pointer: string; message: string }[], section: Section): ErrorSchema {
  const tree: Record<string, any> = {};
  for (const e of errors) {
    const parts = e.pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (!parts.length || !section.keys.includes(parts[0])) continue;
    let node = tree;
    for (const p of parts) node = node[p] ??= {};
    (node.__errors ??= []).push(e.message);
  }
  return tree as ErrorSchema;
}

/** Every message under one node of RJSF's error tree (a field and everything inside it). */
export function errorMessages(node: unknown): string[] {
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (k === "__errors" ? (Array.isArray(v) ? v.map(String) : []) : errorMessages(v)));
}

const ref = (name: string) => `#/definitions/${name}`;

/** A property name as a label: "average_rating" and "leadEmail" → "Average rating", "Lead email". */
export { humanise };

const singular = (words: string) => words.replace(/([^s])s$/, "$1");

/** A schema node, or the definition it refers to. */
function resolve(schema: unknown, definitions: Record<string, unknown>): unknown {
  const node = schema as Record<string, any> | undefined;
  return typeof node?.$ref === "string" && node.$ref.startsWith("#/definitions/") ? definitions[node.$ref.slice(14)] : node;
}

/** The title a schema node (or the definition it refers to) gives itself. */
function titleOf(schema: unknown, definitions: Record<string, unknown>): string | undefined {
  const node = schema as Record<string, any> | undefined;
  if (!node || typeof node !== "object") return undefined;
  if (typeof node.title === "string") return node.title;
  if (typeof node.$ref === "string" && node.$ref.startsWith("#/definitions/")) return (definitions[node.$ref.slice(14)] as { title?: string } | undefined)?.title;
  return undefined;
}

/**
 * The ui-schema for a schema: the colour picker for colours, the image field (upload or address,
 * preview, size) for images, the week table for opening hours, the block list for lists of blocks.
 * Found by walking the schema's $refs.
 */
export function uiSchemaFor(schema: unknown, definitions: Record<string, unknown>, depth = 0): UiSchema {
  const node = schema as Record<string, any> | undefined;
  if (!node || typeof node !== "object" || depth > 12) return {};
  if (node.$ref === ref("colour")) return { "ui:widget": "colour" };
  if (node.$ref === ref("imageAsset")) return { "ui:field": "image" };
  if (node.type === "array" && node.items?.$ref === ref("openingHour")) return { "ui:field": "openingHours" };
  if (node.$ref === ref("blockList")) return { "ui:field": "blockList" };
  if (node.$ref === ref("href")) return { "ui:widget": "link" };
  if (node.contentMediaType === "text/html") return { "ui:widget": "richText" };
  if (typeof node.$ref === "string" && node.$ref.startsWith("#/definitions/")) {
    return uiSchemaFor(definitions[node.$ref.slice("#/definitions/".length)], definitions, depth + 1);
  }
  const ui: UiSchema = {};
  if (node.properties) {
    for (const [k, v] of Object.entries(node.properties)) {
      const child = uiSchemaFor(v, definitions, depth + 1);
      // A property without a title is labelled from its name ("average_rating" → "Average rating"),
      // and so are the items of such a list ("special_hours" → "Special hour", not "special_hours-1").
      if (!titleOf(v, definitions)) child["ui:title"] = humanise(k);
      const items = (resolve(v, definitions) as { type?: string; items?: unknown } | undefined)?.items;
      if (items && !Array.isArray(items) && !titleOf(items, definitions) && child["ui:field"] === undefined) {
        child.items = { ...(child.items as object), "ui:title": singular(humanise(k)) };
      }
      if (Object.keys(child).length) ui[k] = child;
    }
  }
  if (node.items && !Array.isArray(node.items)) {
    const child = uiSchemaFor(node.items, definitions, depth + 1);
    if (Object.keys(child).length) ui.items = child;
  }
  if (node.type === "string" && (node.maxLength ?? 0) > 500) ui["ui:widget"] = "textarea";
  // Enumerated values as words; a list of them (each once) as checkboxes.
  if (Array.isArray(node.enum)) ui["ui:enumNames"] = node.enum.map((v: unknown) => (v === "" ? "Not set" : enumLabel(v)));
  const items = resolve(node.items, definitions) as { enum?: unknown[] } | undefined;
  if (node.type === "array" && node.uniqueItems && Array.isArray(items?.enum)) {
    ui["ui:widget"] = "checkboxes";
    ui.items = { ...(ui.items as object), "ui:enumNames": items.enum.map(enumLabel) };
  }
  return ui;
}

/**
 * Settings most sites never change (search ranking and limits, cache sizes, finance maths, form
 * rules, map tiles): shown behind an "Advanced" disclosure of their group, closed at first.
 * Keyed by the group's place in the ui-schema ("items" for a list's items).
 */
export const ADVANCED: Record<string, string[]> = {
  search: ["hitsPerPage", "cacheSize", "sorts", "priceAscendingNeedsPrice", "makesShown", "makeHeadings", "modelSelectLimit", "locationFacetLimits", "carTypeOptions", "joinNewAndDemo", "truckSlug", "filters"],
  finance: ["sampleRate", "calculator", "estimateRule", "fixedComparisonRates", "excludedManufacturers", "excludedDealershipIds"],
  forms: ["multiStep", "dealershipSelect"],
  // Each field's shown/required/label/ticked rules (with them shown, Forms was 6,469 px tall at desktop width).
  "forms.enquiry": ["fields"],
  map: ["tileUrl", "attribution", "attributionUrl", "maxZoom", "zoom", "centre"],
  identity: ["slug"],
  "dealerships.items": ["crmUrl"],
  "locations.items": ["id"],
  "locations.items.address": ["lat", "long"],
  page: ["path", "template"],
  "features.soldCars": ["days"],
};

/**
 * Ids and slugs the editor makes itself (hidden), and values it proposes (shown): each follows its
 * source while the item is new, and never changes once the item was saved (links and references
 * to it keep working). Keyed by the field's place in the ui-schema.
 */
export const GENERATED: Record<string, GenerateRule> = {
  "search.sorts.items.id": { from: "label", prefix: "sort" },
  "search.promoCards.cards.items.id": { prefix: "card" },
  "offers.items.id": { from: "title", prefix: "offer" },
  "models.items.id": { from: "name", prefix: "model" },
  "models.items.slug": { from: "name", prefix: "model", shown: true },
  "dealerships.items.slug": { from: "name", prefix: "dealership" },
  "locations.items.slug": { from: "name", prefix: "location" },
  "locations.items.id": { prefix: "location", next: true, shown: true },
  "page.id": { prefix: "page" },
  "page.path": { from: "title", prefix: "page", path: true, shown: true },
};

const uiAt = (ui: UiSchema, path: string): UiSchema => path.split(".").reduce((node, k) => ((node as Record<string, UiSchema>)[k] ??= {}) as UiSchema, ui);
const mergeOptions = (node: UiSchema, options: Record<string, object>) => ({ ...(node["ui:options"] as object), ...options });

/** Marks the advanced groups and the generated fields that lie in `ui`. */
function editorRules(ui: UiSchema, keys: string[]): UiSchema {
  const inside = (path: string) => keys.includes(path.split(".")[0]);
  for (const [path, advanced] of Object.entries(ADVANCED)) {
    if (inside(path)) uiAt(ui, path)["ui:options"] = mergeOptions(uiAt(ui, path), { advanced });
  }
  for (const [path, picker] of Object.entries(PICKERS)) {
    if (!inside(path)) continue;
    const node = uiAt(ui, path);
    Object.assign(node, picker, { "ui:options": mergeOptions(node, (picker["ui:options"] ?? {}) as Record<string, object>) });
  }
  for (const [path, rule] of Object.entries(GENERATED)) {
    if (!inside(path)) continue;
    const node = uiAt(ui, path);
    node["ui:options"] = mergeOptions(node, { generate: rule });
    if (!rule.shown) node["ui:widget"] = "hidden";
    else if (rule.next) node["ui:help"] = "Given by the editor; other settings refer to it, so keep it.";
    else node["ui:help"] = rule.path ? "Proposed from the title; change it if you like. Keep it once the page is live: links to it would break." : "Proposed from the name; keep it once the site is live.";
  }
  return ui;
}

/** The ui-schema of a block's props: generated ids hidden and filled in, and its editor file's ui-schema (blocks/<type>/editor.ts). */
export function blockUiSchema(definitions: Record<string, unknown>, type: string, definition: string): UiSchema {
  const ui = uiSchemaFor(definitions[definition.replace(/Block$/, "Props")], definitions);
  const editor = blockEditors[type];
  for (const [path, rule] of Object.entries(editor?.generated ?? {})) {
    const node = uiAt(ui, path);
    node["ui:options"] = mergeOptions(node, { generate: rule });
    node["ui:widget"] = "hidden";
  }
  for (const [path, widget] of Object.entries(editor?.ui ?? {})) Object.assign(uiAt(ui, path), widget);
  return ui;
}

/** A section's ui-schema: generated, with the slug fixed and, for dealers, the domains too. */
export function sectionUiSchema(root: Schema, section: Section, role: "staff" | "dealer"): UiSchema {
  const ui = editorRules(uiSchemaFor({ properties: Object.fromEntries(section.keys.map((k) => [k, root.properties[k]])) }, root.definitions), section.keys);
  if (section.id === "identity") {
    const identity = (ui.identity ??= {}) as UiSchema;
    identity.slug = { ...(identity.slug as object), "ui:readonly": true, "ui:help": "The slug cannot change once a site exists." };
    if (role === "dealer") identity.domains = { ...(identity.domains as object), "ui:readonly": true, "ui:help": "Forecourt staff change a site's domains." };
  }
  if (section.id === "more") ui.schemaVersion = { "ui:widget": "hidden" };
  return ui;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const DROP = Symbol("drop");

/**
 * `next` without the values a form filled in from schema defaults that the person did not touch:
 * a value absent from `original` and equal to the form's filled-in default (`filled`) is dropped,
 * so the draft keeps saying only what someone chose (and later default changes still apply).
 */
export function pruneUntouchedDefaults(next: unknown, original: unknown, filled: unknown): unknown {
  const out = prune(next, original, filled);
  return out === DROP ? undefined : out;
}

function prune(next: unknown, original: unknown, filled: unknown): unknown {
  if (original === undefined && jsonEqual(next, filled)) return DROP;
  if (isObject(next)) {
    const o = isObject(original) ? original : undefined;
    const f = isObject(filled) ? filled : undefined;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) continue;
      const r = prune(v, o?.[k], f?.[k]);
      if (r !== DROP) out[k] = r;
    }
    return out;
  }
  if (Array.isArray(next) && Array.isArray(original)) {
    const f = Array.isArray(filled) ? filled : [];
    return next.map((v, i) => {
      const r = i < original.length ? prune(v, original[i], f[i]) : v;
      return r === DROP ? v : r;
    });
  }
  return next;
}

/** The form for one page of the Pages section: the page under the key "page". */
export function pageFormSchema(root: Schema): RJSFSchema {
  return {
    type: "object",
    required: ["page"],
    properties: { page: { ...(root.definitions.page as object), title: "Page" } },
    definitions: { ...root.definitions, blockList: { type: "array", maxItems: 60, items: { type: "object" } } },
  } as RJSFSchema;
}

export function pageUiSchema(root: Schema): UiSchema {
  return editorRules({ page: uiSchemaFor(root.definitions.page, root.definitions) }, ["page"]);
}

/** The errors of page `index`, with pointers as the page form sees them (/page/…). */
export function pageErrors(errors: { pointer: string; message: string }[], index: number) {
  const prefix = `/pages/${index}`;
  return errors.filter((e) => e.pointer === prefix || e.pointer.startsWith(`${prefix}/`)).map((e) => ({ ...e, pointer: `/page${e.pointer.slice(prefix.length)}` }));
}

/** Where a pointer is edited: its section, and in Pages which page (or the layout). */
export function locate(pointer: string): { section: string; page?: number | "layout" } {
  const m = /^\/pages\/(\d+)/.exec(pointer);
  if (m) return { section: "pages", page: Number(m[1]) };
  if (pointer.startsWith("/layout")) return { section: "pages", page: "layout" };
  return { section: sectionOf(pointer).id };
}
