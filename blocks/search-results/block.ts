import { defineBlock } from "../_shared/define";
import render, { searchPageTitle, searchPathMissing } from "./search-results";

export default defineBlock<"search-results">({
  render,
  belongs: ["search"],
  // The search page is titled by its SEO path (/search/used-cars/toyota), and 404s when the path names nothing the site sells.
  templatePage: { template: "search", title: searchPageTitle, missing: searchPathMissing },
});
