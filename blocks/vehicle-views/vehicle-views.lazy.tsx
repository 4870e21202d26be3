"use client";

import dynamic from "next/dynamic";

/** The client part of the car's view count, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const VehicleViewsClient = dynamic(() => import("./vehicle-views.client").then((m) => m.VehicleViewsClient));
