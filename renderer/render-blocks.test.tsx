import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTenant } from "../tests/fixtures/tenant";
import { validateTenant } from "../domain/tenant-validation";
import { findPage, normalisePath } from "../domain/find-page";
import { hasPersonalBlock, renderBlocks, renderPageBlocks, templatePage } from "./render-blocks";
import { blockRegistry } from "./registry.generated";
import type { BlockRegistry, TenantDocument } from "./types";

const resolved = (doc: unknown) => {
  const r = validateTenant(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.document;
};

describe("renderBlocks", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders blocks in order and isolates one that throws", async () => {
    const doc = makeTenant("alpha");
    doc.pages[0].blocks = [
      { id: "one", type: "rich-text", props: { html: "first" } },
      { id: "boom", type: "rich-text", props: { html: "explode" } },
      { id: "three", type: "rich-text", props: { html: "third" } },
    ] as never;
    const tenant = resolved(doc);
    const registry = {
      "rich-text": {
        render: ({ props }: { props: { html: string } }) => {
          if (props.html === "explode") throw new Error("kaboom");
          return <p>{props.html}</p>;
        },
      },
    } as unknown as BlockRegistry;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const nodes = await renderBlocks(tenant.pages[0].blocks, { tenant, page: tenant.pages[0], path: "/", vehicle: null, searchHost: "alpha.localhost" }, registry);
    expect(renderToStaticMarkup(<>{nodes}</>)).toBe("<p>first</p><p>third</p>");
    expect(log).toHaveBeenCalledWith('[blocks] block "boom" (rich-text) on alpha/ failed to render:', expect.any(Error));
  });
});

describe("templatePage", () => {
  it("is what a block's definition says about a page of its template", () => {
    const about = { template: "search", title: async () => "Used Toyota Cars" };
    const registry = { "rich-text": { render: () => null }, "search-results": { render: () => null, templatePage: about } } as unknown as BlockRegistry;
    expect(templatePage("search", registry)).toBe(about);
    expect(templatePage("vehicle-detail", registry)).toBeUndefined();
    expect(templatePage(undefined, registry)).toBeUndefined();
  });

  it("in the generated registry, the search page's title and 404 come from the search-results block", () => {
    const about = templatePage("search");
    expect(about).toBe(blockRegistry["search-results"].templatePage);
    expect(typeof about?.title).toBe("function");
    expect(typeof about?.missing).toBe("function");
  });
});

describe("hasPersonalBlock", () => {
  it("is true where a block's definition is personal", () => {
    const registry = { "rich-text": { render: () => null }, "sign-in": { render: () => null, personal: true } } as unknown as BlockRegistry;
    expect(hasPersonalBlock([{ type: "rich-text" }, { type: "sign-in" }], registry)).toBe(true);
    expect(hasPersonalBlock([{ type: "rich-text" }], registry)).toBe(false);
  });

  it("in the generated registry: sign-in, My Garage and the watchlist", () => {
    const personal = Object.keys(blockRegistry).filter((type) => hasPersonalBlock([{ type }]));
    expect(personal).toEqual(["my-garage", "sign-in", "watchlist"]);
  });
});

describe("renderPageBlocks", () => {
  const registry = { "rich-text": { render: ({ props }: { props: { html: string } }) => <p>{props.html}</p> } } as unknown as BlockRegistry;
  const page = (areas: (string | undefined)[]) => {
    const doc = makeTenant("alpha");
    doc.pages[0].blocks = areas.map((area, i) => ({ id: `b${i}`, type: "rich-text", props: { html: `b${i}` }, ...(area ? { area } : {}) })) as never;
    const tenant = resolved(doc);
    return renderPageBlocks(tenant.pages[0].blocks, { tenant, page: tenant.pages[0], path: "/", vehicle: null, searchHost: "alpha.localhost" }, registry);
  };

  it("stacks a page without sidebar blocks as it is", async () => {
    expect(renderToStaticMarkup(<>{await page([undefined, "main", undefined])}</>)).toBe("<p>b0</p><p>b1</p><p>b2</p>");
  });

  it("puts sidebar blocks beside the main ones: lead (before the first sidebar block), sidebar, rest", async () => {
    expect(renderToStaticMarkup(<>{await page([undefined, undefined, "sidebar", "sidebar", undefined, "main"])}</>)).toBe(
      '<div class="fc-columns"><div class="fc-columns__lead"><p>b0</p><p>b1</p></div>' +
        '<div class="fc-columns__side"><div class="fc-columns__sticky"><p>b2</p><p>b3</p></div></div>' +
        '<div class="fc-columns__rest"><p>b4</p><p>b5</p></div></div>',
    );
  });

  it("refuses an unknown area in the document", () => {
    const doc = makeTenant("alpha");
    doc.pages[0].blocks = [{ id: "x", type: "rich-text", props: { html: "x" }, area: "left" }] as never;
    expect(validateTenant(doc).ok).toBe(false);
  });
});

