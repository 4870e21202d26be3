import { defineBlock } from "../_shared/define";
import render from "./dealer-comments";

export default defineBlock<"dealer-comments">({
  render,
  belongs: ["vehicle-detail"],
});
