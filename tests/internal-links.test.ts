import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateTenant } from "../domain/tenant-validation";
import { internalLinks, resolves } from "../domain/site-links";
import type { TenantDocument } from "../renderer/types";
import { starterDocument } from "../domain/starters";
import { STARTER_KINDS } from "../domain/new-site";

// House rule: a site never links to a page it does not have. Every internal link in every demo
// document — menus, footer, legal links, block props (href, url, link, contactHref, …), the finance
// default link, and href="/…" inside rich text — must reach a page of that site or a path the
// renderer serves (domain/site-links.ts `resolves`, the pre-publish checklist's rule: built-in
// /success, the search, car and location templates, the trade-in aliases). #anchors, query strings,
// tel:, mailto: and http(s) links are ignored.

const TENANTS = join(__dirname, "..", "tenants");

/**
 * Links whose page does not exist yet, each with the issue that adds it. This list may only
 * shrink: a link fixed or a page added must come off it (the test fails on a stale entry), and a
 * new dead link cannot be added here without naming the issue that adds its page.
 */
// Every page the demo sites link exists (issue 16 added My Garage, the last one missing).
const KNOWN_DEAD: Record<string, Record<string, string>> = {};

/** A document with its schema defaults, as the site serves it. */
const valid = (doc: unknown, what: string) => {
  const result = validateTenant(doc);
  if (!result.ok) throw new Error(`${what} is invalid`);
  return result.document as TenantDocument;
};

const docs = [
  ...readdirSync(TENANTS)
    .filter((f) => f.endsWith(".json"))
    .map((f) => valid(JSON.parse(readFileSync(join(TENANTS, f), "utf8")), f)),
  // The starter templates a new site begins from (domain/starters.ts) follow the same rule.
  ...STARTER_KINDS.map((k) => valid(starterDocument(k.id), k.id)),
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
      const dead = [...new Set(links.filter((l) => !resolves(doc, l.path)).map((l) => l.path))].sort();
      const unexpected = dead.filter((p) => !allowed[p]).map((p) => `${p} (from ${links.filter((l) => l.path === p).map((l) => l.where).join(", ")})`);
      expect(unexpected, `${slug}: links to pages that do not exist`).toEqual([]);
      // The allow-list only shrinks: an entry whose page now exists (or is no longer linked) must go.
      const stale = Object.keys(allowed).filter((p) => !dead.includes(p));
      expect(stale, `${slug}: allow-listed links that are no longer dead — remove them from KNOWN_DEAD`).toEqual([]);
    });
  }
});
