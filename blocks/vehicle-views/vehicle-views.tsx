import type { BlockComponent } from "../../renderer/types";
import { VIEWS_TEXT, VIEWS_TEXT_ONE, viewUrl } from "./views";
import { VehicleViewsClient } from "../lazy.generated";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "./vehicle-views.module.css";

/**
 * The VDP's views count (spec §7 "View data"): the page records its view with
 * GET /api/cars/{slug}/view.json and shows "{count} people have viewed this car". Where the site
 * shows view counts (features.viewsCount).
 */
const VehicleViews: BlockComponent<"vehicle-views"> = async ({ props, ctx }) => {
  if (!ctx.tenant.features.viewsCount) return null;
  const car = ctx.vehicle;
  if (!car) return null;
  return (
    <VehicleViewsClient
      url={viewUrl(car.slug, { photosCount: car.images?.length ?? 0, site: ctx.tenant.identity.slug })}
      texts={{ many: props.text?.trim() || VIEWS_TEXT, one: props.textOne?.trim() || VIEWS_TEXT_ONE }}
      locale={ctx.tenant.identity.locale}
    />
  );
};

export default VehicleViews;
