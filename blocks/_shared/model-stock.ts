/**
 * What the search knows of the range's models: how many of each are in stock and the top-ranked
 * car's picture (one multi-query, one request a model, answered by the site's search on the server).
 */
import { facetFilter, VEHICLES_INDEX } from "../../domain/search-rules";
import { imageUrl } from "../../domain/image-urls";
import { modelFacetValue, type Model } from "../../domain/models";
import { createSearchClient } from "../../renderer/search-client";
import type { BlockContext } from "../../renderer/types";
import { algoliaClientConfig } from "../../server/search/algolia";
import { registerInProcessSearch } from "../../server/search/in-process";

export interface ModelStock {
  count: number;
  /** The model's own picture, else its top-ranked car's; null when neither exists. */
  image: string | null;
}

/** Each model's stock by model id; a failed search leaves counts at 0 and pictures at the model's own (logged). */
export async function modelStock(ctx: Pick<BlockContext, "tenant" | "searchHost">, models: readonly Model[], width: number): Promise<Map<string, ModelStock>> {
  const own = (m: Model) => (m.image ? imageUrl(m.image.src, { width }) : null);
  const out = new Map(models.map((m) => [m.id, { count: 0, image: own(m) }]));
  if (!models.length) return out;
  registerInProcessSearch();
  try {
    const client = createSearchClient(ctx.searchHost, algoliaClientConfig(ctx.tenant, new Date()));
    const requests = models.map((m) => ({
      indexName: VEHICLES_INDEX,
      params: { query: "", hitsPerPage: 1, facetFilters: [[facetFilter("make_model", modelFacetValue(m))]], attributesToRetrieve: ["primary_image_url"], attributesToHighlight: [] },
    }));
    const { results } = (await client.search(requests as never)) as { results: { nbHits?: number; hits?: { primary_image_url?: string | null }[] }[] };
    models.forEach((m, i) => {
      const r = results[i];
      const top = r?.hits?.[0]?.primary_image_url;
      out.set(m.id, { count: r?.nbHits ?? 0, image: own(m) ?? (top ? imageUrl(top, { width }) : null) });
    });
  } catch (error) {
    console.error("[model-range] the stock search failed:", error);
  }
  return out;
}
