import type { BlockComponent } from "../../renderer/types";
import { galleryModel } from "./gallery";
import { VehicleGalleryClient } from "../lazy.generated";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "./vehicle-gallery.module.css";

/**
 * The vehicle detail page's image area (spec §2 "Image area", §4 "Image viewer" and "Spin viewer"):
 * Spin / Images / Interior (and Video) tabs, the gallery with thumbnails, fullscreen, arrow keys,
 * the 360° spin and the interior panorama with hotspots. The model is built here; the client leaf
 * renders it, so the first picture is in the server HTML (eager, high priority, space reserved).
 */
const VehicleGallery: BlockComponent<"vehicle-gallery"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const model = galleryModel(car, ctx.tenant.features, {
    thumbnails: props.thumbnails,
    fullscreen: props.fullscreen,
    hotspots: props.hotspots,
    video: props.video,
  });
  return <VehicleGalleryClient id={id} model={model} />;
};

export default VehicleGallery;
