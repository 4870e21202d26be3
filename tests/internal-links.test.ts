import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findPage, normalisePath } from "../renderer/find-page";
import type { TenantDocument } from "../renderer/types";
import { starterDocument } from "../domain/starters";
import { STARTER_KINDS } from "../domain/new-site";

// House rule: a site never links to a page it does not have. Every internal link in every demo
// document — menus, footer, legal links, block props (href, url, link, contactHref, …), the finance
// default link, and href="/…" inside rich text — must reach a page of that site or a path the
// renderer serves (findPage: built-in /success, the search and location templates, the trade-in
// aliases). /cars/{slug} (a car's page) depends on stock and is not checked here; #anchors, query
// strings, tel:, mailto: and http(s) links are ignored.

const TENANTS = join(__dirname, "..", "tenants");

/**
 * Links whose page does not exist yet, each with the issue that adds it. This list may only
 * shrink: a link fixed or a page added must come off it (the test fails on a stale entry), and a
 * new dead link cannot be added here without naming the issue that adds its page.
 */
// Every page the demo sites link exists (issue 16 added My Garage, the last one missing).
const KNOWN_DEAD: Record<string, Record<string, string>> = {};

/** Keys whose string value is a link (href, url, link, contactHref, defaultLink, ctaHref …); not src/path. */
const LINK_KEY = /^(href|url|link)$|(Href|Link|Url)$/;
const HTML_HREF = /href\s*=\s*["']([^"']*)["']/gi;

type Found = { path: string; where: string };

/** The internal paths a document links to, with where each was found. */
export function internalLinks(doc: unknown): Found[] {
  const out: Found[] = [];
  const add = (raw: string, where: string) => {
    const href = raw.trim();
    // Only site-relative paths: not //host, #anchor, tel:, mailto:, http(s): or relative words.
    if (!href.startsWith("/") || href.startsWith("//")) return;
    const path = href.split(/[?#]/)[0];
    out.push({ path: normalisePath(path), where });
  };
  const walk = (value: unknown, where: string, key: string) => {
    if (typeof value === "string") {
      if (LINK_KEY.test(key)) add(value, where);
      for (const m of value.matchAll(HTML_HREF)) add(m[1], `${where} (html)`);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`, key));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, where ? `${where}.${k}` : k, k);
  };
  walk(doc, "", "");
  return out;
}

/** Whether the site serves `path`: a page, or a path the renderer answers (a car's page assumed). */
function serves(doc: TenantDocument, path: string): boolean {
  if (/^\/cars\/[a-z0-9-]+$/.test(path) && path !== "/cars/trade-in") return true;
  return findPage(doc, path) !== null;
}

const docs = [
  ...readdirSync(TENANTS)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(TENANTS, f), "utf8")) as TenantDocument),
  // The starter templates a new site begins from (domain/starters.ts) follow the same rule.
  ...STARTER_KINDS.map((k) => starterDocument(k.id) as TenantDocument),
];

describe("internal links of the demo sites and the starters", () => {
  it("finds links in menus, footer, block props and rich text", () => {
    const found = internalLinks({
      navigation: { items: [{ href: "/a?x=1" }, { href: "https://x.example/b" }, { href: "tel:123" }] },
      footer: { legalLinks: [{ href: "/b#top" }] },
      pages: [{ blocks: [{ props: { contactHref: "/c", slides: [{ url: "/d" }], image: { src: "/e.png" }, html: '<a href="/f">f</a> <a href="#g">g</a> <a href="mailto:x@y">m</a>' } }] }],
      finance: { defaultLink: "/g" },
    }).map((f) => f.path);
    expect(found).toEqual(["/a", "/b", "/c", "/d", "/f", "/g"]);
  });

  for (const doc of docs) {
    const slug = doc.identity.slug;
    it(`${slug}: every internal link reaches a page (or is a known gap with its issue)`, () => {
      const allowed = KNOWN_DEAD[slug] ?? {};
      const links = internalLinks(doc);
      expect(links.length).toBeGreaterThan(0);
      const dead = [...new Set(links.filter((l) => !serves(doc, l.path)).map((l) => l.path))].sort();
      const unexpected = dead.filter((p) => !allowed[p]).map((p) => `${p} (from ${links.filter((l) => l.path === p).map((l) => l.where).join(", ")})`);
      expect(unexpected, `${slug}: links to pages that do not exist`).toEqual([]);
      // The allow-list only shrinks: an entry whose page now exists (or is no longer linked) must go.
      const stale = Object.keys(allowed).filter((p) => !dead.includes(p));
      expect(stale, `${slug}: allow-listed links that are no longer dead — remove them from KNOWN_DEAD`).toEqual([]);
    });
  }
});
