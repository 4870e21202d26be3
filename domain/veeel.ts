/**
 * The vehicle emissions and energy economy label (VEEEL) a New Zealand car page shows (issue 35,
 * domain/listing-rules.ts "nz-veeel"): EECA's Energy Efficiency (Vehicle Fuel Economy Labelling)
 * Regulations ask a trader to show, wherever a light vehicle is offered for sale, its fuel or energy
 * economy and its CO2 emissions, and "Not Available" where the figure is not known. The figures come
 * from the car's record (its variant) and are never estimated.
 */
import { isElectric } from "./fuel";
import { numberFormat } from "./intl";

export const VEEEL_TITLE = "Vehicle emissions and energy economy";
export const NOT_AVAILABLE = "Not Available";

interface Car {
  item_type?: string | null;
  fuel?: string | null;
  variant?: { fuelconsumptioncombined?: number | null; co2emissions?: number | null; energyconsumption?: number | null } | null;
}

/** Whether the label applies: a light vehicle (a car, ute, SUV or van; not a motorcycle, truck or caravan) on a New Zealand site. */
export const showsVeeel = (car: Car, locale: string) => locale === "en-NZ" && (car.item_type ?? "car") === "car";

/** The label's rows, each with its figure or "Not Available". */
export function veeelRows(car: Car, locale: string): { label: string; value: string }[] {
  const figure = (n: number | null | undefined, unit: string, digits = 0) =>
    typeof n === "number" && Number.isFinite(n) && n >= 0 ? `${numberFormat(locale, { maximumFractionDigits: digits }).format(n)} ${unit}` : NOT_AVAILABLE;
  const v = car.variant ?? {};
  return [
    isElectric(car.fuel)
      ? { label: "Energy economy", value: figure(v.energyconsumption, "Wh/km") }
      : { label: "Fuel economy", value: figure(v.fuelconsumptioncombined, "L/100 km", 1) },
    { label: "CO₂ emissions", value: figure(v.co2emissions, "g/km") },
  ];
}
