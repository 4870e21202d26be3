/**
 * The fuel cost calculator (spec search-and-vehicle-detail §5, §9). Pure: no I/O.
 * Starting values are the site's `features.calculators.fuelDefaults` (schema defaults: the spec's
 * 1.70 per litre, 250 km a week, 10 L/100km).
 */
import type { TenantDocument } from "../schemas/generated/tenant";

export type FuelInputs = TenantDocument["features"]["calculators"]["fuelDefaults"];

/** Spec §9's defaults; the tenant schema's fuelDefaults carry the same values (a test keeps them equal). */
export const FUEL_DEFAULTS: FuelInputs = { pricePerLitre: 1.7, kmPerWeek: 250, litresPer100km: 10 };

/**
 * What each input takes: never below 0 (a negative price would make a negative cost), and at most
 * what no road vehicle comes near (a heavy truck burns about 60 L/100 km). An entry beyond them is
 * clamped and told so, as in the finance calculator (domain/finance.ts enterValue).
 */
export const FUEL_BOUNDS: Record<keyof FuelInputs, { min: number; max: number }> = {
  pricePerLitre: { min: 0, max: 10 },
  kmPerWeek: { min: 0, max: 10000 },
  litresPer100km: { min: 0, max: 100 },
};

/** Spec §9: weekly cost = distance / 100 × consumption × price, in cents. */
export function weeklyFuelCost({ kmPerWeek, litresPer100km, pricePerLitre }: FuelInputs): number {
  const cost = (Math.max(0, kmPerWeek) / 100) * Math.max(0, litresPer100km) * Math.max(0, pricePerLitre);
  return Math.round((cost + Number.EPSILON) * 100) / 100;
}

/**
 * A battery-electric car (no fuel to cost): "Electric", "EV", "BEV", "Electric - BEV" …; hybrids
 * and plug-in hybrids burn fuel and are not electric here.
 */
export function isElectric(fuel: string | null | undefined): boolean {
  const s = (fuel ?? "").toLowerCase();
  if (/hybrid|plug.?in|phev|e-power/.test(s)) return false;
  return /electric|\bb?ev\b/.test(s);
}

/** Spec §5: the fuel calculator shows where the site has it, and never for electric cars. */
export function showFuelCalculator(car: { fuel?: string | null }, features: Pick<TenantDocument["features"], "calculators">): boolean {
  return features.calculators.fuel && !isElectric(car.fuel);
}

/** The calculator's starting values: the site's, else the spec's. */
export const fuelCalculatorDefaults = (features: Pick<TenantDocument["features"], "calculators">): FuelInputs => ({
  ...FUEL_DEFAULTS,
  ...features.calculators.fuelDefaults,
});
