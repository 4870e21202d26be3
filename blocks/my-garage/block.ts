import { defineBlock } from "../_shared/define";
import render from "./my-garage";

export default defineBlock<"my-garage">({
  render,
  belongs: ["page"],
  // One visitor's own things: a page with it is never indexed.
  personal: true,
  lazy: { DeviceGarage: "./my-garage.client" },
});
