import { defineBlock } from "../_shared/define";
import render from "./favourites-list";

export default defineBlock<"favourites-list">({
  render,
  belongs: ["/favourites"],
  lazy: { FavouritesList: "./favourites-list.client" },
});
