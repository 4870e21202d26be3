/**
 * Trade-in valuation (spec leads §3 "Valuation result", §7 /api/eval-expert/*): what a vendor
 * adapter (AutoGrab, Redbook …) implements — a registration lookup and a valuation — and
 * `valueForSite`, which applies the site's online-estimate rule (domain/trade-in.ts) before any
 * provider is asked, so no provider gives a figure the site's FAQ says it does not give.
 */
import { onlineEstimateEligibility, type TradeInSettings, type TradeInState } from "../../domain/trade-in";
import type { ConditionAnswers } from "../../domain/trade-in-details";
import type { ItemType } from "../../domain/media";
import { vehicleTerms } from "../../domain/vehicle-terms";

/** The words and questions for a vehicle traded in, by its kind as the registration lookup found it (domain/vehicle-terms.ts). */
export const tradeInVehicleTerms = (v: Pick<ValuationVehicle, "itemType" | "body">) => vehicleTerms({ item_type: v.itemType, body: v.body });

/** A vehicle as a registration lookup finds it (the spec's valuation result fields, §3). */
export interface ValuationVehicle {
  /** What the visitor reads and chooses among candidates (§3 "Vehicle candidate list entries have a Description"). */
  description: string;
  registration: string;
  state: TradeInState;
  vin: string;
  engineNo?: string;
  /** ISO date. */
  regExpiry?: string;
  make: string;
  model: string;
  series?: string;
  variant?: string;
  year: number;
  transmission?: string;
  body?: string;
  /** The kind of vehicle (the vehicle schema's item_type) when the provider knows it: a caravan is asked no odometer or keys (domain/vehicle-terms.ts). */
  itemType?: ItemType;
  cylinders?: number;
  redbookCode?: string;
  buildMonth?: number;
  buildYear?: number;
  complianceMonth?: number;
  complianceYear?: number;
}

/** One car, several (the same plate and VIN read as different variants: the visitor chooses), or none. */
export type RegistrationLookup =
  | { kind: "match"; vehicle: ValuationVehicle }
  | { kind: "candidates"; candidates: ValuationVehicle[] }
  | { kind: "none" };

export interface ValuationRequest {
  vehicle: ValuationVehicle;
  /** Whole km as the visitor typed it; null for a vehicle without an odometer (a caravan). */
  odometer: number | null;
  answers: ConditionAnswers;
}

/** One line of how an offer was reached ("valuation with adjustments", spec §4). */
export interface ValuationAdjustment {
  label: string;
  /** Dollars added (negative: taken off). */
  amount: number;
  /**
   * true: a reason the visitor is told (their car's condition, service history, keys). Every other
   * line is the dealer's workings (retail estimate, margin, rounding): kept with the evaluation for
   * staff, never in a visitor's answer (customerReasons).
   */
  customer?: boolean;
}

/** The lines of an offer a visitor may read: the customer reasons, as label and amount only. */
export function customerReasons(adjustments: readonly ValuationAdjustment[]): { label: string; amount: number }[] {
  return adjustments.filter((a) => a.customer === true).map(({ label, amount }) => ({ label, amount }));
}

export type Valuation =
  | {
      kind: "offer";
      /** Whole dollars (spec §3 offer_price). */
      offerPrice: number;
      /** ISO date-time: 7 days after it was made (spec §9). */
      validUntil: string;
      adjustments: ValuationAdjustment[];
      /** How the provider reached it, in a sentence (shown to staff in the lead). */
      basis: string;
    }
  | { kind: "no-online-figure"; reason: string };

/** The site a valuation is for: its dealerships (whose stock and sales an embedded provider may read) and rule. */
export interface ValuationSite {
  slug: string;
  dealershipIds: number[];
  settings: Pick<TradeInSettings, "maxAgeYears">;
}

/** What a vendor adapter implements. Inputs are already checked (domain/trade-in.ts): rego normalised, state one of the 8. */
export interface ValuationProvider {
  readonly name: string;
  lookupRegistration(rego: string, state: TradeInState): Promise<RegistrationLookup>;
  /** An offer, or no online figure with the reason. Called only for cars inside the site's rule (valueForSite). */
  value(request: ValuationRequest, site: ValuationSite, now: Date): Promise<Valuation>;
}

/** The site's rule first (too old or too many km: no online figure, with the FAQ's reason), then the provider. */
export async function valueForSite(provider: ValuationProvider, request: ValuationRequest, site: ValuationSite, now = new Date()): Promise<Valuation> {
  const rule = onlineEstimateEligibility({ year: request.vehicle.year, km: request.odometer }, site.settings.maxAgeYears, now, tradeInVehicleTerms(request.vehicle));
  if (!rule.eligible) return { kind: "no-online-figure", reason: rule.reason };
  return provider.value(request, site, now);
}

/** The valuation result as the spec's calls answer it (§3 "Valuation result"; §7 enter-vin, manual-entry, update-eval). */
export interface ValuationResult {
  EvalID: string;
  VIN: string;
  EngineNo: string | null;
  Registration: string;
  RegExpiry: string | null;
  KM: number | null;
  Make: string;
  Model: string;
  Series: string | null;
  Variant: string | null;
  Year: number;
  Transmission: string | null;
  redbookCode: string | null;
  Body: string | null;
  /** Ours, beside the spec's fields: the kind of vehicle when known (car, motorcycle, truck, caravan), so the wizard asks what fits it. */
  ItemType: ItemType | null;
  Cylinders: number | null;
  CompMth: number | null;
  CompYr: number | null;
  BuildMth: number | null;
  BuildYr: number | null;
}

/** An evaluation's vehicle in the spec's field names (null where the provider does not know). */
export function valuationResult(evalId: string, v: ValuationVehicle, km: number | null = null): ValuationResult {
  return {
    EvalID: evalId,
    VIN: v.vin,
    EngineNo: v.engineNo ?? null,
    Registration: v.registration,
    RegExpiry: v.regExpiry ?? null,
    KM: km,
    Make: v.make,
    Model: v.model,
    Series: v.series ?? null,
    Variant: v.variant ?? null,
    Year: v.year,
    Transmission: v.transmission ?? null,
    redbookCode: v.redbookCode ?? null,
    Body: v.body ?? null,
    ItemType: v.itemType ?? null,
    Cylinders: v.cylinders ?? null,
    CompMth: v.complianceMonth ?? null,
    CompYr: v.complianceYear ?? null,
    BuildMth: v.buildMonth ?? null,
    BuildYr: v.buildYear ?? null,
  };
}
