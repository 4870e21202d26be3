// The vehicle index's synonyms come from the search box's table (domain/understand/synonyms.json).
import { describe, expect, it } from "vitest";
import { generateRecords } from "../../tests/fixtures/synthetic-search";
import { SearchIndex } from "./engine";
import { tableSynonyms, vehicleIndexSettings } from "./vehicle-index";

describe("the vehicle index's synonyms", () => {
  it("are the table's one-word requests for one-word values", () => {
    const synonyms = tableSynonyms();
    expect(synonyms).toContainEqual({ objectID: "table-pickup", type: "oneWaySynonym", input: "pickup", synonyms: ["ute"] });
    // Phrases of several words ("dual cab") and values of several ("CX-5") are the search box's alone.
    expect(synonyms.some((s) => s.type === "oneWaySynonym" && /\s/.test(s.input))).toBe(false);
  });

  it("let a text search for 'pickup' find the utes, as many as the body filter does", () => {
    const index = new SearchIndex(vehicleIndexSettings);
    index.replaceAll(generateRecords(2000, 5));
    const byText = index.search({ query: "pickup" }, { indexName: "vehicles" });
    const byBody = index.search({ facetFilters: ["body:ute"] }, { indexName: "vehicles" });
    expect(byBody.nbHits).toBeGreaterThan(0);
    expect(byText.nbHits).toBe(byBody.nbHits);
  });
});
