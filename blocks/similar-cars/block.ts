import { defineBlock } from "../_shared/define";
import render from "./similar-cars";

export default defineBlock<"similar-cars">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { SimilarCarsClient: "./similar-cars.client" },
});
