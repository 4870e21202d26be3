import { defineBlock } from "../_shared/define";
import render from "./price-comparison";

export default defineBlock<"price-comparison">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { PriceComparisonClient: "./price-comparison.client" },
});
