import { defineBlock } from "../_shared/define";
import render from "./location-info";

export default defineBlock<"location-info">({
  render,
  belongs: ["page", "location-detail", "contact-us"],
});
