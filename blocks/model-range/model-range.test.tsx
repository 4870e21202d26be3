import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IN_PROCESS_SEARCH } from "../../domain/search-host";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import { modelRangeTenant as tenant, withModelStock as withEngine } from "../../tests/fixtures/model-range";
import ModelRange from "./model-range";

vi.mock("../../server/search/in-process", () => ({ registerInProcessSearch: () => {} }));

const html = async (node: unknown) => renderToString((await node) as ReactElement).replace(/<!-- -->/g, "");
const range = (path: string, props: Partial<BlockProps<"model-range">> = {}, query: Record<string, string> = {}, t: TenantDocument = tenant) =>
  html(ModelRange({ id: "range", props: { bodyFilter: true, ...props }, ctx: { ...fixtureCtx(path, t), query } }));
const tiles = (h: string) => [...h.matchAll(/<a class="[^"]*" href="([^"]+)" data-model="([^"]+)">(.*?)<\/a>/g)].map((m) => [m[1], ...[...m[3].matchAll(/<span class="[^"]*">([^<]+)<\/span>/g)].map((s) => s[1])]);

describe("model-range block", () => {
  afterEach(() => {
    delete (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH];
  });

  it("lists the range as tiles: badge, name, bodies, From price and the stock count, each to its model page", async () => {
    withEngine();
    const h = await range("/models", { heading: "The New Range" });
    expect(h).toContain(">The New Range</h2>");
    expect(tiles(h)).toEqual([
      ["/cx-5", "Mazda CX-5", "SUV", "2 in stock", "From $37,990"],
      ["/mazda3", "NEW", "Mazda3", "Hatch, Sedan", "1 in stock", "From $33,490"],
      ["/cx-70", "Picture coming soon", "COMING SOON", "Mazda CX-70", "SUV", "None in stock"],
      ["/hilux", "Picture coming soon", "Toyota HiLux", "Ute", "None in stock"],
    ]);
    // The top car's picture where the model has none of its own.
    expect(h).toContain(`src="/_next/image?url=${encodeURIComponent("/media/cars/1001/1.jpg")}&amp;w=640`);
  });

  it("filters by ?body= (spec slugs normalised) with plain links, the current one marked", async () => {
    withEngine();
    const h = await range("/models", {}, { body: "SUV" });
    expect(tiles(h).map((t) => t[0])).toEqual(["/cx-5", "/cx-70"]);
    expect(h).toMatch(/<a href="\/models\?body=suv" aria-current="page">SUV<\/a>/);
    expect(h).toMatch(/<a href="\/models">All<\/a>/);
    const hatch = await range("/models", {}, { body: "hatchback" });
    expect(tiles(hatch).map((t) => t[0])).toEqual(["/mazda3"]);
    // An unknown or hostile body shows the whole range.
    expect(tiles(await range("/models", {}, { body: "<script>" }))).toHaveLength(4);
  });

  it("on a brand page lists that brand's models under its name; a make set on the block wins", async () => {
    withEngine();
    const brand = await range("/mazda/overview");
    expect(brand).toContain(">The Mazda Range</h2>");
    expect(tiles(brand).map((t) => t[0])).toEqual(["/cx-5", "/mazda3", "/cx-70"]);
    expect(tiles(await range("/mazda/overview", { make: "toyota" })).map((t) => t[0])).toEqual(["/hilux"]);
    expect(await range("/models", { make: "Kia" })).toBe("");
  });

  it("still lists the range when the search fails, with nothing in stock", async () => {
    (globalThis as Record<symbol, unknown>)[IN_PROCESS_SEARCH] = () => Promise.reject(new Error("down"));
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(tiles(await range("/models")).map((t) => t.find((x) => x.endsWith("in stock")))).toEqual(["None in stock", "None in stock", "None in stock", "None in stock"]);
    err.mockRestore();
  });
});
