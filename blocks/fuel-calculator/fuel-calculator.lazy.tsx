"use client";

import dynamic from "next/dynamic";

/** The client part of the fuel calculator, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const FuelCalculatorClient = dynamic(() => import("./fuel-calculator.client").then((m) => m.FuelCalculatorClient));
