"use client";

import { useState } from "react";
import { InstantSearchNext } from "react-instantsearch-nextjs";
import { createSearchClient } from "../../renderer/search-client";
import { LiveFromCommit } from "../_shared/search/live-from-commit";
import { withResultCache } from "../_shared/search/result-cache";
import { searchRouting } from "../_shared/search/routing";
import { OFFERS_CACHE_SIZE, type OffersSettings } from "./offers";
import { OffersUI } from "./offers-ui";

export function OffersApp({ settings }: { settings: OffersSettings }) {
  const [searchClient] = useState(() => withResultCache(createSearchClient(settings.host), OFFERS_CACHE_SIZE));
  const [routing] = useState(() => searchRouting(settings.indexName, settings.seo, []));
  return (
    <InstantSearchNext indexName={settings.indexName} searchClient={searchClient} routing={routing} insights={false} future={{ preserveSharedStateOnUnmount: true }}>
      <OffersUI settings={settings} />
      <LiveFromCommit />
    </InstantSearchNext>
  );
}
