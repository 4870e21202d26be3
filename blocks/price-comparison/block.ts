import { defineBlock } from "../_shared/define";
import render from "./price-comparison";

export default defineBlock<"price-comparison">({
  render,
  pageTemplates: ["vehicle-detail"],
  lazy: { PriceComparisonClient: "./price-comparison.client" },
});
