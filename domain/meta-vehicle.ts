/**
 * A car in Meta's automotive event parameters: the one mapping the browser's pixel events
 * (domain/analytics-standards.ts metaVehicle) and the server's Conversions API lead events
 * (server/leads/lead-events.ts) both send. content_ids is the car's id, the vehicle_id of the site's
 * Meta catalogue (domain/ads-feeds.ts), so an ad can match the event to the car.
 */
import type { Vehicle } from "../schemas/generated/vehicle";
import { metaBodyStyle, metaCountry, metaFuelType } from "./ad-vocab";

/** New, used, or certified pre-owned: ASC's item_condition and Meta's state_of_vehicle. */
export type VehicleCondition = "new" | "used" | "cpo";

/** A car's condition; a demonstrator has been registered, so it is used. */
export function vehicleCondition(car: { car_type?: string | null; certified?: boolean | null }): VehicleCondition {
  return car.car_type === "new" ? "new" : car.certified ? "cpo" : "used";
}

/** What the mapping reads of a car (a stored vehicle gives it through metaCar; the browser from its page's car). */
export interface MetaCar {
  id: string;
  make: string;
  model: string;
  year: number;
  condition: VehicleCondition;
  price?: number | null;
  body?: string | null;
  colour?: string | null;
  fuel?: string | null;
  vin?: string | null;
}

export type MetaVehicleFields = Record<string, string | number | string[]>;

/** The fields of a stored vehicle the mapping reads. */
export function metaCar(v: Pick<Vehicle, "id" | "make" | "model" | "year" | "car_type" | "price"> & Partial<Pick<Vehicle, "certified" | "body" | "colour" | "fuel" | "vin">>): MetaCar {
  return { id: v.id, make: v.make, model: v.model, year: v.year, condition: vehicleCondition(v), price: v.price, body: v.body, colour: v.colour, fuel: v.fuel, vin: v.vin };
}

/**
 * Meta's vehicle parameters of a car sold in `where`'s currency and country (only content_type without a car):
 * the country by name and body and fuel in the catalogue's values (domain/ad-vocab.ts), as Meta's
 * automotive events ask.
 */
export function metaVehicleFields(car: MetaCar | null, where: { currency: string; country: "AU" | "NZ" }): MetaVehicleFields {
  if (!car) return { content_type: "vehicle" };
  return {
    content_type: "vehicle",
    content_ids: [car.id],
    make: car.make,
    model: car.model,
    year: car.year,
    state_of_vehicle: car.condition,
    ...(typeof car.price === "number" ? { price: car.price } : {}),
    currency: where.currency,
    country: metaCountry(where.country),
    ...(car.body ? { body_style: metaBodyStyle(car.body) } : {}),
    ...(car.colour ? { exterior_color: car.colour } : {}),
    ...(metaFuelType(car.fuel) ? { fuel_type: metaFuelType(car.fuel)! } : {}),
    ...(car.vin ? { vin: car.vin } : {}),
  };
}
