import { defineBlock } from "../_shared/define";
import render from "./service-booking";

export default defineBlock<"service-booking">({
  render,
  belongs: ["page"],
  lazy: { ServiceBookingForm: "./service-booking.client" },
});
