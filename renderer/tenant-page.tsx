import type { Metadata } from "next";
import { Activity, cache } from "react";
import { tenantForHost } from "../server/tenants/live";
import { withReservationsOffered } from "../server/payments/provider-for";
import type { LiveDocument } from "../server/tenants/store";
import { publicPageUrl } from "../domain/hosts";
import { imageUrl } from "../domain/image-urls";
import { vehicleHeading } from "../domain/vehicle-display";
import { jsonLdText, vehicleDescription, vehicleJsonLd } from "../domain/vehicle-seo";
import { vehicleForPage } from "../server/inventory/vdp";
import { findPage, isAliasPath, locationPageText, modelPageText, normalisePath } from "../domain/find-page";
import { hasPersonalBlock, renderBlocks, renderPageBlocks, templatePage } from "./render-blocks";
import { VisitTracker } from "./visit-tracker.client";
import { PAGE_DATA_ATTR } from "./standard-analytics";
import { analyticsPage, needsCookieSettings, siteAnalytics } from "../domain/analytics-standards";
import { CookieSettings } from "./cookie-settings.client";
import { enforceGate } from "./gate";
import { gatedKind } from "../domain/gated-routes";
import { searchHost } from "../domain/search-host";
import { documentTitle } from "../domain/page-title";
import { NotFoundResponse, notFoundMetadata } from "./not-found-page";
import type { BlockContext, TenantDocument } from "./types";

/** A draft shown by a preview link (admin/preview-page.tsx): the document and the link's token. */
export type PreviewDraft = LiveDocument & { token: string };

/**
 * The page at `path` (normalised) in a document (its car on a vehicle page), with the page's title
 * and the context its blocks get: the car and the search host are found here once, not by each block.
 */
async function resolveIn(live: LiveDocument, path: string, previewToken: string | null) {
  const page = findPage(live.document, path);
  if (!page) return null;
  const host = searchHost(live.document.identity, previewToken);
  if (page.template === "vehicle-detail") {
    // A vehicle page is its car's: none (or another site's) is a 404.
    const car = await vehicleForPage(live.document, path);
    if (!car) return null;
    const { title, subtitle } = vehicleHeading(car);
    const ctx: BlockContext = { tenant: live.document, page, path, vehicle: car, searchHost: host };
    return { live, ctx, title: [title, subtitle].filter(Boolean).join(" "), description: vehicleDescription(car, live.document) };
  }
  const ctx: BlockContext = { tenant: live.document, page, path, vehicle: null, searchHost: host };
  // A location page names its location.
  const location = locationPageText(live.document, page, path) ?? modelPageText(live.document, page, path);
  if (location) return { live, ctx, ...location };
  // A block may say more about a page of its template (the search-results block's definition: a search path
  // naming nothing the site sells is missing; an SEO path, /search/used-cars/toyota, is titled by what it shows).
  const about = templatePage(page.template);
  if (about?.missing && (await about.missing(ctx))) return null;
  const title = (about?.title && (await about.title(ctx))) ?? page.title;
  return { live, ctx, title: title ?? "", description: page.description };
}

// One lookup per request, shared by the page, its metadata and the 404 fallback (keyed by the path's
// text: React's cache compares arguments by identity). A preview passes the draft
// (server/admin/preview.ts) instead of the host's live document.
const resolveCached = cache(async (host: string, path: string, preview?: PreviewDraft) => {
  const live = preview ?? (await tenantForHost(host));
  // No Reserve / Buy Online buttons where this deployment takes no deposits (server/payments/provider-for.ts).
  return live ? resolveIn(withReservationsOffered(live), path, preview?.token ?? null) : null;
});
const resolve = (host: string, segments: string[], preview?: PreviewDraft) => resolveCached(host, normalisePath(segments), preview);

/** Whether a site has a page at these path segments (the page TenantPage draws, not a 404). */
export async function pageExists(host: string, segments: string[]): Promise<boolean> {
  return (await resolve(host, segments)) !== null;
}

/** The page's public address: the site's first domain over https, else the host it was asked on. */
const pageUrl = (host: string, doc: TenantDocument, path: string) => publicPageUrl(doc.identity.domains, path, host)!;

