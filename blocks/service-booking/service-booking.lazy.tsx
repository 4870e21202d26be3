"use client";

import dynamic from "next/dynamic";

/** The client part of the service booking form, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const ServiceBookingForm = dynamic(() => import("./service-booking.client").then((m) => m.ServiceBookingForm));
