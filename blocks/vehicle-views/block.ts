import { defineBlock } from "../_shared/define";
import render from "./vehicle-views";

export default defineBlock<"vehicle-views">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { VehicleViewsClient: "./vehicle-views.client" },
});
