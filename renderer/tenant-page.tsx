import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { tenantForHost } from "../server/tenants/live";
import { searchPageTitle } from "../blocks/search-results/search-results";
import { vehicleHeading } from "../domain/vehicle-display";
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
    return { live, path, page, title: [title, subtitle].filter(Boolean).join(" ") };
  }
  // A search SEO path (/search/used-cars/toyota) is titled by what it shows.
  const title = page?.template === "search" ? ((await searchPageTitle({ tenant: live.document, page, path })) ?? page.title) : page?.title;
  return { live, path, page, title: title ?? "" };
});

/** The tenant's whole page: layout blocks around the page's own blocks. 404 for an unknown host or path. */
export async function TenantPage({ host, segments }: { host: string; segments: string[] }) {
  const found = await resolve(host, segments);
  if (!found?.page) notFound();
  const { live, page, path, title } = found;
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
        {main}
      </main>
      {bottom}
    </>
  );
}

export async function tenantPageMetadata(host: string, segments: string[]): Promise<Metadata> {
  const found = await resolve(host, segments);
  if (!found?.page) return { title: "Page not found" };
  const { live, page, path, title } = found;
  const site = live.document.identity;
  const domain = site.domains[0];
  return {
    title: path === "/" ? site.name : `${title} | ${site.name}`,
    description: page.description,
    alternates: domain ? { canonical: `https://${domain}${path === "/" ? "" : path}` } : undefined,
    openGraph: { siteName: site.name, title, locale: site.locale.replace("-", "_"), type: "website" },
  };
}

/** The tenant of a host for the root layout (theme, language); null for unknown hosts. */
export async function tenantForLayout(host: string): Promise<TenantDocument | null> {
  return (await tenantForHost(host))?.document ?? null;
}
