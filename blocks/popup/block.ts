import { defineBlock } from "../_shared/define";
import render from "./popup";

export default defineBlock<"popup">({
  render,
  belongs: ["layout-bottom", "page"],
});
