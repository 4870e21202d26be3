import { defineBlock } from "../_shared/define";
import render from "./vehicle-gallery";

export default defineBlock<"vehicle-gallery">({
  render,
  lazy: { VehicleGalleryClient: "./vehicle-gallery.client" },
});
