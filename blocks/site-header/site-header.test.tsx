import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { groupChildren, isCurrent, visibleItems } from "./navigation";
import SiteHeader from "./site-header";
import styles from "./site-header.module.css";

const defaults = { sticky: true, showDealerLinks: true, showPhone: true, menuBelow: false };

async function render(props: Partial<typeof defaults> = {}, path = "/", tenant: TenantDocument = fixtureTenant) {
  const node = await SiteHeader({ id: "header", props: { ...defaults, ...props }, ctx: fixtureCtx(path, tenant) });
  return renderToStaticMarkup(<>{node}</>);
}

/** The markup of the first element whose opening tag contains `marker`, up to `end`. */
function slice(html: string, marker: string, end: string): string {
  const start = html.indexOf(marker);
  expect(start, `${marker} not found`).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf(end, start) + end.length);
}

describe("site-header", () => {
  it("is a banner landmark with the logo linking home", async () => {
    const html = await render();
    // React adds a preload for the eager logo ahead of the header; Next hoists it into <head>.
    expect(html).toMatch(/^(<link rel="preload" as="image" href="\/logos\/harbourside.svg"\/>)?<header /);
    expect(html).toMatch(/<a class="[^"]*" href="\/"><img class="[^"]*" src="\/logos\/harbourside.svg" alt="Harbourside Motors" width="180" height="48"\/><\/a>/);
  });

  it("falls back to the dealer name when the logo has no alt text", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.theme.logo.alt = "";
    expect(await render({}, "/", tenant)).toContain('alt="Harbourside Motors"');
  });

  it("lists the main navigation and hides offers-only items while the dealer has no live offers", async () => {
    const html = await render();
    const nav = slice(html, 'aria-label="Main"', "</nav>");
    expect(nav).toContain('href="/sell-my-car"');
    expect(nav).toContain(">Sell My Car</span>");
    expect(nav).not.toContain("Special Offers");
    expect(nav).not.toContain('href="/offers"');
    expect(nav).toContain(">Used Cars</span>");

    const offer: TenantDocument["offers"][number] = { id: "ev", title: "EV offer", dealership: "harbourside-motors", categories: ["New Car Offers"], href: "/search" };
    const withOffer = structuredClone(fixtureTenant);
    withOffer.offers = [{ ...offer, expiry: "2000-01-01" }];
    expect(slice(await render({}, "/", withOffer), 'aria-label="Main"', "</nav>")).not.toContain("Special Offers");
    withOffer.offers = [offer];
    expect(slice(await render({}, "/", withOffer), 'aria-label="Main"', "</nav>")).toContain("Special Offers");
  });

  it("marks the current page with aria-current and its parent menu as active", async () => {
    const html = await render({}, "/finance/");
    expect(html).toMatch(/<a class="[^"]*" href="\/finance" aria-current="page"><span>Finance<\/span><\/a>/);
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);

    const deep = await render({}, "/models/rav4");
    expect(deep).toMatch(/href="\/models\/rav4" aria-current="page"/);
    expect(deep).toMatch(/<summary class="[^"]*" data-active="true"><span>Range<\/span>/);
  });

  it("renders a dropdown as native details/summary sharing one name, so one is open at a time", async () => {
    const html = await render();
    const stock = slice(html, "<span>Stock</span>", "</details>");
    expect(stock).toContain('href="/search/new-cars"');
    expect(html.match(/<details name="header-menu"/g)).toHaveLength(2);
    // Stock has no href of its own, so no "View all" link
    expect(stock).not.toContain("View all");
  });

  it("groups a mega menu under its group headings, with logos as decoration", async () => {
    const html = await render();
    const range = slice(html, "<span>Range</span>", "</details>");
    expect(range).toContain('href="/models">View all<span class="fc-visually-hidden"> Range</span></a>');
    const headings = [...range.matchAll(/<p class="[^"]*" id="([^"]+)">([^<]+)<\/p>/g)].map((m) => [m[1], m[2]]);
    expect(headings).toEqual([
      ["header-nav-1-group-0", "Hatch"],
      ["header-nav-1-group-1", "SUV"],
      ["header-nav-1-group-2", "Ute"],
    ]);
    expect(range).toMatch(/<ul class="[^"]*" aria-labelledby="header-nav-1-group-0"><li><a class="[^"]*" href="\/models\/corolla"><img class="[^"]*" src="\/logos\/corolla.svg" alt="" width="60" height="24" loading="lazy" decoding="async"\/><span>Corolla<\/span><\/a><\/li><li><a class="[^"]*" href="\/models\/yaris"><span>Yaris<\/span>/);
  });

  it("adds no View all link when a child already links to the parent's page", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.navigation.items[1]!.children!.push({ label: "All models", href: "/models", onlyWhenOffers: false, newTab: false });
    const range = slice(await render({}, "/", tenant), "<span>Range</span>", "</details>");
    expect(range).not.toContain("View all");
    expect(range).toContain("<span>All models</span>");
  });

  it("has a menu button controlling the nav, collapsed at first", async () => {
    const html = await render();
    expect(html).toMatch(/<button type="button" class="[^"]*" aria-expanded="false" aria-controls="header-nav">/);
    expect(html).toContain('<nav id="header-nav" class=');
    expect(html).toMatch(/<span class="[^"]+">Menu<\/span><\/button>/);
  });

  it("shows the phone as a tel: link formatted 2-4-4", async () => {
    const html = await render();
    expect(html).toMatch(/<a class="[^"]*" href="tel:\+61730001234">.*<span class="fc-visually-hidden">Call <\/span><span class="[^"]*">07 3000 1234<\/span><\/a>/);
    expect(await render({ showPhone: false })).not.toContain("tel:");
  });

  it("formats a New Zealand dealer's freephone number 4-3-3", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.identity.locale = "en-NZ";
    tenant.identity.phone = "0800569424";
    expect(await render({}, "/", tenant)).toMatch(/href="tel:0800569424">.*<span class="[^"]*">0800 569 424<\/span><\/a>/);
  });

  it("shows dealer links in their own labelled nav, new-tab links announced", async () => {
    const html = await render();
    const strip = slice(html, 'aria-label="Dealer links"', "</nav>");
    expect([...strip.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/book-a-service",
      "/test-drive",
      "/contact",
      "https://finance.example.com/apply",
    ]);
    expect(strip).toContain(
      '<a href="https://finance.example.com/apply" target="_blank" rel="noopener noreferrer">Get Finance<span class="fc-visually-hidden"> (opens in a new tab)</span></a>',
    );
    expect(await render({ showDealerLinks: false })).not.toContain("Dealer links");
  });

  it("opens new-tab menu links in a new tab and says so", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.navigation.items[5]!.newTab = true; // Finance
    tenant.navigation.items[2]!.children![4]!.newTab = true; // Stock > Used Cars
    const html = await render({}, "/", tenant);
    expect(html).toMatch(/href="\/finance" target="_blank" rel="noopener noreferrer"><span>Finance<\/span><span class="fc-visually-hidden"> \(opens in a new tab\)<\/span><\/a>/);
    expect(html).toMatch(/href="\/search\/used-cars" target="_blank" rel="noopener noreferrer"><span>Used Cars<\/span><span class="fc-visually-hidden"> \(opens in a new tab\)<\/span>/);
    expect(html.match(/target="_blank"/g)).toHaveLength(3); // + the Get Finance dealer link
  });

  it("is sticky only when asked", async () => {
    const classes = (html: string) => html.match(/<header class="([^"]*)"/)?.[1].split(" ") ?? [];
    expect(classes(await render({ sticky: true }))).toEqual([styles.header, styles.sticky]);
    expect(classes(await render({ sticky: false }))).toEqual([styles.header]);
  });

  it("puts the menu on a row of its own only when asked (a long menu)", async () => {
    const classes = (html: string) => html.match(/<header class="([^"]*)"/)?.[1].split(" ") ?? [];
    expect(classes(await render({ sticky: false, menuBelow: true }))).toEqual([styles.header, styles.menuBelow]);
    expect(classes(await render({ sticky: false, menuBelow: false }))).toEqual([styles.header]);
  });

  it("drops the menu button when there is no navigation", async () => {
    const tenant = structuredClone(fixtureTenant);
    tenant.navigation = { items: [] };
    const html = await render({}, "/", tenant);
    expect(html).not.toContain("<button");
    expect(html).not.toContain('aria-label="Main"');
  });
});

