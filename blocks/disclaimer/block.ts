import { defineBlock } from "../_shared/define";
import render from "./disclaimer";

export default defineBlock<"disclaimer">({
  render,
  belongs: ["vehicle-detail"],
});
