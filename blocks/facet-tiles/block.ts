import { defineBlock } from "../_shared/define";
import render from "./facet-tiles";

export default defineBlock<"facet-tiles">({
  render,
  belongs: ["page"],
});
