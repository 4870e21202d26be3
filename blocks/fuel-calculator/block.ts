import { defineBlock } from "../_shared/define";
import render from "./fuel-calculator";

export default defineBlock<"fuel-calculator">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { FuelCalculatorClient: "./fuel-calculator.client" },
});
