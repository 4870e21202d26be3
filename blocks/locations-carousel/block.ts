import { defineBlock } from "../_shared/define";
import render from "./locations-carousel";

export default defineBlock<"locations-carousel">({
  render,
  belongs: ["page"],
});
