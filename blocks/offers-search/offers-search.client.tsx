"use client";

import dynamic from "next/dynamic";

/** The offers search's client leaf, a chunk of its own like the search block's (see search-results.client.tsx). */
export const OffersSearchClient = dynamic(() => import("./offers-app.client").then((m) => m.OffersApp));
