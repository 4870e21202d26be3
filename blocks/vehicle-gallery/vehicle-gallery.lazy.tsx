"use client";

import dynamic from "next/dynamic";

/** The client part of the gallery and its 360° spin, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const VehicleGalleryClient = dynamic(() => import("./vehicle-gallery.client").then((m) => m.VehicleGalleryClient));
