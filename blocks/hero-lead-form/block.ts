import { defineBlock } from "../_shared/define";
import render from "./hero-lead-form";

export default defineBlock<"hero-lead-form">({
  render,
  belongs: ["page", "model-detail", "brand-overview"],
  lazy: { LeadForm: "../_shared/lead-form/lead-form.client" },
});
