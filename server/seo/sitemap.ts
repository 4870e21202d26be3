/**
 * A site's sitemap.xml and robots.txt (issue 4 "Beyond the spec"): its pages with a path and every
 * car it lists, on its public address. Over 50,000 URLs (the sitemap protocol's limit) the sitemap
 * becomes an index of numbered parts, /sitemap.xml?part=1, 2, …
 */
import { gatedKind } from "../../domain/gated-routes";
import { LIST_BLOCK } from "../../domain/car-lists";
import { publicPageUrl } from "../../domain/hosts";
import { contactSlug, shownLocations } from "../../domain/locations";
import { brandOverviewHref, rangeMakes } from "../../domain/models";
import type { TenantDocument } from "../../schemas/generated/tenant";
import type { Db } from "../db";
import { countListedSlugs, listListedSlugs } from "../inventory/store";
import { escapeHtml } from "../../domain/escape-html";

export const SITEMAP_MAX_URLS = 50_000;
/** Pages that are a visitor's own or a step of a flow, not content for search engines. */
export const UNLISTED_PATHS = ["/sign-in", "/watchlist", "/success", "/print"];

const LIST_BLOCKS: string[] = Object.values(LIST_BLOCK);
const isListPage = (p: { blocks: { type: string }[] }) => p.blocks.some((b) => LIST_BLOCKS.includes(b.type));

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export function urlset(urls: { loc: string; lastmod?: Date }[]): string {
  const items = urls.map((u) => `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ""}</url>`);
  return `${XML_HEAD}<urlset ${NS}>\n${items.join("\n")}\n</urlset>\n`;
}

export function sitemapIndex(locs: string[]): string {
  return `${XML_HEAD}<sitemapindex ${NS}>\n${locs.map((l) => `<sitemap><loc>${escapeHtml(l)}</loc></sitemap>`).join("\n")}\n</sitemapindex>\n`;
}

/**
 * The site's content pages: every page with a path but the unlisted ones, the gated ones and the visitor's own
 * favourites and compare pages (what they show is in the visitor's browser), then where the site has
 * their template pages each shown location's /locations/{slug} and each /contact-us/{slug}, each
 * model's /{slug} and each make's /{make}/overview.
 */
export const listedPagePaths = (doc: Pick<TenantDocument, "pages" | "locations" | "models" | "features">) => {
  const has = (template: string) => doc.pages.some((p) => p.template === template);
  const shown = shownLocations(doc.locations ?? []);
  const contacts = [...new Set(shown.map((l) => contactSlug(l.name)))].filter(Boolean);
  return [
    // A page kept for signed-in visitors (gated) would send a crawler to sign-in: not listed.
    ...doc.pages.flatMap((p) => (p.path && !UNLISTED_PATHS.includes(p.path) && !isListPage(p) && !gatedKind(doc, p.path) ? [p.path] : [])),
    ...(has("location-detail") ? shown.map((l) => `/locations/${l.slug}`) : []),
    ...(has("contact-us") ? contacts.map((slug) => `/contact-us/${slug}`) : []),
    ...(has("model-detail") ? (doc.models ?? []).flatMap((m) => (m.overrideUrl ? [] : [`/${m.slug}`])) : []),
    ...(has("brand-overview") ? rangeMakes(doc).map(brandOverviewHref) : []),
  ];
};

export function robotsTxt(doc: Pick<TenantDocument, "identity">, host: string): string {
  const lines = ["User-agent: *", "Disallow: /api/", ...UNLISTED_PATHS.map((p) => `Disallow: ${p}`), "", `Sitemap: ${publicPageUrl(doc.identity.domains, "/sitemap.xml", host)}`];
  return `${lines.join("\n")}\n`;
}

/**
 * The sitemap body of a site (null: no such part). `part` null is /sitemap.xml itself: the whole
 * urlset when it fits, else the index of its parts.
 */
export async function buildSitemap(db: Db, doc: TenantDocument, host: string, part: string | null, pageSize = SITEMAP_MAX_URLS): Promise<string | null> {
  const url = (path: string) => publicPageUrl(doc.identity.domains, path, host)!;
  const carUrls = (slugs: { slug: string; updatedAt: Date }[]) => slugs.map((s) => ({ loc: url(`/cars/${s.slug}`), lastmod: s.updatedAt }));
  const dealerships = doc.dealerships.map((d) => d.id);
  const pages = listedPagePaths(doc).map((p) => ({ loc: url(p) }));
  const total = pages.length + (await countListedSlugs(db, dealerships));
  if (total <= pageSize && part === null) return urlset([...pages, ...carUrls(await listListedSlugs(db, dealerships, { limit: pageSize }))]);
  const parts = Math.ceil(total / pageSize);
  if (part === null) return sitemapIndex(Array.from({ length: parts }, (_, i) => url(`/sitemap.xml?part=${i + 1}`)));
  const n = /^[1-9]\d{0,5}$/.test(part) ? Number(part) : 0;
  if (n < 1 || n > parts) return null;
  // Part 1 starts with the pages; the cars fill the rest in slug order.
  const start = (n - 1) * pageSize;
  const pageSlice = pages.slice(start, start + pageSize);
  const slugs = await listListedSlugs(db, dealerships, { limit: pageSize - pageSlice.length, offset: Math.max(0, start - pages.length) });
  return urlset([...pageSlice, ...carUrls(slugs)]);
}
