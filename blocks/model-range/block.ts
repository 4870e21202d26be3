import { defineBlock } from "../_shared/define";
import render from "./model-range";

export default defineBlock<"model-range">({
  render,
  belongs: ["page", "model-detail", "brand-overview"],
});
