"use client";

import dynamic from "next/dynamic";

/** The client part of the compare table, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const CompareCars = dynamic(() => import("./compare-cars.client").then((m) => m.CompareCars));
