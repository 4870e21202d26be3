import type { BlockComponent } from "../../renderer/types";
import { registerInProcessSearch } from "../../server/search/in-process";
import { OffersSearchClient } from "./offers-search.client";
import { offersSettings } from "./offers";

/**
 * Offers come from the tenant document, so their index is always this app's engine (also when
 * vehicles are searched on Algolia): the page talks to /api/search, and renders its first answer here.
 */
const OffersSearch: BlockComponent<"offers-search"> = ({ id, props, ctx }) => {
  registerInProcessSearch();
  return (
    <div className="fc-container fc-section">
      <OffersSearchClient settings={offersSettings(id, props, ctx)} />
    </div>
  );
};

export default OffersSearch;
