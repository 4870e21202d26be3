import { defineBlock } from "../_shared/define";
import render from "./enquiry-form";

export default defineBlock<"enquiry-form">({
  render,
  belongs: ["every-page"],
  lazy: { LeadForm: "../_shared/lead-form/lead-form.client" },
});
