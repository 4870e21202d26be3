/**
 * The vehicle page's specifications (spec §2 "all specifications", §3 car variant): the car's
 * `specifications` in the order the data gives them, then the variant's figures the list does not
 * already name; and its standard equipment groups. Pure: bad or missing data drops a row, never throws.
 */
import type { Vehicle } from "../../schemas/generated/vehicle";
import { numberFormat } from "../../domain/intl";

export interface SpecRow {
  name: string;
  value: string;
}

export interface EquipmentGroup {
  name: string;
  items: string[];
}

type Car = Partial<Vehicle>;

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null);
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** The variant's figures as rows; `also` lists other names a row counts as already given under. */
function variantRows(car: Car, locale: string): { name: string; value: string | null; also?: string[] }[] {
  const v = car.variant ?? {};
  const n = (x: unknown, unit: string, digits = 0) => {
    const value = num(x);
    return value == null ? null : `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${unit}`;
  };
  return [
    { name: "Cylinders", value: num(v.cylinders) ? String(v.cylinders) : null, also: ["Engine"] },
    { name: "Induction", value: text(v.induction), also: ["Engine"] },
    { name: "Power", value: n(v.power, "kW") },
    { name: "Torque", value: n(v.torque, "Nm") },
    { name: "Gear type", value: text(v.geartype), also: ["Transmission"] },
    { name: "Body configuration", value: text(v.bodyconfiguration) },
    { name: "Fuel consumption (combined)", value: n(v.fuelconsumptioncombined, "L/100 km", 1) },
    { name: "Fuel capacity", value: n(v.fuelcapacity, "L") },
    { name: "Length", value: n(v.vehiclelength, "mm") },
    { name: "Width", value: n(v.vehiclewidth, "mm") },
    { name: "Height", value: n(v.vehicleheight, "mm") },
    { name: "Gross vehicle mass", value: n(v.grossvehiclemass, "kg") },
    { name: "Towing capacity (braked)", value: n(v.towingcapacitybraked, "kg") },
    { name: "ANCAP rating", value: num(v.ancaprating) ? `${v.ancaprating} stars` : null },
  ];
}

/** Every specification row: the car's own list first (as given, blanks dropped), then the variant's figures it lacks. */
export function specRows(car: Car, locale: string): SpecRow[] {
  const rows: SpecRow[] = [];
  const seen = new Set<string>();
  for (const s of Array.isArray(car.specifications) ? car.specifications : []) {
    const name = text(s?.name);
    const value = text(s?.value);
    if (!name || !value) continue;
    rows.push({ name, value });
    seen.add(key(name));
  }
  for (const r of variantRows(car, locale)) {
    if (!r.value || seen.has(key(r.name)) || r.also?.some((a) => seen.has(key(a)))) continue;
    rows.push({ name: r.name, value: r.value });
    seen.add(key(r.name));
  }
  return rows;
}

/** The standard equipment groups with their non-empty items; empty groups dropped. */
export function equipmentGroups(car: Car): EquipmentGroup[] {
  return (Array.isArray(car.standard_equipment) ? car.standard_equipment : [])
    .map((g) => ({ name: text(g?.name) ?? "Features", items: (Array.isArray(g?.items) ? g.items : []).map(text).filter((i): i is string => i != null) }))
    .filter((g) => g.items.length > 0);
}
