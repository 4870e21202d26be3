import { defineBlock } from "../_shared/define";
import render from "./trade-in-wizard";

export default defineBlock<"trade-in-wizard">({
  render,
  belongs: ["page"],
  lazy: { TradeInWizard: "./trade-in-wizard.client" },
});
