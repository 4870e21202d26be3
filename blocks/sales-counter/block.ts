import { defineBlock } from "../_shared/define";
import render from "./sales-counter";

export default defineBlock<"sales-counter">({
  render,
  belongs: ["page"],
});
