/** Wording and formatting of the fuel calculator, shared by the server render and the client leaf (the maths is domain/fuel.ts). */
import type { TenantDocument } from "../../schemas/generated/tenant";
import { weeklyFuelCost, type FuelInputs } from "../../domain/fuel";
import { formatMoney } from "../../domain/vehicle-display";
import { numberFormat } from "../../domain/intl";

/** The live region speaks the result this long after the last change. */
export const ANNOUNCE_DELAY_MS = 700;

type Identity = Pick<TenantDocument["identity"], "locale" | "currency">;

export const FUEL_FIELDS = [
  { name: "pricePerLitre", label: "Fuel price", unit: "$ per litre", step: 0.01 },
  { name: "kmPerWeek", label: "Distance", unit: "km per week", step: 1 },
  { name: "litresPer100km", label: "Fuel consumption", unit: "L/100 km", step: 0.1 },
] as const satisfies readonly { name: keyof FuelInputs; label: string; unit: string; step: number }[];

/** How each input's bounds and read values are written in its help ("$10.00", "10,000 km", "100 L/100 km"). */
export function fuelFormats(identity: Identity): Record<keyof FuelInputs, (n: number) => string> {
  const number = numberFormat(identity.locale, { maximumFractionDigits: 2 });
  return {
    pricePerLitre: (n) => formatMoney(n, identity, 2),
    kmPerWeek: (n) => `${number.format(n)} km`,
    litresPer100km: (n) => `${number.format(n)} L/100 km`,
  };
}

/** "$42.50": the weekly cost (distance / 100 × consumption × price), in cents. */
export const weeklyCostText = (inputs: FuelInputs, identity: Identity) => formatMoney(weeklyFuelCost(inputs), identity, 2);
