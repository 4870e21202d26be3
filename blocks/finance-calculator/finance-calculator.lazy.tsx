"use client";

import dynamic from "next/dynamic";

/** The client part of the finance calculator, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const FinanceCalculatorClient = dynamic(() => import("./finance-calculator.client").then((m) => m.FinanceCalculatorClient));
