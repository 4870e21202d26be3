import { defineBlock } from "../_shared/define";
import render from "./vehicle-gallery";

export default defineBlock<"vehicle-gallery">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { VehicleGalleryClient: "./vehicle-gallery.client" },
});
