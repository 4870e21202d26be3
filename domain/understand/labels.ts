/**
 * How a filter reads as a chip ("Ute · White · Diesel · Under $40,000 · Under 50,000 km"): the value
 * alone where it says what it is, the filter's name before it where it does not. Pure.
 */
import { numberFormat } from "../intl";
import { BODY_TYPES } from "../media";
import { parseRange } from "../search-rules";
import { formatMoney } from "../vehicle-display";

export type Money = Parameters<typeof formatMoney>[1];

/** The order chips read in: what kind of vehicle, which one, what it looks like, then the numbers. */
export const CHIP_ORDER = ["car_type", "item_type", "make", "model", "body", "colour", "fuel", "transmission", "drive", "seats", "year", "price", "weekly_price", "km"] as const;

/** Attributes whose values need no name before them ("Ute", "White", "Diesel", "Mazda", "4x4"). */
const SELF_DESCRIBING = new Set<string>(["car_type", "item_type", "make", "model", "body", "colour", "fuel", "transmission", "drive", "seats", "year"]);

const WORDS: Record<string, Record<string, string>> = {
  car_type: { new: "New", demo: "Demo", used: "Used" },
  item_type: { car: "Car", motorcycle: "Motorcycle", truck: "Truck", caravan: "Caravan" },
  body: BODY_TYPES,
};

/** A list value alone: "ute" → "Ute", "cabChassis" → "Cab Chassis", "7" (seats) → "7 seats", "used" → "Used". */
export function valueText(attribute: string, value: string): string {
  const words = WORDS[attribute];
  if (words && Object.hasOwn(words, value)) return words[value];
  if (attribute === "seats") return `${value} seats`;
  if (attribute === "body" && /^[a-z]/.test(value)) return value.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
  return value;
}

/** Whether a list refinement's chip is its value alone. */
export const selfDescribing = (attribute: string) => SELF_DESCRIBING.has(attribute);

/** Range attributes whose chip says what it is ("Under $40,000", "2019 or newer", "7+ seats"). */
export const RANGE_CHIPS = new Set(["price", "weekly_price", "km", "year", "seats"]);

/**
 * A range refinement ("lo:hi") as a chip: "Under $40,000", "From $20,000", "$27,000 – $33,000",
 * "Under 50,000 km", "2019 or newer", "2015 or older", "7+ seats", "Under $150 a week". Null for other
 * attributes or a range with no end.
 */
export function rangeText(attribute: string, value: string, money: Money): string | null {
  if (!RANGE_CHIPS.has(attribute)) return null;
  const ends = parseRange(value);
  if (!ends) return null;
  const [lo, hi] = ends;
  if (lo === undefined && hi === undefined) return null;
  const n = (v: number) => numberFormat(money.locale).format(v);
  switch (attribute) {
    case "year":
      return lo !== undefined && hi !== undefined ? `${lo} – ${hi}` : lo !== undefined ? `${lo} or newer` : `${hi} or older`;
    case "seats":
      return lo !== undefined && hi !== undefined ? `${lo} – ${hi} seats` : lo !== undefined ? `${lo}+ seats` : `Up to ${hi} seats`;
    case "km": {
      return lo !== undefined && hi !== undefined ? `${n(lo)} – ${n(hi)} km` : lo !== undefined ? `From ${n(lo)} km` : `Under ${n(hi!)} km`;
    }
    default: {
      const f = (v: number) => formatMoney(v, money);
      const week = attribute === "weekly_price" ? " a week" : "";
      return lo !== undefined && hi !== undefined ? `${f(lo)} – ${f(hi)}${week}` : lo !== undefined ? `From ${f(lo)}${week}` : `Under ${f(hi!)}${week}`;
    }
  }
}

/** Where a chip goes among the others (CHIP_ORDER, the rest after in their own order). */
export function chipRank(attribute: string): number {
  const i = (CHIP_ORDER as readonly string[]).indexOf(attribute);
  return i < 0 ? CHIP_ORDER.length : i;
}
