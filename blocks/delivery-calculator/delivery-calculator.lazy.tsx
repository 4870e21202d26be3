"use client";

import dynamic from "next/dynamic";

/** The client part of the delivery calculator, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const DeliveryCalculatorClient = dynamic(() => import("./delivery-calculator.client").then((m) => m.DeliveryCalculatorClient));
