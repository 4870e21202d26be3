import { defineBlock } from "../_shared/define";
import render from "./vehicle-actions";
import { PrintView } from "./print-view";

export default defineBlock<"vehicle-actions">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { VehicleActionsBar: "./vehicle-actions.client" },
  // The print view its Print button opens (/print?car_id=).
  printView: PrintView,
});
