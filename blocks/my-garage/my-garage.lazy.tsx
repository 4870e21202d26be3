"use client";

import dynamic from "next/dynamic";

/** The client part of My Garage's saved cars on this device, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const DeviceGarage = dynamic(() => import("./my-garage.client").then((m) => m.DeviceGarage));
