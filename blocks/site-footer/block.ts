import { defineBlock } from "../_shared/define";
import render from "./site-footer";

export default defineBlock<"site-footer">({
  render,
  belongs: ["layout-bottom"],
});
