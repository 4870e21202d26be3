"use client";

import dynamic from "next/dynamic";

/** The client part of the price comparison, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const PriceComparisonClient = dynamic(() => import("./price-comparison.client").then((m) => m.PriceComparisonClient));
