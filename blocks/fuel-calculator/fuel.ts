/** Wording and formatting of the fuel calculator, shared by the server render and the client leaf (the maths is domain/fuel.ts). */
import type { TenantDocument } from "../../schemas/generated/tenant";
import { parseEntry } from "../../domain/finance";
import { weeklyFuelCost, type FuelInputs } from "../../domain/fuel";
import { formatMoney } from "../../domain/vehicle-display";

/** The live region speaks the result this long after the last change. */
export const ANNOUNCE_DELAY_MS = 700;

type Identity = Pick<TenantDocument["identity"], "locale" | "currency">;

export const FUEL_FIELDS = [
  { name: "pricePerLitre", label: "Fuel price", unit: "$ per litre", step: 0.01 },
  { name: "kmPerWeek", label: "Distance", unit: "km per week", step: 1 },
  { name: "litresPer100km", label: "Fuel consumption", unit: "L/100 km", step: 0.1 },
] as const satisfies readonly { name: keyof FuelInputs; label: string; unit: string; step: number }[];

/** A typed entry as a number, by the calculators' entry rule: non-numeric characters stripped; empty, negative or unreadable counts as 0. */
export const fuelEntry = (raw: string) => parseEntry(raw);

/** "$42.50": the weekly cost (distance / 100 × consumption × price), in cents. */
export const weeklyCostText = (inputs: FuelInputs, identity: Identity) => formatMoney(weeklyFuelCost(inputs), identity, 2);
