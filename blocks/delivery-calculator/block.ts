import { defineBlock } from "../_shared/define";
import render from "./delivery-calculator";

export default defineBlock<"delivery-calculator">({
  render,
  pageTemplates: ["vehicle-detail"],
  lazy: { DeliveryCalculatorClient: "./delivery-calculator.client" },
});
