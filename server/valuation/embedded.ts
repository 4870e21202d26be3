/**
 * The embedded valuation provider: registrations from a local table (./demo-registrations.ts)
 * and offers computed from the site's own stock and sales in the
 * database. `computeOffer` is the arithmetic (pure, deterministic); the README's "Trade-in
 * valuation" paragraph says the same in words.
 */
import { and, between, eq, gte, inArray, or, sql } from "drizzle-orm";
import { normaliseRego, offerValidUntil, type TradeInState } from "../../domain/trade-in";
import type { ConditionAnswers } from "../../domain/trade-in-details";
import type { Db } from "../db";
import { vehicles } from "../db/schema";
import { DEMO_REGISTRATIONS } from "./demo-registrations";
import { VEHICLE_TERMS, type VehicleTerms } from "../../domain/vehicle-terms";
import { tradeInVehicleTerms } from "./provider";
import type { RegistrationLookup, Valuation, ValuationAdjustment, ValuationProvider, ValuationRequest, ValuationSite, ValuationVehicle } from "./provider";

/** Comparables: the site's cars of the same make and model, model year within ±3 … */
export const COMPARABLE_YEAR_WINDOW = 3;
/** … priced (spec §9: a price of 200 or more counts as priced) … */
export const PRICED_MIN = 200;
/** … in stock or coming soon, or sold in the last 365 days (what the dealer actually got). */
export const SOLD_WITHIN_DAYS = 365;
/** Each model year a comparable is newer than the car takes 8% off its price (and older adds it back). */
export const YEAR_FACTOR = 0.92;
/** Each km the car has more than a comparable takes 10 cents off (fewer adds it). */
export const KM_RATE = 0.1;
/** The dealer buys at 20% under the retail estimate (reconditioning, holding, margin). */
export const DEALER_MARGIN = 0.2;
/** The offer is rounded down to whole hundreds of dollars. */
export const OFFER_ROUNDING = 100;
/** Under this, no online figure: the car is better seen in person. */
export const MIN_OFFER = 500;

/** Condition answers (domain/trade-in.ts options) as factors on the price and dollars off. */
export const CONDITION_FACTORS: Record<ConditionAnswers["car_condition"], number> = { Excellent: 1, Good: 0.96, Fair: 0.9, Poor: 0.8 };
export const SERVICE_HISTORY_FACTORS: Record<ConditionAnswers["service_history"], number> = {
  "Full service history": 1,
  "Partial service history": 0.97,
  "No service history": 0.93,
};
/** A second key costs the dealer this much to cut and code. */
export const KEY_DEDUCTIONS: Record<NonNullable<ConditionAnswers["number_of_keys"]>, number> = { "1": 300, "2": 0, "3 or more": 0 };

/** Why no online figure, in the words of the vehicle's kind (a car's are the constants). */
export const noComparablesReason = (t: Pick<VehicleTerms, "noun" | "plural"> = VEHICLE_TERMS.car) =>
  `We haven't sold enough ${t.plural} like yours to value it online. Our buying team will contact you with an offer.`;
export const lowValueReason = (t: Pick<VehicleTerms, "noun" | "plural"> = VEHICLE_TERMS.car) => `Your ${t.noun} is best valued in person. Our buying team will contact you with an offer.`;
export const NO_COMPARABLES_REASON = noComparablesReason();
export const LOW_VALUE_REASON = lowValueReason();

export interface Comparable {
  year: number;
  km: number;
  price: number;
}

/** The median of `values` (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const pct = (factor: number) => `${Math.round((factor - 1) * 100)}%`;

/**
 * The offer for `request` from `comparables` (the site's cars of the same make and model):
 * 1. each comparable's price is brought to the car's year and km: × 0.92 per year it is newer,
 *    + 10 c per km it has more;
 * 2. the retail estimate is the median of those (whole dollars);
 * 3. less the dealer's 20%; × the condition factor; × the service-history factor; less $300 for a
 *    single key; rounded down to $100.
 * Every step is an adjustment line and they add up to the offer. No comparables, or under $500:
 * no online figure.
 */
