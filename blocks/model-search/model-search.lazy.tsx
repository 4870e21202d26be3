"use client";

import dynamic from "next/dynamic";

/** The client part of the model search, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const ModelSearchClient = dynamic(() => import("./model-search.client").then((m) => m.ModelSearchClient));
