import { defineBlock } from "../_shared/define";
import render from "./vehicle-sticky-header";

export default defineBlock<"vehicle-sticky-header">({
  render,
  belongs: ["vehicle-detail"],
});
