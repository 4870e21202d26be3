import { defineBlock } from "../_shared/define";
import render from "./location-list";

export default defineBlock<"location-list">({
  render,
  belongs: ["page"],
});
