import { createSearchClient } from "../../renderer/search-client";
import type { BlockComponent } from "../../renderer/types";
import { algoliaClientConfig } from "../../server/search/algolia";
import { registerInProcessSearch } from "../../server/search/in-process";
import { ModelSearchClient } from "../lazy.generated";
import { findModels, modelSearchSettings, type ModelResults, type SearchFn } from "./models";
import styles from "./model-search.module.css";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "../_shared/model-tile.module.css";
import "../_shared/search/search.module.css";

/**
 * The makes and models search. The first page of models (no text) renders on the server, so the
 * tiles and their links are there before any script runs; the client leaf searches as the visitor types.
 */
const ModelSearch: BlockComponent<"model-search"> = async ({ id, props, ctx }) => {
  registerInProcessSearch();
  const settings = modelSearchSettings(id, props, ctx, algoliaClientConfig(ctx.tenant, new Date()));
  const client = createSearchClient(settings.host, settings.algolia);
  const search: SearchFn = (requests) => client.search(requests as never) as Promise<{ results: unknown[] }>;
  let initial: ModelResults | null = null;
  try {
    initial = await findModels(search, settings, { query: "", page: 0 });
  } catch (error) {
    console.error("[model-search] first search failed:", error);
  }
  const headingId = `${id}-heading`;
  return (
    <section className={`fc-container fc-section ${styles.block}`} {...(settings.heading ? { "aria-labelledby": headingId } : { "aria-label": "Makes and models" })}>
      {settings.heading ? (
        <h2 id={headingId} className={styles.heading}>
          {settings.heading}
        </h2>
      ) : null}
      <ModelSearchClient settings={settings} initial={initial} />
    </section>
  );
};

export default ModelSearch;
