import { defineBlock } from "../_shared/define";
import render from "./watchlist";

export default defineBlock<"watchlist">({
  render,
  belongs: ["/watchlist"],
  // One visitor's own things: a page with it is never indexed.
  personal: true,
});
