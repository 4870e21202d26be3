import { defineBlock } from "../_shared/define";
import render from "./hero-slides";

export default defineBlock<"hero-slides">({
  render,
  belongs: ["page", "model-detail", "brand-overview"],
});
