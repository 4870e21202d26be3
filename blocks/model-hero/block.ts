import { defineBlock } from "../_shared/define";
import render from "./model-hero";

export default defineBlock<"model-hero">({
  render,
  belongs: ["model-detail"],
});
