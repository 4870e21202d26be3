import { defineBlock } from "../_shared/define";
import render from "./announcement-bar";

export default defineBlock<"announcement-bar">({
  render,
  belongs: ["layout-top", "page"],
});
