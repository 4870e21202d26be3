import { defineBlock } from "../_shared/define";
import render from "./model-search";

export default defineBlock<"model-search">({
  render,
  belongs: ["page"],
  lazy: { ModelSearchClient: "./model-search.client" },
});
