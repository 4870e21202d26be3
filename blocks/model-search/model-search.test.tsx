import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH } from "../../domain/search-host";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { fixtureCtx, testTenant } from "../../tests/fixtures/fixture-tenant";
import { car } from "../../tests/fixtures/search-records";
import { fakeSearch } from "../../tests/fixtures/fake-search";
import ModelSearch from "./model-search";

vi.mock("../../server/search/in-process", () => ({ registerInProcessSearch: () => {} }));

const stock = [
  car(1, { price: 24990 }),
  car(2, { body: "sedan", price: 0, primary_image_url: "/media/cars/1002/1.jpg", custom_rank: 200 }),
  car(3, { make: "Mazda", model: "CX-5", body: "suv", car_type: "new", price: 45000 }),
  car(4, { make: "Mazda", model: "CX-5", body: "suv", car_type: "used", price: 31000 }),
  car(5, { make: "Mazda", model: "CX-5", body: "suv", car_type: "demo", price: 38000 }),
  car(6, { make: "Land Rover", model: "Defender", body: "suv", car_type: "used", price: 0, primary_image_url: null }),
];

const render = async (p: Partial<BlockProps<"model-search">> = {}, tenant: TenantDocument = testTenant(), cars = stock, query: Record<string, string> = {}) => {
  // The engine's default ranking: custom_rank, highest first.
  const engine = fakeSearch(cars, () => (a, b) => b.custom_rank - a.custom_rank);
  (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = (_host: string, requests: never) => engine.search(requests);
  const node = await ModelSearch({ id: "models", props: { sort: "count", ...p }, ctx: { ...fixtureCtx("/models", tenant), query } });
  return { html: renderToString(node as ReactElement).replace(/<!-- -->/g, ""), engine };
};

const tiles = (html: string) =>
  [...html.matchAll(/<a class="[^"]*" href="([^"]+)" data-make="([^"]+)" data-model="([^"]+)">(.*?)<\/a>/g)].map((m) => ({
    href: m[1],
    make: m[2],
    model: m[3],
    text: [...m[4].matchAll(/<span class="[^"]*">([^<]+)<\/span>/g)].map((s) => s[1]),
    img: /<img [^>]*src="([^"]+)"[^>]*loading="(\w+)"/.exec(m[4])?.slice(1) ?? null,
  }));

describe("model-search block", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH];
  });

  it("/models?body=suv lists only the models that come as an SUV, says so, and keeps the body in the no-script form", async () => {
    const { html } = await render({}, testTenant(), stock, { body: "suv" });
    expect(tiles(html).map((t) => `${t.make} ${t.model} ${t.href}`)).toEqual(["Mazda CX-5 /search/mazda/cx-5/suv-cars", "Land Rover Defender /search/land-rover/defender/suv-cars"]);
    expect(html).toMatch(/<p class="[^"]*">Showing SUV models. <a href="\/models">Show all models<\/a><\/p>/);
    expect(html).toContain('<input type="hidden" name="body" value="suv"/>');
    const all = await render();
    expect(all.html).not.toContain("Showing");
    expect(tiles(all.html)).toHaveLength(3);
  });

  it("renders the first page of models on the server: one tile per model with picture, bodies, count, From price and link", async () => {
    const { html, engine } = await render({ heading: "Browse by model" });
    expect(html).toMatch(/<section class="fc-container fc-section [^"]*" aria-labelledby="models-heading"><h2 id="models-heading" class="[^"]*">Browse by model<\/h2>/);
    expect(html).toMatch(/<label for="([^"]+)" class="[^"]*">Search makes, models or body types<\/label><div class="[^"]*"><input id="\1"[^>]* type="search"[^>]* name="query"/);
    expect(html).toMatch(/<p class="[^"]*" role="status">3 models<\/p>/);
    expect(html).toContain('placeholder="e.g. Mazda SUV"');
    expect(tiles(html)).toEqual([
      {
        href: "/search/mazda/cx-5",
        make: "Mazda",
        model: "CX-5",
        text: ["Mazda CX-5", "SUV", "3 Cars in stock", "From $31,000"],
        img: ["/_next/image?url=%2Fmedia%2Fcars%2F1003%2F1.jpg&amp;w=384&amp;q=75", "eager"],
      },
      {
        href: "/search/toyota/corolla",
        make: "Toyota",
        model: "Corolla",
        // The unpriced Corolla (price 0) does not make it "From $0"; its picture is the top-ranked car's.
        text: ["Toyota Corolla", "Hatch, Sedan", "2 Cars in stock", "From $24,990"],
        img: ["/_next/image?url=%2Fmedia%2Fcars%2F1002%2F1.jpg&amp;w=384&amp;q=75", "eager"],
      },
      { href: "/search/land-rover/defender", make: "Land Rover", model: "Defender", text: ["Land Rover Defender", "SUV", "1 Car in stock"], img: null },
    ]);
    expect(html).toMatch(/<ul class="[^"]*" tabindex="-1" aria-label="Models"><li>/);
    // Two rounds: the model list, then two requests per shown model.
    expect(engine.requests).toHaveLength(1 + 3 * 2);
    expect(html).not.toContain("No Results Available");
    expect(html).not.toContain('aria-label="Model pages"');
  });

  it("restricts everything to the block's car type and adds it to the links; orders by name when asked", async () => {
    const { html, engine } = await render({ carType: "used", sort: "name" });
    expect(html).toContain('aria-label="Makes and models"');
    expect(tiles(html).map((t) => [t.href, t.text[2]])).toEqual([
      ["/search/used-cars/land-rover/defender", "1 Used Car in stock"],
      ["/search/used-cars/mazda/cx-5", "1 Used Car in stock"],
      ["/search/used-cars/toyota/corolla", "2 Used Cars in stock"],
    ]);
    expect(engine.requests.every((r) => JSON.stringify(r.params?.facetFilters?.[0]) === '["car_type:used"]')).toBe(true);
  });

  it("pages 21 models at a time: page 1 with Next, page numbers and aria-current, pictures lazy after the first row", async () => {
    const many = Array.from({ length: 30 }, (_, i) => car(i + 1, { make: "Make", model: `M${String(i).padStart(2, "0")}`, price: 10000 + i }));
    const { html, engine } = await render({}, testTenant(), many);
    expect(html).toContain(">30 models<");
    const shown = tiles(html);
    expect(shown).toHaveLength(21);
    expect(shown.map((t) => t.img?.[1])).toEqual([...Array(4).fill("eager"), ...Array(17).fill("lazy")]);
    expect(engine.requests).toHaveLength(1 + 21 * 2);
    expect(html).toMatch(/<nav class="[^"]*" aria-label="Model pages">/);
    expect(html).toMatch(/<span class="[^"]*" aria-hidden="true">Previous<\/span>/);
    expect(html).toMatch(/<a class="[^"]*" href="\/models" aria-label="Page 1" aria-current="page">1<\/a>/);
    expect(html).toMatch(/<a class="[^"]*" href="\/models\?page=2" aria-label="Page 2">2<\/a>/);
    expect(html).toMatch(/<a class="[^"]*" href="\/models\?page=2">Next<\/a>/);
  });

  it("says No Results Available when the site has no stock to list", async () => {
    const { html } = await render({}, testTenant(), []);
    expect(html).toContain(">0 models<");
    expect(html).toMatch(/<h3 class="[^"]*">No Results Available<\/h3><p>No results found for your search at this time\. Please try adjusting the filters for more results\.<\/p>/);
  });

  it("still renders the search box when the first search fails, claiming nothing", async () => {
    (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = () => Promise.reject(new Error("engine down"));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const node = await ModelSearch({ id: "models", props: { sort: "count" }, ctx: fixtureCtx("/models", testTenant()) });
    const html = renderToString(node as ReactElement).replace(/<!-- -->/g, "");
    expect(html).toContain("Search makes, models or body types");
    expect(html).not.toContain("No Results Available");
    expect(html).toMatch(/role="status"><\/p>/);
    expect(error).toHaveBeenCalledWith("[model-search] first search failed:", expect.any(Error));
    error.mockRestore();
  });
});
