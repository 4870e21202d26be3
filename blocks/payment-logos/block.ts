import { defineBlock } from "../_shared/define";
import render from "./payment-logos";

export default defineBlock<"payment-logos">({
  render,
  belongs: ["every-page", "layout-bottom"],
});
