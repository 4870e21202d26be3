import { defineBlock } from "../_shared/define";
import render from "./offers-search";

export default defineBlock<"offers-search">({
  render,
  belongs: ["page"],
});
