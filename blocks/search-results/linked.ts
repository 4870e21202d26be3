/**
 * Attributes that links and SEO paths may refine even where the site shows no filter for them
 * (/search/toyota/corolla, "see more from this dealer"): a refinement needs a widget to count.
 */
export const LINKED_ATTRIBUTES = ["car_type", "make", "model", "body", "dealership_slug"] as const;
export const LINKED_LABELS: Record<string, string> = { car_type: "Car type", make: "Make", model: "Model", body: "Body type", item_type: "Vehicle kind", dealership_slug: "Dealership" };

