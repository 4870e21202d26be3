import { defineBlock } from "../_shared/define";
import render from "./protect-your-car";

export default defineBlock<"protect-your-car">({
  render,
  belongs: ["vehicle-detail", "page"],
});
