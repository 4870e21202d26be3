"use client";

import { useState } from "react";
import { InstantSearchNext } from "react-instantsearch-nextjs";
import { createSearchClient } from "../../renderer/search-client";
import { withResultCache } from "../_shared/search/result-cache";
import { searchRouting } from "../_shared/search/routing";
import { SearchWidgets } from "./search-ui";
import type { SearchSettings } from "./settings";

/**
 * The search page's one client leaf: InstantSearch with server-rendered first results (the engine
 * answers in process while the server renders), then live in the browser against /api/search —
 * or, when the site has an Algolia config, against Algolia on both sides.
 */
export function SearchApp({ settings }: { settings: SearchSettings }) {
  const [searchClient] = useState(() => withResultCache(createSearchClient(settings.host, settings.algolia), settings.cacheSize));
  const [routing] = useState(() => searchRouting(settings.indexName, settings.seo, settings.sorts.map((s) => s.value)));
  return (
    <InstantSearchNext
      indexName={settings.indexName}
      searchClient={searchClient}
      routing={routing}
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <SearchWidgets settings={settings} />
    </InstantSearchNext>
  );
}
