import { defineBlock } from "../_shared/define";
import render from "./my-garage";

export default defineBlock<"my-garage">({
  render,
  lazy: { DeviceGarage: "./my-garage.client" },
});
