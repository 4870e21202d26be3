import { defineBlock } from "../_shared/define";
import render from "./site-header";

export default defineBlock<"site-header">({
  render,
  belongs: ["layout-top"],
});
