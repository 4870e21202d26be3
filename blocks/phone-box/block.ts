import { defineBlock } from "../_shared/define";
import render from "./phone-box";

export default defineBlock<"phone-box">({
  render,
  belongs: ["vehicle-detail"],
});