/** The site's favicon: its initial on its primary colour, inline (no request, no 404 for /favicon.ico). */
export function siteIcon(doc: TenantDocument): string {
  const { primary, onPrimary } = doc.theme.colors;
  const initial = (doc.identity.name.trim()[0] ?? "F").toUpperCase().replace(/[<>&'"]/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${primary}"/><text x="16" y="23" font-family="Arial,sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="${onPrimary}">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The tenant's whole page: layout blocks around the page's own blocks. 404 for an unknown host or path. */
export async function TenantPage({ host, segments, preview, query }: { host: string; segments: string[]; preview?: PreviewDraft; query?: BlockContext["query"] }) {
  const found = await resolve(host, segments, preview);
  if (!found) return <NotFoundResponse host={host} />;
  const { live, title } = found;
  // A gated route (features.auth.gatedRoutes) sends an anonymous visitor to sign-in; an admin's preview is not gated.
  if (!preview) await enforceGate(live.document, found.ctx.path, query);
  const ctx: BlockContext = query ? { ...found.ctx, query } : found.ctx;
  const { page, path, vehicle: car } = ctx;
  const [top, main, bottom] = await Promise.all([
    renderBlocks(live.document.layout.top, ctx),
    renderPageBlocks(page.blocks, ctx),
    renderBlocks(live.document.layout.bottom, ctx),
  ]);
  return (
    <>
      <a href="#main" className="fc-skip-link">
        Skip to content
      </a>
      <Activity mode="visible">{top}</Activity>
      {/* data-fc-car lets the page cache (serving/page-cache.ts) drop this page when the car changes. */}
      <main id="main" tabIndex={-1} data-fc-car={car?.id}>
        <h1 className="fc-visually-hidden">{title}</h1>
        {car ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(vehicleJsonLd(car, live.document, pageUrl(host, live.document, path))) }} />
        ) : null}
        {siteAnalytics(live.document) ? (
          <script
            type="application/json"
            {...{ [PAGE_DATA_ATTR]: "" }}
            dangerouslySetInnerHTML={{
              __html: jsonLdText(analyticsPage({ template: page.template, path, title, currency: live.document.identity.currency, locale: live.document.identity.locale, car })),
            }}
          />
        ) : null}
        {main}
      </main>
      <Activity mode="visible">{bottom}</Activity>
      {needsCookieSettings(live.document, page.blocks) ? <CookieSettings /> : null}
      {/* Visited pages and query parameters for leads (lead_attributes); remounted on each page. */}
      <VisitTracker key={path} />
    </>
  );
}

export async function tenantPageMetadata(host: string, segments: string[], preview?: PreviewDraft): Promise<Metadata> {
  const found = await resolve(host, segments, preview);
  if (!found) return notFoundMetadata(host);
  const { live, title } = found;
  const { page, path, vehicle: car } = found.ctx;
  const site = live.document.identity;
  const image = car?.images?.[0]?.url;
  return {
    title: documentTitle(title, site.name),
    description: found.description,
    // The page after a sent lead, sign-in, gated and personal pages are not for search engines.
    ...(privatePage(live.document, page, path) ? { robots: { index: false, follow: true } } : {}),
    // A page served at another path (the trade-in page at /trade-in, /sell-my-car, /cars/trade-in) names its own.
    alternates: site.domains[0] ? { canonical: publicPageUrl(site.domains, isAliasPath(path) && page.path ? page.path : path)! } : undefined,
    icons: { icon: siteIcon(live.document) },
    openGraph: {
      siteName: site.name,
      title,
      locale: site.locale.replace("-", "_"),
      type: "website",
      ...(image ? { images: [{ url: new URL(imageUrl(image, { width: 1200 }), pageUrl(host, live.document, path)).href }] } : {}),
    },
  };
}

/** Whether a page is not for search engines: /success, a gated route of the site, a page of a visitor's own things (a `personal` block). */
export function privatePage(doc: TenantDocument, page: TenantDocument["pages"][number], path: string): boolean {
  return path === "/success" || gatedKind(doc, path) !== null || hasPersonalBlock(page.blocks);
}

/** The tenant of a host for the root layout (theme, language); null for unknown hosts. */
export async function tenantForLayout(host: string): Promise<TenantDocument | null> {
  return (await tenantForHost(host))?.document ?? null;
}
