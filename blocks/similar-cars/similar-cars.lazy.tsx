"use client";

import dynamic from "next/dynamic";

/** The client part of the similar cars row, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const SimilarCarsClient = dynamic(() => import("./similar-cars.client").then((m) => m.SimilarCarsClient));
