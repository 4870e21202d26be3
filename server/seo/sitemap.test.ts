import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { gatedKind } from "../../domain/gated-routes";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { feedVehicle } from "../../tests/fixtures/vehicle";
import { inventoryTenant } from "../../tests/fixtures/tenant";
import { backends } from "../../tests/databases";
import { stockedSite } from "../../tests/fixtures/stocked-site";
import { buildSitemap, listedPagePaths, robotsTxt } from "./sitemap";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe.each(backends)("sitemap.xml on %s", (_name, make) => {
  const doc = inventoryTenant("alpha");
  doc.identity.domains = [];
  doc.pages.push({ id: "about", path: "/about-us", title: "About", blocks: [] }, { id: "signin", path: "/sign-in", title: "Sign in", blocks: [] });
  const site = stockedSite(make, [
    feedVehicle("a1", { stocknum: "A1" }),
    feedVehicle("a2", { stocknum: "A2", status: "coming_soon" }),
    feedVehicle("a3", { stocknum: "A3", status: "sold" }),
    feedVehicle("a4", { stocknum: "A4", show_on_dealer_website: false }),
    feedVehicle("a5", { stocknum: "A5", dealership_id: 2, location_id: 20 }),
  ]);

  it("lists the site's content pages and its available cars shown on the website, on its public address", async (ctx) => {
    if (!site.tdb) return ctx.skip();
    const h = site.h;
    const xml = (await buildSitemap(h.db, doc, "alpha.localhost:3000", null))!;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const urls = locs(xml);
    expect(urls).toContain("http://alpha.localhost:3000/about-us");
    expect(urls).not.toContain("http://alpha.localhost:3000/sign-in");
    const cars = urls.filter((u) => u.includes("/cars/"));
    // a1, a2 (coming soon) and a5 (the site's other dealership); not the sold or hidden car.
    expect(cars).toHaveLength(3);
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const withDomain = { ...doc, identity: { ...doc.identity, domains: ["www.alpha.com.au"] } };
    expect(locs((await buildSitemap(h.db, withDomain, "alpha.localhost:3000", null))!)[0]).toBe("https://www.alpha.com.au");
  });

  it("becomes an index of parts over the size limit, and each part holds its share", async (ctx) => {
    if (!site.tdb) return ctx.skip();
    const h = site.h;
    const pages = listedPagePaths(doc).length;
    const total = pages + 3;
    const index = (await buildSitemap(h.db, doc, "alpha.localhost", null, 2))!;
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual(Array.from({ length: Math.ceil(total / 2) }, (_, i) => `http://alpha.localhost/sitemap.xml?part=${i + 1}`));
    const all: string[] = [];
    for (let part = 1; part <= Math.ceil(total / 2); part++) all.push(...locs((await buildSitemap(h.db, doc, "alpha.localhost", String(part), 2))!));
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(await buildSitemap(h.db, doc, "alpha.localhost", String(Math.ceil(total / 2) + 1), 2)).toBeNull();
    expect(await buildSitemap(h.db, doc, "alpha.localhost", "abc", 2)).toBeNull();
  });
});

describe("listed pages", () => {
  it("lists each shown location's page and each /contact-us/{slug} where the site has those template pages", () => {
    const doc = inventoryTenant("alpha");
    const base = listedPagePaths(doc);
    expect(base.some((p) => p.startsWith("/locations/") || p.startsWith("/contact-us/"))).toBe(false);
    doc.locations = [
      { id: 1, name: "Alpha Cleveland Sales", slug: "cleveland-sales", primary: true, visible: true, dealership_id: 1, location_type: "sales", address: { street: "1 A St", city: "Cleveland", state: "QLD", postcode: "4163" } },
      { id: 2, name: "Alpha Cleveland Service", slug: "cleveland-service", primary: false, visible: true, dealership_id: 1, location_type: "service", address: { street: "2 A St", city: "Cleveland", state: "QLD", postcode: "4163" } },
      { id: 3, name: "Alpha Yard", slug: "yard", primary: false, visible: false, dealership_id: 1, location_type: "", address: { street: "3 A St", city: "Cleveland", state: "QLD", postcode: "4163" } },
    ];
    doc.pages.push({ id: "location-detail", title: "Location", template: "location-detail", blocks: [] });
    expect(listedPagePaths(doc).slice(base.length)).toEqual(["/locations/cleveland-sales", "/locations/cleveland-service"]);
    doc.pages.push({ id: "location-contact", title: "Contact", template: "contact-us", blocks: [] });
    expect(listedPagePaths(doc).slice(base.length)).toEqual(["/locations/cleveland-sales", "/locations/cleveland-service", "/contact-us/alpha-cleveland"]);
  });

  it("lists each model's page (not one linking elsewhere) and each make's overview where the site has those template pages", () => {
    const doc = inventoryTenant("alpha");
    const base = listedPagePaths(doc);
    doc.models = [
      { id: "cx-5", name: "CX-5", make: "Mazda", slug: "cx-5", status: "current", bodies: [] },
      { id: "defender", name: "Defender", make: "Land Rover", slug: "defender", status: "new", bodies: [], overrideUrl: "https://www.landrover.com.au/" },
    ];
    expect(listedPagePaths(doc)).toEqual(base);
    doc.pages.push({ id: "model", title: "Model", template: "model-detail", blocks: [] }, { id: "brand", title: "Brand", template: "brand-overview", blocks: [] });
    expect(listedPagePaths(doc).slice(base.length)).toEqual(["/cx-5", "/mazda/overview", "/land-rover/overview"]);
  });
});

describe("listed pages: gated ones left out", () => {
  it("leaves out a page kept for signed-in visitors (Harbourline's /finance), and lists it where it is open", () => {
    const doc = JSON.parse(readFileSync("tenants/harbourline.json", "utf8")) as TenantDocument;
    expect(doc.pages.some((p) => p.path === "/finance")).toBe(true);
    expect(listedPagePaths(doc)).not.toContain("/finance");
    expect(listedPagePaths(doc).filter((p) => gatedKind(doc, p))).toEqual([]);
    doc.features.auth!.enabled = false;
    expect(listedPagePaths(doc)).toContain("/finance");
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of the API and personal pages and names the sitemap", () => {
    const doc = { ...inventoryTenant("alpha"), identity: { ...inventoryTenant("alpha").identity, domains: [] } };
    expect(robotsTxt(doc, "alpha.localhost:3000")).toBe(
      "User-agent: *\nDisallow: /api/\nDisallow: /sign-in\nDisallow: /watchlist\nDisallow: /success\nDisallow: /print\n\nSitemap: http://alpha.localhost:3000/sitemap.xml\n",
    );
  });
});
