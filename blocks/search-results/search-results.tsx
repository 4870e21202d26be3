import { cache } from "react";
import { parseSearchPath, pathNeedsFacets, searchPathFound, searchPathTitle, type SearchPathFacets } from "../../domain/search-paths";
import { VEHICLES_INDEX } from "../../domain/search-rules";
import { createSearchClient } from "../../renderer/search-client";
import { parseSearchHost, type AlgoliaConfig } from "../../domain/search-host";
import type { BlockComponent, BlockContext } from "../../renderer/types";
import { algoliaClientConfig } from "../../server/search/algolia";
import { registerInProcessSearch } from "../../server/search/in-process";
import { languageModelWaitMs } from "../../server/understand/provider";
import type { SeoState } from "../_shared/search/routing";
import { SearchResultsClient } from "./search-results.client";
import { searchSettings } from "./settings";
import { valueLabel } from "../_shared/search/display";
import styles from "./search-results.module.css";

const PATH_FACETS = ["make", "model", "body", "make_model", "item_type"] as const;

/** The facet values path slugs are matched against; null (and a logged reason) when the engine cannot say. */
async function pathFacets(host: string, algolia: AlgoliaConfig | null): Promise<SearchPathFacets | null> {
  try {
    const response = (await createSearchClient(host, algolia).search([
      { indexName: VEHICLES_INDEX, params: { query: "", hitsPerPage: 0, facets: [...PATH_FACETS], maxValuesPerFacet: 1000 } },
    ] as never)) as { results: { facets?: Record<string, Record<string, number>> }[] };
    const facets = response.results[0]?.facets ?? {};
    return Object.fromEntries(PATH_FACETS.map((f) => [f, Object.keys(facets[f] ?? {})]));
  } catch (error) {
    console.error("[search-results] could not read facet values for the SEO path:", error);
    return null;
  }
}

/** pathFacets once per request: the page title and the search block both need them (React cache, keyed by strings). */
const requestFacets = cache((host: string, algoliaJson: string) => pathFacets(host, algoliaJson ? (JSON.parse(algoliaJson) as AlgoliaConfig) : null));

/** The request path read as a search path, and whether the facet values it was read against are known. */
async function readPath(ctx: BlockContext, host: string, algolia: AlgoliaConfig | null) {
  const { tenant, path } = ctx;
  const facets = pathNeedsFacets(path) ? await requestFacets(host, algolia ? JSON.stringify(algolia) : "") : {};
  const parsed = parseSearchPath(path, facets ?? {}, { joinNewAndDemo: tenant.search.joinNewAndDemo, carTypes: tenant.identity.carTypes, truckSlug: tenant.search.truckSlug });
  return { parsed, facetsKnown: facets !== null };
}

/** The refinements the request path sets (/search/used-cars, /search/toyota/corolla, /used-car/…). */
export async function seoState(ctx: BlockContext, host: string, algolia: AlgoliaConfig | null = null): Promise<SeoState> {
  const { parsed } = await readPath(ctx, host, algolia);
  // On any other page the search stays where it is.
  if (!parsed) return { path: ctx.path, basePath: ctx.path, refinementList: {} };
  return { path: parsed.path, basePath: parsed.basePath, refinementList: parsed.refinementList };
}

/**
 * Whether the request path is a search path that names nothing this site sells (/search/nonsense,
 * /search/ford/xyz, a body type with no stock): a 404, not all stock under an address of its own.
 * When the engine cannot give the facet values the page stays (its error is not the visitor's).
 */
export async function searchPathMissing(ctx: BlockContext): Promise<boolean> {
  registerInProcessSearch();
  const { parsed, facetsKnown } = await readPath(ctx, ctx.searchHost, algoliaClientConfig(ctx.tenant, new Date()));
  return facetsKnown && !searchPathFound(parsed);
}

/** The search page's heading and title for its SEO path ("Used Toyota Corolla Cars for Sale"); null for the plain search. */
export async function searchPageTitle(ctx: BlockContext): Promise<string | null> {
  registerInProcessSearch();
  const seo = await seoState(ctx, ctx.searchHost, algoliaClientConfig(ctx.tenant, new Date()));
  return searchPathTitle(seo.refinementList, ctx.tenant.identity.vehicleNoun.plural, (body) => valueLabel("body", body));
}

const SearchResults: BlockComponent<"search-results"> = async ({ id, props, ctx }) => {
  registerInProcessSearch();
  const host = ctx.searchHost;
  const now = new Date();
  const algolia = algoliaClientConfig(ctx.tenant, now);
  // A preview's search host answers no /api/understand: the parser alone reads requests there.
  const understandWaitMs = parseSearchHost(host).token ? null : languageModelWaitMs();
  const settings = searchSettings({ id, props, tenant: ctx.tenant, host, seo: await seoState(ctx, host, algolia), now, promoSeed: Math.random(), algolia, understandWaitMs });
  return (
    <div className={`fc-container fc-section ${styles.block}`}>
      <SearchResultsClient settings={settings} />
    </div>
  );
};

export default SearchResults;
