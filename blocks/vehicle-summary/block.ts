import { defineBlock } from "../_shared/define";
import render from "./vehicle-summary";

export default defineBlock<"vehicle-summary">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { LeadForm: "../_shared/lead-form/lead-form.client" },
});
