import { defineBlock } from "../_shared/define";
import render from "./dealer-locator";

export default defineBlock<"dealer-locator">({
  render,
  belongs: ["page"],
});
