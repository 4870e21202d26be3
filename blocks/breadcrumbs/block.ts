import { defineBlock } from "../_shared/define";
import render from "./breadcrumbs";

export default defineBlock<"breadcrumbs">({
  render,
  belongs: ["vehicle-detail"],
});
