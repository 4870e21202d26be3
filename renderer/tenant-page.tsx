import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { tenantForHost } from "../server/tenants/live";
import { searchPageTitle } from "../blocks/search-results/search-results";
import { publicPageUrl } from "../domain/hosts";
import { imageUrl } from "../domain/media";
import { vehicleHeading } from "../domain/vehicle-display";
import { jsonLdText, vehicleDescription, vehicleJsonLd } from "../domain/vehicle-seo";
import { vehicleForPage } from "../server/inventory/vdp";
import { findPage, normalisePath } from "./find-page";
import { renderBlocks } from "./render-blocks";
import type { TenantDocument } from "./types";

// One lookup per request, shared by the layout, the page and its metadata.
const resolve = cache(async (host: string, segments: string[]) => {
  const live = await tenantForHost(host);
  if (!live) return null;
  const path = normalisePath(segments);
  const page = findPage(live.document, path);
  if (page?.template === "vehicle-detail") {
    // A vehicle page is its car's: none (or another site's) is a 404.
    const car = await vehicleForPage(live.document, path);
    if (!car) return { live, path, page: null, title: "" };
    const { title, subtitle } = vehicleHeading(car);
    return { live, path, page, car, title: [title, subtitle].filter(Boolean).join(" ") };
  }
  // A search SEO path (/search/used-cars/toyota) is titled by what it shows.
  const title = page?.template === "search" ? ((await searchPageTitle({ tenant: live.document, page, path })) ?? page.title) : page?.title;
  return { live, path, page, car: null, title: title ?? "" };
});

/** The page's public address: the site's first domain over https, else the host it was asked on. */
const pageUrl = (host: string, doc: TenantDocument, path: string) => publicPageUrl(doc.identity.domains, path, host)!;

/** The tenant's whole page: layout blocks around the page's own blocks. 404 for an unknown host or path. */
export async function TenantPage({ host, segments }: { host: string; segments: string[] }) {
  const found = await resolve(host, segments);
  if (!found?.page) notFound();
  const { live, page, path, title, car } = found;
  const ctx = { tenant: live.document, page, path };
  const [top, main, bottom] = await Promise.all([
    renderBlocks(live.document.layout.top, ctx),
    renderBlocks(page.blocks, ctx),
    renderBlocks(live.document.layout.bottom, ctx),
  ]);
  return (
    <>
      <a href="#main" className="fc-skip-link">
        Skip to content
      </a>
      {top}
      <main id="main" tabIndex={-1}>
        <h1 className="fc-visually-hidden">{title}</h1>
        {car ? (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(vehicleJsonLd(car, live.document, pageUrl(host, live.document, path))) }} />
        ) : null}
        {main}
      </main>
      {bottom}
    </>
  );
}

export async function tenantPageMetadata(host: string, segments: string[]): Promise<Metadata> {
  const found = await resolve(host, segments);
  if (!found?.page) return { title: "Page not found" };
  const { live, page, path, title, car } = found;
  const site = live.document.identity;
  const image = car?.images?.[0]?.url;
  return {
    title: path === "/" ? site.name : `${title} | ${site.name}`,
    description: car ? vehicleDescription(car, live.document) : page.description,
    alternates: site.domains[0] ? { canonical: publicPageUrl(site.domains, path)! } : undefined,
    openGraph: {
      siteName: site.name,
      title,
      locale: site.locale.replace("-", "_"),
      type: "website",
      ...(image ? { images: [{ url: new URL(imageUrl(image, { width: 1200 }), pageUrl(host, live.document, path)).href }] } : {}),
    },
  };
}

/** The tenant of a host for the root layout (theme, language); null for unknown hosts. */
export async function tenantForLayout(host: string): Promise<TenantDocument | null> {
  return (await tenantForHost(host))?.document ?? null;
}
