import { defineBlock } from "../_shared/define";
import render from "./blog-posts";

export default defineBlock<"blog-posts">({
  render,
  belongs: ["page", "vehicle-detail"],
});
