"use client";

import dynamic from "next/dynamic";

/** The client part of the trade-in wizard, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const TradeInWizard = dynamic(() => import("./trade-in-wizard.client").then((m) => m.TradeInWizard));
