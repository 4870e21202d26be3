import { defineBlock } from "../_shared/define";
import render from "./reserve-online";

export default defineBlock<"reserve-online">({
  render,
  belongs: ["vehicle-detail"],
});
