import { defineBlock } from "../_shared/define";
import render from "./whats-included";

export default defineBlock<"whats-included">({
  render,
  belongs: ["vehicle-detail", "page"],
});
