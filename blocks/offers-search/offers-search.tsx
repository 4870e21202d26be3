import { liveOfferCount } from "../../domain/offers";
import type { BlockComponent } from "../../renderer/types";
import { registerInProcessSearch } from "../../server/search/in-process";
import { OffersSearchClient } from "./offers-search.client";
import { NO_LIVE_OFFERS, offersSettings } from "./offers";

/**
 * Offers come from the tenant document, so their index is always this app's engine (also when
 * vehicles are searched on Algolia): the page talks to /api/search, and renders its first answer here.
 * A site with no offer running now gets a plain line and a link to its stock, not an empty search
 * with filters to clear.
 */
const OffersSearch: BlockComponent<"offers-search"> = ({ id, props, ctx }) => {
  const settings = offersSettings(id, props, ctx);
  if (!liveOfferCount(ctx.tenant, new Date())) {
    return (
      <section className="fc-container fc-section" aria-labelledby={`${id}-heading`} data-block="offers-search">
        <h2 id={`${id}-heading`} className={settings.heading ? undefined : "fc-visually-hidden"}>
          {settings.heading ?? "Offers"}
        </h2>
        <p>
          {NO_LIVE_OFFERS} <a href="/search">Browse all our cars</a>
        </p>
      </section>
    );
  }
  registerInProcessSearch();
  return (
    <div className="fc-container fc-section">
      <OffersSearchClient settings={settings} />
    </div>
  );
};

export default OffersSearch;
