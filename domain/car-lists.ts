/**
 * The favourites and compare lists (spec §3 Favourite, §4, §5): the pages that show them, how many
 * cars a list holds, the current state of a listed car and the compare page's weekly estimate.
 * Shared by the blocks, the page lookup (renderer/find-page.ts) and the lookup endpoint (GET /api/cars).
 */
import type { Finance, TenantDocument } from "../schemas/generated/tenant";
import type { SearchRecord } from "./search-record";
import type { Vehicle } from "../schemas/generated/vehicle";
import { calculateRepayment, carLoan } from "./finance";
import { financeExcluded } from "./finance-estimate";
import { calculatorBounds, clampToBounds } from "./finance-entry";
import { isAvailable } from "./vehicle-display";

export type CarListKind = "favourites" | "compare";

/** Compare shows two to four cars side by side; a fifth is refused. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** The most favourites a browser keeps (and the lookup answers for at once). */
export const FAVOURITES_MAX = 60;
export const LIST_MAX: Record<CarListKind, number> = { favourites: FAVOURITES_MAX, compare: COMPARE_MAX };

/** The block that shows each list; a page holding it is that list's page. */
export const LIST_BLOCK = { favourites: "favourites-list", compare: "compare-cars" } as const;

const FEATURE_OF_BLOCK: Record<string, CarListKind> = { "favourites-list": "favourites", "compare-cars": "compare" };

type Doc = Pick<TenantDocument, "features" | "pages">;
type PageLike = { path?: string; blocks: { type: string }[] };

/**
 * Whether a page is switched off with its list's feature: a page showing the compare table on a
 * site with compare off is no page at all (404), so it can be left in a document while off.
 */
export function pageFeatureOff(doc: Pick<TenantDocument, "features">, page: PageLike): boolean {
  return page.blocks.some((b) => {
    const list = FEATURE_OF_BLOCK[b.type];
    return list !== undefined && !doc.features[list];
  });
}

/** The path of the site's page for a list: the feature on and a page with the list's block; else null. */
export function listPagePath(doc: Doc, list: CarListKind): string | null {
  if (!doc.features[list]) return null;
  return doc.pages.find((p) => p.path && p.blocks.some((b) => b.type === LIST_BLOCK[list]))?.path ?? null;
}

/** A listed car today: for sale, reserved by someone, sold, or no longer on the site. */
export type ListCarState = "available" | "reserved" | "sold" | "gone";

export function listCarState(car: Pick<Vehicle, "status" | "reserved"> | null): ListCarState {
  if (!car) return "gone";
  if (!isAvailable(car.status)) return "sold";
  return car.reserved ? "reserved" : "available";
}

/**
 * What a shopper is told about a car that can no longer be bought here, in the site's word for what
 * it sells (domain/vehicle-terms.ts siteTerms: "This caravan has been sold"; a car site's is "car").
 */
export function listStateText(state: Exclude<ListCarState, "available">, noun = "car"): string {
  if (state === "reserved") return "Reserved by another buyer";
  return state === "sold" ? `This ${noun} has been sold` : `This ${noun} is no longer listed`;
}

/** The compare page's repayment estimate: weekly repayment and the figures it was worked out on. */
export interface WeeklyEstimate {
  weekly: number;
  amount: number;
  termYears: number;
  ratePercent: number;
}

type EstimateCar = Pick<Vehicle, "price" | "make" | "dealership_id" | "status"> & { finance?: Vehicle["finance"] };

/**
 * The weekly repayment the site's finance calculator gives for the car's price (spec §9): the
 * calculator's starting term and rate (the site's, or the car's lender's where the site starts
 * from them), the price clamped to the calculator's amount bounds, no deposit or residual, the
 * site's fee and rounding. Null when the car is not for sale, priced at 500 or less, excluded
 * from finance, or the repayment is one the calculator shows as Enquire for Finance.
 */
export function weeklyEstimate(car: EstimateCar, finance: Pick<Finance, "provider" | "calculator" | "excludedManufacturers" | "excludedDealershipIds">): WeeklyEstimate | null {
  if (!isAvailable(car.status) || !(car.price > 500) || financeExcluded(car, finance)) return null;
  const start = carLoan(finance, car);
  const amount = clampToBounds(car.price, calculatorBounds(finance.calculator, car.price).amount);
  const result = calculateRepayment({ ...start, amount, deposit: 0, residual: 0, frequency: "weekly" }, finance.calculator);
  if (result.kind !== "repayment") return null;
  return { weekly: result.repayment, amount, termYears: start.term, ratePercent: start.interest };
}

/** What the compare table shows beyond a card's fields, as the feed names them. */
export interface ListCarSpecs {
  body: string | null;
  fuel: string | null;
  transmission: string | null;
  drive: string | null;
  engine_litres: number | null;
  engine_cc: number | null;
  seats: number | null;
  doors: number | null;
  colour: string | null;
  location: string | null;
}

/** A listed car as GET /api/cars answers it: its card, its specifications and the weekly estimate. */
export interface ListCar {
  card: SearchRecord;
  specs: ListCarSpecs;
  weekly: WeeklyEstimate | null;
}

export interface ListLookupItem {
  id: string;
  state: ListCarState;
  car: ListCar | null;
}

