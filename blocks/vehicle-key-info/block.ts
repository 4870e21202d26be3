import { defineBlock } from "../_shared/define";
import render from "./vehicle-key-info";

export default defineBlock<"vehicle-key-info">({
  render,
  belongs: ["vehicle-detail"],
});
