"use client";

import dynamic from "next/dynamic";

/** The client part of the favourites list, a chunk of its own: it loads only on a page that shows it (README, "Adding a block type"). */
export const FavouritesList = dynamic(() => import("./favourites-list.client").then((m) => m.FavouritesList));
