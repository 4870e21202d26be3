import { defineBlock } from "../_shared/define";
import render from "./delivery-calculator";

export default defineBlock<"delivery-calculator">({
  render,
  belongs: ["vehicle-detail"],
  lazy: { DeliveryCalculatorClient: "./delivery-calculator.client" },
});
