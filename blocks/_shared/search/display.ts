/** How facet values and refinements read on the search page. Pure. */
import { BODY_TYPES } from "../../../domain/media";
import { formatMoney } from "../../../domain/vehicle-display";
import type { CardSettings } from "../vehicle-card";
import { numberFormat } from "../../../domain/intl";

const WORDS: Record<string, Record<string, string>> = {
  car_type: { new: "New", demo: "Demo", used: "Used" },
  item_type: { car: "Car", motorcycle: "Motorcycle", truck: "Truck", caravan: "Caravan" },
  certified: { true: "Yes", false: "No" },
  reserved: { true: "Yes", false: "No" },
  body: BODY_TYPES,
};

/** "cabChassis" → "Cab Chassis", "suv" → "SUV"; other values read as stored. */
export function valueLabel(attribute: string, value: string): string {
  const words = WORDS[attribute];
  if (words && Object.hasOwn(words, value)) return words[value];
  if (attribute === "body" && /^[a-z]/.test(value)) {
    return value.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
  }
  return value;
}

export type RangeAttribute = "price" | "km" | "year";

export function formatRangeValue(attribute: string, value: number, money: Pick<CardSettings, "locale" | "currency">): string {
  if (attribute === "price" || attribute === "weekly_price") return formatMoney(value, money);
  if (attribute === "km") return `${numberFormat(money.locale).format(value)} km`;
  return String(value);
}

/** "5000:20000" → "$5,000 – $20,000"; open ends read "from" / "up to". */
export function rangeLabel(attribute: string, value: string, money: Pick<CardSettings, "locale" | "currency">): string {
  const [lo, hi] = value.split(":").map((v) => (v === "" ? undefined : Number(v)));
  const f = (n: number) => formatRangeValue(attribute, n, money);
  if (lo !== undefined && hi !== undefined) return `${f(lo)} – ${f(hi)}`;
  if (lo !== undefined) return `from ${f(lo)}`;
  if (hi !== undefined) return `up to ${f(hi)}`;
  return "";
}
