import { defineBlock } from "../_shared/define";
import render from "./service-contact";

export default defineBlock<"service-contact">({
  render,
  belongs: ["page"],
});
