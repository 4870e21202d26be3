import { similarCarsFilter } from "../../domain/vdp-rules";
import { VEHICLES_INDEX } from "../../domain/search-rules";
import type { BlockComponent } from "../../renderer/types";
import { algoliaClientConfig } from "../../server/search/algolia";
import { cardSettings } from "../_shared/vehicle-card";
import { SimilarCarsClient } from "../lazy.generated";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "./similar-cars.module.css";

/**
 * Similar cars on the VDP (spec §4, §7, §9): up to 6 cars in stock priced within ±10,000 of the
 * car (±25,000 from 50,000), from the site's search service, loaded when the section comes within
 * 500 px of view. Shown for any car of the page, sold ones included: that is when a visitor most
 * wants an alternative.
 */
const SimilarCars: BlockComponent<"similar-cars"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const { tenant } = ctx;
  const now = new Date();
  return (
    <SimilarCarsClient
      settings={{
        texts: { id, heading: props.heading?.trim() || `Similar ${tenant.identity.vehicleNoun.plural}` },
        query: { indexName: VEHICLES_INDEX, filter: similarCarsFilter(car), carId: car.id },
        host: ctx.searchHost,
        algolia: algoliaClientConfig(tenant, now),
        card: cardSettings(tenant),
        now: now.getTime(),
      }}
    />
  );
};

export default SimilarCars;