describe("findPage", () => {
  const doc = (): TenantDocument => {
    const d = makeTenant("alpha");
    d.pages.push(
      { id: "about", path: "/about-us", title: "About", blocks: [] },
      { id: "vdp", template: "vehicle-detail", title: "Vehicle", blocks: [] },
      { id: "search", template: "search", title: "Search", blocks: [] },
      { id: "loc", template: "location-detail", title: "Location", blocks: [] },
    );
    return resolved(d);
  };

  it("matches exact paths, case- and slash-insensitively", () => {
    expect(findPage(doc(), normalisePath(["About-Us", ""]))?.id).toBe("about");
    expect(findPage(doc(), normalisePath([]))?.id).toBe("home");
  });
  it("serves template pages for vehicle, search and location URLs", () => {
    expect(findPage(doc(), "/cars/2021-mazda-cx-5-maxx-12345")?.id).toBe("vdp");
    expect(findPage(doc(), "/search/used-cars")?.id).toBe("search");
    expect(findPage(doc(), "/search")?.id).toBe("search");
    expect(findPage(doc(), "/locations/brisbane")?.id).toBe("loc");
  });
  it("serves /used-car/… from the search page only on sites with used-car paths", () => {
    expect(findPage(doc(), "/used-car")).toBeNull();
    expect(findPage(doc(), "/used-car/toyota/corolla")).toBeNull();
    const used = doc();
    used.features.usedCarPaths = true;
    expect(findPage(used, "/used-car")?.id).toBe("search");
    expect(findPage(used, "/used-car/toyota/corolla")?.id).toBe("search");
    expect(findPage(used, "/used-cars")).toBeNull();
  });
  describe("the trade-in paths (/trade-in, /sell-my-car, /cars/trade-in)", () => {
    const PATHS = ["/trade-in", "/sell-my-car", "/cars/trade-in"];
    const withWizard = (enabled = true) => {
      const d = doc();
      d.features.tradeIn = { enabled, imageStep: false, maxAgeYears: 10, sendValuationToMiscellaneous: false };
      d.pages.push(
        { id: "sell", path: "/sell-your-vehicle", title: "Sell", blocks: [{ id: "sell-intro", type: "rich-text", props: { html: "x" } }, { id: "w", type: "trade-in-wizard", props: {} }] as never },
        { id: "later", path: "/another-wizard", title: "Another", blocks: [{ id: "w2", type: "trade-in-wizard", props: {} }] as never },
      );
      return resolved(d);
    };
    it("trade-in on: the site's first page with a trade-in-wizard is served at all three, before the vehicle-detail template", () => {
      const d = withWizard();
      for (const path of PATHS) expect(findPage(d, path)?.id, path).toBe("sell");
      expect(findPage(d, "/sell-your-vehicle")?.id).toBe("sell");
      // Other car slugs still go to the vehicle page.
      expect(findPage(d, "/cars/trade-in-special")?.id).toBe("vdp");
      expect(findPage(d, "/trade-in/more")).toBeNull();
    });
    it("trade-in off: none of them is a page (not even the vehicle template for /cars/trade-in)", () => {
      const d = withWizard(false);
      for (const path of PATHS) expect(findPage(d, path), path).toBeNull();
    });
    it("trade-in on but no page with the wizard: none of them is a page", () => {
      const d = doc();
      for (const path of PATHS) expect(findPage(d, path), path).toBeNull();
    });
    it("a site's own page at one of the paths wins there", () => {
      const d = withWizard();
      d.pages.push({ id: "own", path: "/trade-in", title: "Our trade-in", blocks: [] });
      expect(findPage(d, "/trade-in")?.id).toBe("own");
      expect(findPage(d, "/sell-my-car")?.id).toBe("sell");
      expect(findPage(d, "/cars/trade-in")?.id).toBe("sell");
    });
  });
  it("returns null for unknown paths and unknown locations", () => {
    expect(findPage(doc(), "/nope")).toBeNull();
    expect(findPage(doc(), "/locations/perth")).toBeNull();
    expect(findPage(doc(), "/cars/a/b")).toBeNull();
  });
});
