import { defineBlock } from "../_shared/define";
import render from "./model-search";

export default defineBlock<"model-search">({
  render,
  lazy: { ModelSearchClient: "./model-search.client" },
});
