import { defineBlock } from "../_shared/define";
import render from "./stats-banner";

export default defineBlock<"stats-banner">({
  render,
  belongs: ["page"],
});
