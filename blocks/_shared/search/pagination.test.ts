import { describe, expect, it } from "vitest";
import { pageLinks } from "./pagination";
import { createSearchURL, type IndexUiState } from "./routing";

const location = { protocol: "https:", host: "harbourline.example", hash: "", pathname: "/search", search: "" };
const seo = { path: "/search/toyota", basePath: "/search", refinementList: { make: ["Toyota"] } };

describe("pageLinks", () => {
  it("gives each page the link InstantSearch's createURL gives it, from two of its links", () => {
    const routes: IndexUiState[] = [
      {},
      { query: "page=2 ute", sortBy: "vehicles_price_asc" },
      { refinementList: { make: ["Toyota"] } }, // the SEO path on page 1, the base path after
      { query: "hilux", refinementList: { make: ["Toyota"], body: ["page=2"] }, range: { price: "5000:40000" } },
      { near: { place: "Southport, QLD", lat: -27.969, lng: 153.404, km: 50 } },
    ];
    for (const hash of ["", "#results"]) {
      for (const route of routes) {
        let calls = 0;
        // InstantSearch's page is 0-based; the URL's, 1-based.
        const createURL = (page: number) => (calls++, createSearchURL({ ...route, page: page + 1 }, { ...location, hash }, seo));
        const href = pageLinks(createURL);
        for (let page = 0; page < 30; page++) expect(href(page), `${JSON.stringify(route)} page ${page + 1}`).toBe(createSearchURL({ ...route, page: page + 1 }, { ...location, hash }, seo));
        expect(calls).toBe(2);
      }
    }
  });

  it("asks InstantSearch for a page whose link it cannot derive", () => {
    const href = pageLinks((page) => `/odd/${page}`);
    expect(href(5)).toBe("/odd/5");
  });
});
