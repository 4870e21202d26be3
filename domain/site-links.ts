/**
 * The internal links of a tenant document and whether the site answers them, for the pre-publish
 * checklist (server/admin/checklist.ts) and the demo documents' test (tests/internal-links.test.ts).
 * A link is any site-relative path in a link field (href, url, link, contactHref, defaultLink …) or
 * in an href="/…" of rich text; #anchors, tel:, mailto:, http(s) links and image src are not links
 * to check. Pure.
 */
import type { TenantDocument } from "../schemas/generated/tenant";
import { findPage, normalisePath } from "./find-page";
import { gatedKind } from "./gated-routes";

/** Keys whose string value is a link (href, url, link, contactHref, defaultLink, ctaHref …); not src/path. */
const LINK_KEY = /^(href|url|link)$|(Href|Link|Url)$/;
const HTML_HREF = /href\s*=\s*["']([^"']*)["']/gi;

export interface InternalLink {
  /** The path linked to, as the site compares paths (no query or #anchor, lower case). */
  path: string;
  /** The link as written. */
  href: string;
  /** Where it is, as JSON pointer (for the editor to open the field). */
  pointer: string;
  /** Where it is, in words ("Menu › Finance"). */
  where: string;
}

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every internal link of `doc`, in document order. */
export function internalLinks(doc: unknown): InternalLink[] {
  const out: InternalLink[] = [];
  const add = (raw: string, pointer: string, inText: boolean) => {
    const href = raw.trim();
    // Only site-relative paths: not //host, #anchor, tel:, mailto:, http(s): or relative words.
    if (!href.startsWith("/") || href.startsWith("//")) return;
    const where = placeOf(doc, pointer);
    out.push({ path: normalisePath(href.split(/[?#]/)[0]), href, pointer, where: inText ? `${where} (a link in the text)` : where });
  };
  const walk = (value: unknown, pointer: string, key: string) => {
    if (typeof value === "string") {
      if (LINK_KEY.test(key)) add(value, pointer, false);
      for (const m of value.matchAll(HTML_HREF)) add(m[1], pointer, true);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`, key));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${escape(k)}`, k);
  };
  walk(doc, "", "");
  return out;
}

/**
 * Whether the site of `doc` answers `path` with a page: one of its pages, a built-in page, an alias
 * or a template route (a car's page, search paths, location and model pages; findPage). A gated
 * route also needs the sign-in page its anonymous visitors are sent to.
 */
export function resolves(doc: TenantDocument, path: string): boolean {
  const p = normalisePath(path.split(/[?#]/)[0]);
  if (!findPage(doc, p)) return false;
  return !gatedKind(doc, p) || findPage(doc, "/sign-in") !== null;
}

/** The links of `doc` that lead to no page of the site. */
export function deadLinks(doc: TenantDocument): InternalLink[] {
  return internalLinks(doc).filter((l) => !resolves(doc, l.path));
}

const TOP: Record<string, string> = {
  identity: "Identity", theme: "Theme", features: "Features", search: "Search settings", finance: "Finance settings",
  forms: "Forms", copy: "Copy", reviews: "Reviews", dealerships: "Dealerships", offers: "Offers", models: "Model range",
  locations: "Locations", map: "Map", navigation: "Menu", footer: "Footer", layout: "", pages: "",
};
const NESTED: Record<string, string> = {
  "/navigation/items": "", "/navigation/dealerLinks": "Header links", "/footer/groups": "", "/footer/legalLinks": "Legal links",
  "/layout/top": "Top of every page", "/layout/bottom": "Bottom of every page",
};
const WORDS: Record<string, string> = { html: "Text", href: "Link", url: "Link" };
const NAME_KEYS = ["label", "title", "name", "heading", "buttonLabel"];

/** "rich-text" → "Rich text", "contactHref" → "Contact link". */
function words(key: string): string {
  if (WORDS[key]) return WORDS[key];
  const w = key.replace(/(Href|Url)$/, "Link").replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim().toLowerCase();
  return w.replace(/^\w/, (c) => c.toUpperCase());
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * Where a JSON pointer is in `doc`, in words a person recognises in the editor:
 * "/navigation/items/3/href" → "Menu › Finance", "/pages/2/blocks/0/props/html" → "Page “About Us” ›
 * Block 1 (Rich text) › Html". Named list items use their label, title or name.
 */
export function placeOf(doc: unknown, pointer: string): string {
  const keys = pointer.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  const parts: string[] = [];
  let node: unknown = doc;
  let at = "";
  keys.forEach((key, i) => {
    const parent = node;
    node = Array.isArray(parent) ? parent[Number(key)] : isObject(parent) ? parent[key] : undefined;
    at = `${at}/${key}`;
    const last = i === keys.length - 1;
    if (i === 0) return void (TOP[key] !== "" && parts.push(TOP[key] ?? words(key)));
    if (at in NESTED) return void (NESTED[at] && parts.push(NESTED[at]));
    if (Array.isArray(parent)) {
      const n = Number(key) + 1;
      if (at.startsWith("/pages/") && keys.length > 1 && i === 1 && isObject(node)) {
        const title = typeof node.title === "string" && node.title ? node.title : `page ${n}`;
        return void parts.push(node.path === "/" ? "Home page" : node.path ? `Page “${title}”` : `${words(String(node.template ?? "page"))} page template`);
      }
      if (isObject(node) && typeof node.type === "string" && isObject(node.props)) return void parts.push(`Block ${n} (${words(node.type)})`);
      const name = isObject(node) ? NAME_KEYS.map((k) => node && (node as Record<string, unknown>)[k]).find((v) => typeof v === "string" && v.trim()) : undefined;
      return void parts.push(typeof name === "string" ? name.trim() : `Item ${n}`);
    }
    // The props of a block and a menu item's own link are the block or item itself.
    if (key === "props" || key === "blocks" || key === "children" || key === "links") return;
    if (last && /^(href|url|link)$/.test(key) && parts.length > 1) return;
    parts.push(words(key));
  });
  return parts.join(" › ") || "The whole site";
}
