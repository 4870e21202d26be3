import { defineBlock } from "../_shared/define";
import render from "./compare-cars";

export default defineBlock<"compare-cars">({
  render,
  belongs: ["/compare"],
  lazy: { CompareCars: "./compare-cars.client" },
});
