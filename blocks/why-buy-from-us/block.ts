import { defineBlock } from "../_shared/define";
import render from "./why-buy-from-us";

export default defineBlock<"why-buy-from-us">({
  render,
  belongs: ["page", "vehicle-detail"],
});
