import { defineBlock } from "../_shared/define";
import render from "./feature-tiles";

export default defineBlock<"feature-tiles">({
  render,
  belongs: ["every-page"],
});
