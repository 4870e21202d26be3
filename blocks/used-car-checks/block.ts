import { defineBlock } from "../_shared/define";
import render from "./used-car-checks";

export default defineBlock<"used-car-checks">({
  render,
  belongs: ["vehicle-detail"],
});
