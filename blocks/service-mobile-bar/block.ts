import { defineBlock } from "../_shared/define";
import render from "./service-mobile-bar";

export default defineBlock<"service-mobile-bar">({
  render,
  belongs: ["page"],
});
