import { defineBlock } from "../_shared/define";
import render from "./watchlist";

export default defineBlock<"watchlist">({
  render,
});
