import { analyticsCar, type AnalyticsCar } from "../../domain/analytics-standards";
import type { CardVehicle } from "./vehicle-card";

/**
 * A card's car as its events describe it (the AddToWishlist and asc_cta_interaction of a watchlist save
 * or a favourites heart), built from the search hit in hand the way its page builds its own: the same
 * id as the feeds and the car page, make, model, year, price and condition. A hit has no VIN or stock number, so no item_id / item_number.
 */
export function hitAnalyticsCar(hit: Pick<CardVehicle, "objectID" | "price" | "car_type" | "certified" | "year" | "make" | "model" | "badge" | "item_type" | "fuel">): AnalyticsCar {
  const { objectID, price, car_type, certified, year, make, model, badge, item_type, fuel } = hit;
  return analyticsCar({ id: objectID, price, car_type, certified, year, make, model, badge, item_type, fuel });
}
