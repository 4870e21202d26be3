/**
 * The key information items of a vehicle (spec §2): only the facts the car has, formatted for the
 * site's locale. Caravans lead with their sizes in feet and metres and the caravan fields
 * (domain/vdp-rules caravanDetails); other vehicles lead with odometer, transmission, body and fuel.
 * Pure: bad or missing data drops an item, never throws.
 */
import { countryTerms } from "./terms";
import { caravanDetails } from "./vdp-rules";
import { vehicleTerms } from "./vehicle-terms";
import type { Vehicle } from "../schemas/generated/vehicle";
import { numberFormat, dateTimeFormat } from "./intl";

export interface KeyInfoItem {
  label: string;
  value: string;
}

type Car = Partial<Vehicle>;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** "2023-03" or "2023-03-14" as a date in UTC; null for anything else. */
function parseDate(value: unknown): { date: Date; hasDay: boolean } | null {
  const m = typeof value === "string" ? /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value.trim()) : null;
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1));
  return Number.isNaN(date.getTime()) ? null : { date, hasDay: Boolean(m[3]) };
}

/** A year-month as "Mar 2023" (a full date with its day, "14 Mar 2023"); the raw text when it is not a date. */
export function formatYearMonth(value: unknown, locale: string): string | null {
  const raw = text(value);
  if (!raw) return null;
  const parsed = parseDate(raw);
  if (!parsed) return raw;
  const opts: Intl.DateTimeFormatOptions = parsed.hasDay ? { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" } : { month: "short", year: "numeric", timeZone: "UTC" };
  return dateTimeFormat(locale, opts).format(parsed.date);
}

/** "2.8L 4 cyl turbo": litres (or cc / 1000) from the car, cylinders and induction from its variant. */
export function engineText(car: Car): string | null {
  const litres = num(car.engine_size_litres) ?? (num(car.engine_size) ? num(car.engine_size)! / 1000 : null);
  const cylinders = num(car.variant?.cylinders);
  const induction = text(car.variant?.induction);
  const parts = [
    litres && litres > 0 ? `${litres.toFixed(1)}L` : null,
    cylinders && cylinders > 0 ? `${cylinders} cyl` : null,
    induction && !/^(naturally )?aspirated$/i.test(induction) && (litres || cylinders) ? induction.toLowerCase() : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}

/** "6 speed Automatic" when the gear count is known and not already said. */
function transmissionText(car: Car): string | null {
  const t = text(car.transmission);
  if (!t) return null;
  const gears = num(car.gearnum);
  return gears && gears > 1 && !/speed/i.test(t) ? `${gears} speed ${t}` : t;
}

function regoText(car: Car, locale: string): string | null {
  const plate = text(car.regplate);
  const expiry = formatYearMonth(car.rego_expiry, locale);
  if (plate && expiry) return `${plate} (expires ${expiry})`;
  if (plate) return plate;
  return expiry ? `Expires ${expiry}` : null;
}

/** Every key information item the car has, in the order shown; the first 4 are visible before Show More. */
export function keyInfoItems(car: Car, locale: string): KeyInfoItem[] {
  const count = (n: number | null, unit = "") => (n != null ? `${numberFormat(locale).format(n)}${unit}` : null);
  const caravan = car.item_type === "caravan";
  const rows: [string, string | null][] = [
    ...(caravan ? caravanDetails(car as Vehicle, locale).map((r): [string, string] => [r.label, r.value]) : []),
    // Only a vehicle with an odometer (not a caravan: domain/vehicle-terms.ts).
    ["Odometer", vehicleTerms(car).hasOdometer ? count(num(car.km), " km") : null],
    ["Transmission", transmissionText(car)],
    ["Body", text(car.body)],
    ["Fuel", text(car.fuel)],
    ["Drive", text(car.drive)],
    ["Engine", engineText(car)],
    ["Colour", text(car.colour)],
    ["Interior", text(car.interior_colour)],
    ["Seats", count(num(car.seats))],
    ["Doors", count(num(car.doors))],
    ["Year", num(car.year) != null ? String(car.year) : null],
    ["Build date", formatYearMonth(car.build_date, locale)],
    ["Compliance date", formatYearMonth(car.compliance_date, locale)],
    [countryTerms(locale).registration, regoText(car, locale)],
    ["Stock number", text(car.stocknum)],
    ["VIN", text(car.vin)],
  ];
  return rows.filter((r): r is [string, string] => r[1] != null).map(([label, value]) => ({ label, value }));
}
