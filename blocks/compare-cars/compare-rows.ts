/**
 * The compare table's rows (spec §4 compare): one per fact, one value per car, and whether the
 * cars differ in it. A car no longer listed has no values and is left out of the comparison.
 */
import type { ListCar, ListCarState } from "../../domain/car-lists";
import { listStateText } from "../../domain/car-lists";
import { formatMoney, priceDisplay } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { numberFormat } from "../../domain/intl";

export interface CompareColumn {
  id: string;
  state: ListCarState;
  car: ListCar | null;
}

export interface CompareRow {
  key: string;
  label: string;
  /** One per column, in column order; "—" where a car has no value. */
  values: string[];
  /** Secondary text under a value (the price type, what the estimate is worked out on). */
  notes: (string | null)[];
  /** The listed cars' values are not all the same. */
  differs: boolean;
}

export interface CompareFormat {
  identity: Pick<TenantDocument["identity"], "locale" | "currency">;
  copy: TenantDocument["copy"];
  /** The site's word for what it sells ("caravan"), for the availability row; "car" when absent. */
  words?: { noun: string };
}

export const NO_VALUE = "—";

const stateLabel = (state: ListCarState, f: CompareFormat) => (state === "available" ? "Available" : listStateText(state, f.words?.noun));

type Fact = { key: string; label: string; value: (car: ListCar, f: CompareFormat, state: ListCarState) => string | null; note?: (car: ListCar, f: CompareFormat) => string | null };

function engine(car: ListCar, f: CompareFormat): string | null {
  const { engine_litres: litres, engine_cc: cc } = car.specs;
  if (litres) return `${numberFormat(f.identity.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(litres)} L`;
  if (cc) return `${numberFormat(f.identity.locale).format(cc)} cc`;
  return null;
}

const FACTS: Fact[] = [
  { key: "status", label: "Availability", value: (_c, f, state) => stateLabel(state, f) },
  {
    key: "price",
    label: "Price",
    value: (c, f) => priceDisplay(c.card, f).text,
    note: (c, f) => {
      const p = priceDisplay(c.card, f);
      return p.kind === "price" ? p.label : null;
    },
  },
  {
    key: "weekly",
    label: "Weekly repayment (estimate)",
    value: (c, f) => (c.weekly ? `${formatMoney(c.weekly.weekly, f.identity)}/wk*` : null),
    note: (c, f) =>
      c.weekly ? `${formatMoney(c.weekly.amount, f.identity)} over ${c.weekly.termYears} years at ${c.weekly.ratePercent}% p.a.` : null,
  },
  { key: "km", label: "Odometer", value: (c, f) => `${numberFormat(f.identity.locale).format(c.card.km)} km` },
  { key: "year", label: "Year", value: (c) => String(c.card.year) },
  { key: "body", label: "Body", value: (c) => c.specs.body },
  { key: "fuel", label: "Fuel", value: (c) => c.specs.fuel },
  { key: "transmission", label: "Transmission", value: (c) => c.specs.transmission },
  { key: "drive", label: "Drive", value: (c) => c.specs.drive },
  { key: "engine", label: "Engine", value: engine },
  { key: "seats", label: "Seats", value: (c) => (c.specs.seats ? String(c.specs.seats) : null) },
  { key: "doors", label: "Doors", value: (c) => (c.specs.doors ? String(c.specs.doors) : null) },
  { key: "colour", label: "Colour", value: (c) => c.specs.colour },
  { key: "location", label: "Location", value: (c) => c.specs.location ?? c.card.location_name },
];

/** The rows for the columns; `differs` compares the listed cars only (case-insensitively), and needs two of them. */
export function compareRows(columns: CompareColumn[], format: CompareFormat): CompareRow[] {
  return FACTS.map((fact) => {
    const values = columns.map((col) => (col.car ? (fact.value(col.car, format, col.state)?.trim() || NO_VALUE) : col.state === "gone" && fact.key === "status" ? stateLabel("gone", format) : NO_VALUE));
    const notes = columns.map((col) => (col.car && fact.note ? fact.note(col.car, format) : null));
    const listed = columns.map((c, i) => (c.car ? `${values[i]}\u0000${notes[i] ?? ""}`.toLowerCase() : null)).filter((v): v is string => v !== null);
    return { key: fact.key, label: fact.label, values, notes, differs: listed.length >= 2 && new Set(listed).size > 1 };
  });
}

/** The rows a "Show only differences" view keeps; the rows that name the cars stay in the header. */
export const differingRows = (rows: CompareRow[]) => rows.filter((r) => r.differs);
