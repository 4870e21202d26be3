"use client";

import dynamic from "next/dynamic";

/** The client part of the car page's share and print bar, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const VehicleActionsBar = dynamic(() => import("./vehicle-actions.client").then((m) => m.VehicleActionsBar));
