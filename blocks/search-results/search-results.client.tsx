"use client";

import dynamic from "next/dynamic";

/**
 * The search block's client leaf, loaded as a chunk of its own. Next ships every client component a
 * route could render in that route's first scripts, and every site page is one route: without this
 * split, InstantSearch (the largest library of the site) would load on pages that show no search.
 * Server-rendered as before; the browser fetches the chunk only where the block is on the page.
 */
export const SearchResultsClient = dynamic(() => import("./search-app.client").then((m) => m.SearchApp));
