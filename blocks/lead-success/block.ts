import { defineBlock } from "../_shared/define";
import render from "./lead-success";

export default defineBlock<"lead-success">({
  render,
  belongs: ["/success"],
});
