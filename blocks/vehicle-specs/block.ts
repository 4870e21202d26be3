import { defineBlock } from "../_shared/define";
import render from "./vehicle-specs";

export default defineBlock<"vehicle-specs">({
  render,
  belongs: ["vehicle-detail"],
});