describe("navigation rules", () => {
  it("matches the current path ignoring query, hash and trailing slash", () => {
    expect(isCurrent("/finance?x=1#top", "/finance/")).toBe(true);
    expect(isCurrent("/", "/")).toBe(true);
    expect(isCurrent("/finance", "/finance/calculator")).toBe(false);
    expect(isCurrent("https://example.com/finance", "/finance")).toBe(false);
    expect(isCurrent(undefined, "/")).toBe(false);
  });

  it("shows offers-only items only while the site has live offers, dropping a parent left empty", () => {
    const menu = [
      { label: "Deals", onlyWhenOffers: false, newTab: false, children: [{ label: "Offers", href: "/offers", onlyWhenOffers: true, newTab: false }] },
      { label: "Specials", href: "/specials", onlyWhenOffers: false, newTab: false, children: [{ label: "Offers", href: "/offers", onlyWhenOffers: true, newTab: false }] },
    ];
    // What the browser's menu reads: no onlyWhenOffers, and newTab only when true.
    expect(visibleItems(menu, false)).toEqual([{ label: "Specials", href: "/specials" }]);
    expect(visibleItems(menu, true)).toEqual([
      { label: "Deals", children: [{ label: "Offers", href: "/offers" }] },
      { label: "Specials", href: "/specials", children: [{ label: "Offers", href: "/offers" }] },
    ]);
    const newTab = [{ label: "Finance", href: "https://finance.example", onlyWhenOffers: false, newTab: true }];
    expect(visibleItems(newTab, false)).toEqual([{ label: "Finance", href: "https://finance.example", newTab: true }]);
  });

  it("lists ungrouped children first, then groups in order of first appearance", () => {
    const groups = groupChildren([
      { label: "A", href: "/a", group: "SUV" },
      { label: "B", href: "/b" },
      { label: "C", href: "/c", group: "Hatch" },
      { label: "D", href: "/d", group: "SUV" },
    ]);
    expect(groups.map((g) => [g.name, g.links.map((l) => l.label)])).toEqual([
      ["", ["B"]],
      ["SUV", ["A", "D"]],
      ["Hatch", ["C"]],
    ]);
  });
});
