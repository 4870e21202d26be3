import { defineBlock } from "../_shared/define";
import render from "./rich-text";

export default defineBlock<"rich-text">({
  render,
  belongs: ["every-page", "layout-top", "layout-bottom"],
});
