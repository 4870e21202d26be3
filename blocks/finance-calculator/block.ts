import { defineBlock } from "../_shared/define";
import render from "./finance-calculator";

export default defineBlock<"finance-calculator">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { FinanceCalculatorClient: "./finance-calculator.client" },
});
