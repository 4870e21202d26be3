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
import { fieldPlace } from "./field-place";

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
    const where = fieldPlace(pointer, doc);
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
