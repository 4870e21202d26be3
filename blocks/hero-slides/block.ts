import { defineBlock } from "../_shared/define";
import render from "./hero-slides";

export default defineBlock<"hero-slides">({
  render,
});
