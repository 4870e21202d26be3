import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import { SearchIndex } from "../../server/search/engine";
import { vehicleIndexSettings } from "../../server/search/vehicle-index";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { cardSettings } from "../_shared/vehicle-card";
import { car as hit, NOW } from "../../tests/fixtures/search-records";
import { SimilarCarsList, type SimilarState } from "./list";
import { loadSimilarCars, similarCarsRequests } from "./load";
import SimilarCars from "./similar-cars";

const clean = (html: string) => html.replace(/<!-- -->/g, "");

async function render(car: StoredVehicle | null = fixtureVehicle(), change: (t: TenantDocument) => void = () => {}, heading?: string) {
  const t = structuredClone(fixtureTenant);
  change(t);
  const node = await SimilarCars({ id: "similar", props: heading ? { heading } : {}, ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) });
  return node == null ? "" : clean(renderToString(node as ReactElement));
}

const list = (state: SimilarState) =>
  clean(renderToString(<SimilarCarsList state={state} texts={{ id: "similar", heading: "Similar Cars" }} card={cardSettings(fixtureTenant)} now={NOW.getTime()} />));

describe("similar cars block (spec §4, §9)", () => {
  it("renders the heading and 6 placeholders until the section comes near the screen", async () => {
    const html = await render();
    expect(html).toContain('<section class="fc-container');
    expect(html).toContain('aria-labelledby="similar-heading"');
    expect(html).toContain('<h2 id="similar-heading"');
    expect(html).toContain(">Similar Cars</h2>");
    expect(html.match(/data-testid="similar-placeholder"/g)).toHaveLength(6);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(">Loading similar cars</span>");
  });

  it("takes its heading from the prop, else the site's vehicle word; shows for sold cars too; not without a car", async () => {
    expect(await render(fixtureVehicle(), () => {}, "You may also like")).toContain(">You may also like</h2>");
    expect(await render(fixtureVehicle(), (t) => (t.identity.vehicleNoun = { singular: "Vehicle", plural: "Vehicles" }))).toContain(">Similar Vehicles</h2>");
    expect(await render(soldVehicle())).toContain(">Similar Cars</h2>");
    expect(await render(null)).toBe("");
  });

  it("shows the cars as vehicle cards when they arrive, and nothing for none or when hidden", () => {
    const html = list({ status: "ready", cars: [hit(1, { title: "2022 Mazda CX-5 Maxx" }), hit(2)] });
    expect(html).toContain('aria-busy="false"');
    expect(html.match(/<article /g)).toHaveLength(2);
    expect(html).toContain('href="/cars/2021-toyota-corolla-ascent-sport-1001"');
    expect(html).toContain('id="similar-1001-title"');
    expect(html).not.toContain("similar-placeholder");
    expect(list({ status: "ready", cars: [] })).toBe("");
    expect(list({ status: "hidden" })).toBe("");
  });
});

describe("the similar-cars query (spec §7, §9)", () => {
  const query = (price: number, carId = "1000") => ({ indexName: "vehicles", filter: `status:in_stock AND price:${price - (price < 50000 ? 10000 : 25000)} TO ${price + (price < 50000 ? 10000 : 25000)}`, carId });

  it("asks the search service for 10 hits with no facets, highlight tags and the filter", () => {
    expect(similarCarsRequests(query(28990))).toEqual([
      {
        indexName: "vehicles",
        params: { query: "", filters: "status:in_stock AND price:18990 TO 38990", hitsPerPage: 10, facets: [], highlightPreTag: "<mark>", highlightPostTag: "</mark>" },
      },
    ]);
  });

  it("on the embedded engine: only in-stock cars within the price window, never the car itself, at most 6", async () => {
    const day = 86400;
    const nowTs = Math.floor(NOW.getTime() / 1000);
    const records = [
      hit(0, { price: 28990 }), // the car on the page
      ...Array.from({ length: 8 }, (_, i) => hit(1 + i, { price: 19000 + i * 2500, custom_rank: 100 - i })), // 19000 … 36500: all in the window
      hit(20, { price: 18989 }), // just under the window
      hit(21, { price: 38991 }), // just over
      hit(22, { status: "coming_soon" }),
      hit(23, { status: "sold", sold_at: nowTs - day, listing_ts: nowTs - day }),
      hit(24, { price: 38990, custom_rank: 1 }), // on the edge: in
    ];
    const index = new SearchIndex(vehicleIndexSettings);
    index.replaceAll(records);
    const client = { search: async (requests: never) => index.multipleQueries(requests) };
    const cars = await loadSimilarCars(client, query(28990, "1000"));
    expect(cars).toHaveLength(6);
    for (const c of cars) {
      expect(c.status).toBe("in_stock");
      expect(c.price).toBeGreaterThanOrEqual(18990);
      expect(c.price).toBeLessThanOrEqual(38990);
      expect(c.objectID).not.toBe("1000");
    }
    // All ten candidates the query asked for, the car itself among them, then six of the others.
    const all = (index.multipleQueries(similarCarsRequests(query(28990)) as never).results[0] as unknown as { hits: { objectID: string }[] }).hits.map((h) => h.objectID);
    expect(all.sort()).toEqual(["1000", "1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1024"]);
  });

  it("fails loudly to its caller (which logs it) when the search fails or answers nonsense", async () => {
    await expect(loadSimilarCars({ search: async () => Promise.reject(new Error("network down")) }, query(28990))).rejects.toThrow("network down");
    await expect(loadSimilarCars({ search: async () => ({ results: [{}] }) }, query(28990))).rejects.toThrow("The search answered without hits.");
  });
});