export function computeOffer(request: ValuationRequest, comparables: readonly Comparable[], now: Date): Valuation {
  const terms = tradeInVehicleTerms(request.vehicle);
  if (!comparables.length) return { kind: "no-online-figure", reason: noComparablesReason(terms) };
  const { vehicle: car, odometer, answers } = request;
  // Without an odometer (a caravan) a comparable is brought to the car's year only.
  const adjusted = comparables.map((c) => c.price * YEAR_FACTOR ** (c.year - car.year) + (odometer === null ? 0 : (c.km - odometer) * KM_RATE));
  const retail = Math.round(median(adjusted));
  const afterMargin = Math.round(retail * (1 - DEALER_MARGIN));
  const afterCondition = Math.round(afterMargin * CONDITION_FACTORS[answers.car_condition]);
  const afterService = Math.round(afterCondition * SERVICE_HISTORY_FACTORS[answers.service_history]);
  const afterKeys = afterService - (answers.number_of_keys ? KEY_DEDUCTIONS[answers.number_of_keys] : 0);
  const offer = Math.floor(afterKeys / OFFER_ROUNDING) * OFFER_ROUNDING;
  if (offer < MIN_OFFER) return { kind: "no-online-figure", reason: lowValueReason(terms) };
  const years = comparables.map((c) => c.year);
  const lines: ValuationAdjustment[] = [
    { label: `Retail estimate: median of ${comparables.length} comparable ${comparables.length === 1 ? "car" : "cars"}, adjusted to ${car.year}${odometer === null ? "" : ` and ${odometer} km`}`, amount: retail },
    { label: `Dealer margin (${pct(1 - DEALER_MARGIN)})`, amount: afterMargin - retail },
    // The visitor's own answers: reasons they may be told (customerReasons); the rest is the dealer's workings.
    { label: `Condition: ${answers.car_condition} (${pct(CONDITION_FACTORS[answers.car_condition])})`, amount: afterCondition - afterMargin, customer: true },
    { label: `${answers.service_history} (${pct(SERVICE_HISTORY_FACTORS[answers.service_history])})`, amount: afterService - afterCondition, customer: true },
    ...(answers.number_of_keys ? [{ label: `Keys: ${answers.number_of_keys}`, amount: afterKeys - afterService, customer: true }] : []),
    { label: `Rounded down to $${OFFER_ROUNDING}`, amount: offer - afterKeys },
  ];
  return {
    kind: "offer",
    offerPrice: offer,
    validUntil: offerValidUntil(now).toISOString(),
    // Lines that change nothing are left out; the retail estimate always shows.
    adjustments: lines.filter((l, i) => i === 0 || l.amount !== 0),
    basis: `${comparables.length} ${car.make} ${car.model} listed or sold by this dealer (${Math.min(...years)}–${Math.max(...years)}), median adjusted price $${retail}.`,
  };
}

export class EmbeddedValuationProvider implements ValuationProvider {
  readonly name = "embedded";
  constructor(
    private readonly db: Db,
    private readonly registrations: ReadonlyMap<string, readonly ValuationVehicle[]> = DEMO_REGISTRATIONS,
  ) {}

  async lookupRegistration(rego: string, state: TradeInState): Promise<RegistrationLookup> {
    const found = this.registrations.get(`${state}:${normaliseRego(rego)}`) ?? [];
    if (!found.length) return { kind: "none" };
    if (found.length === 1) return { kind: "match", vehicle: found[0] };
    return { kind: "candidates", candidates: [...found] };
  }

  /** The site's comparable stock and sales for `car` (its dealerships only; shown on the website or not). */
  async comparables(car: Pick<ValuationVehicle, "make" | "model" | "year">, site: ValuationSite, now: Date): Promise<Comparable[]> {
    if (!site.dealershipIds.length) return [];
    const soldSince = new Date(now.getTime() - SOLD_WITHIN_DAYS * 86_400_000);
    return this.db
      .select({ year: vehicles.year, km: vehicles.km, price: vehicles.price })
      .from(vehicles)
      .where(
        and(
          inArray(vehicles.dealershipId, site.dealershipIds),
          // The same expressions as the vehicles_market index.
          sql`lower(trim(${vehicles.make})) = ${car.make.trim().toLowerCase()}`,
          sql`lower(trim(${vehicles.model})) = ${car.model.trim().toLowerCase()}`,
          between(vehicles.year, car.year - COMPARABLE_YEAR_WINDOW, car.year + COMPARABLE_YEAR_WINDOW),
          gte(vehicles.price, PRICED_MIN),
          or(sql`${vehicles.status} in ('in_stock', 'coming_soon')`, and(eq(vehicles.status, "sold"), gte(vehicles.soldAt, soldSince))),
        ),
      )
      .orderBy(vehicles.id);
  }

  async value(request: ValuationRequest, site: ValuationSite, now: Date): Promise<Valuation> {
    return computeOffer(request, await this.comparables(request.vehicle, site, now), now);
  }
}

/** The provider the server uses. Only the embedded one exists so far; a vendor adapter would be chosen here by its settings. */
export function valuationProvider(db: Db): ValuationProvider {
  return new EmbeddedValuationProvider(db);
}
