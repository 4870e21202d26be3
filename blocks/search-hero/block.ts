import { defineBlock } from "../_shared/define";
import render from "./search-hero";

export default defineBlock<"search-hero">({
  render,
  belongs: ["page"],
});
