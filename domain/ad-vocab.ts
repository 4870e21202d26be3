/**
 * A car's free-text body, fuel and transmission in the closed vocabularies of the ads platforms, which
 * reject (Google) or drop (Meta) any other value. One mapping for each platform's feed and events, so a
 * pixel event's values match the catalogue's (Meta matches them to show the car).
 * Google: vehicle ads attributes body_style (support.google.com/merchants/answer/14157085) and engine
 * (answer/14156068). Meta: automotive ads parameters (developers.facebook.com/docs/marketing-api/auto-ads/
 * guides/events and /reference): body_style, fuel_type, transmission enums, case-insensitive; country
 * as a name ("don't use abbreviations").
 */

const key = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/** Body words as Australian and New Zealand stock feeds write them, in Google's body_style values. */
const GOOGLE_BODY: Record<string, string> = {
  suv: "suv", "compact suv": "compact_suv", hatchback: "hatchback", hatch: "hatchback", sedan: "sedan",
  wagon: "station_wagon", "station wagon": "station_wagon", estate: "station_wagon", coupe: "coupe",
  convertible: "convertible", cabriolet: "convertible", roadster: "convertible", crossover: "crossover",
  utility: "ute", ute: "ute", "cab chassis": "ute", pickup: "ute", "people mover": "minivan",
  minivan: "minivan", van: "full_size_van", limousine: "limousine",
};

/** Google's body_style of a car's body, or null where it has none (the attribute is then left out). */
export const googleBodyStyle = (body: string | null | undefined): string | null => GOOGLE_BODY[key(body)] ?? null;

type FuelKind = "petrol" | "diesel" | "electric" | "hybrid" | "plug-in hybrid" | "lpg" | "other";

function fuelKind(fuel: string | null | undefined): FuelKind | null {
  const s = key(fuel);
  if (!s) return null;
  if (/plug ?in|phev/.test(s)) return "plug-in hybrid";
  if (/hybrid|hev|e power/.test(s)) return "hybrid";
  if (/electric|\bb?ev\b/.test(s)) return "electric";
  if (/diesel/.test(s)) return "diesel";
  if (/lpg|autogas/.test(s)) return "lpg";
  if (/petrol|unleaded|gasoline|\bulp\b|\bpulp\b/.test(s)) return "petrol";
  return "other";
}

const GOOGLE_ENGINE: Record<FuelKind, string> = {
  petrol: "gasoline", diesel: "diesel", electric: "electric", hybrid: "hybrid", "plug-in hybrid": "plug-in_hybrid", lpg: "lpg", other: "other",
};

/** Google's engine value of a car's fuel, or null where the record has none. */
export const googleEngine = (fuel: string | null | undefined): string | null => {
  const kind = fuelKind(fuel);
  return kind ? GOOGLE_ENGINE[kind] : null;
};

const META_BODY: Record<string, string> = {
  suv: "SUV", hatchback: "HATCHBACK", hatch: "HATCHBACK", sedan: "SEDAN", wagon: "WAGON", "station wagon": "WAGON",
  estate: "WAGON", coupe: "COUPE", convertible: "CONVERTIBLE", cabriolet: "CONVERTIBLE", roadster: "CONVERTIBLE",
  crossover: "CROSSOVER", van: "VAN", "people mover": "MINIVAN", minivan: "MINIVAN", utility: "TRUCK", ute: "TRUCK",
  "cab chassis": "TRUCK", pickup: "TRUCK",
};

/** Meta's body_style: Convertible, Coupe, Crossover, Hatchback, Minivan, Sedan, SUV, Truck, Van, Wagon, else Other. */
export const metaBodyStyle = (body: string | null | undefined): string => META_BODY[key(body)] ?? "OTHER";

const META_FUEL: Record<FuelKind, string> = {
  petrol: "GASOLINE", diesel: "DIESEL", electric: "ELECTRIC", hybrid: "HYBRID", "plug-in hybrid": "HYBRID", lpg: "OTHER", other: "OTHER",
};

/** Meta's fuel_type (Diesel, Electric, Flex, Gasoline, Hybrid, Other), or null where the record has no fuel. */
export const metaFuelType = (fuel: string | null | undefined): string | null => {
  const kind = fuelKind(fuel);
  return kind ? META_FUEL[kind] : null;
};

/** Meta's transmission (Automatic, Manual, Other): a CVT, dual-clutch or automated manual shifts itself. */
export function metaTransmission(transmission: string | null | undefined): string | null {
  const s = key(transmission);
  if (!s) return null;
  if (/^manual\b|\bmanual$/.test(s) && !/automat/.test(s)) return "MANUAL";
  if (/automat|cvt|dct|dsg|dual clutch|tiptronic|sequential|auto\b/.test(s)) return "AUTOMATIC";
  return "OTHER";
}

/** The country's name for Meta's country parameter. */
export const metaCountry = (country: "AU" | "NZ"): string => (country === "NZ" ? "New Zealand" : "Australia");

/**
 * Google's vehicle_price_type of a car's price type ("Drive Away", "Excl. Gov. Charges"), which vehicle
 * ads require in Australia (support.google.com/merchants/answer/14592783): a new car's price must be
 * drive away (or estimated drive away), a used car's drive away or excluding government charges.
 */
export function googlePriceType(priceType: string | null | undefined): "drive_away_price" | "estimated_drive_away_price" | "excluding_government_charges_price" | null {
  const s = key(priceType);
  if (excludesGovernmentCharges(priceType)) return "excluding_government_charges_price";
  if (/drive ?away|\bdap\b/.test(s)) return /estimat|approx/.test(s) ? "estimated_drive_away_price" : "drive_away_price";
  return null;
}

/** Whether a price type says the price leaves out government charges or on-road costs ("Excl. Gov. Charges", "+ ORC"). */
export const excludesGovernmentCharges = (priceType: string | null | undefined): boolean => /excl|egc|govt|government|\borc\b|on road|plus/.test(key(priceType));
