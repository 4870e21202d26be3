/**
 * Words that follow the vehicle's kind (issue 29): one term set per kind, used wherever a page names
 * a vehicle or asks about it. A car keeps the spec's wording word for word ("Book a Test Drive",
 * "Protect Your Car", "Your car is reserved"); a motorcycle is ridden ("Test Ride"); a caravan or a
 * camper trailer (a caravan body, domain/media.ts) is not driven at all: it is inspected, has no
 * odometer and no keys to cut, and is serviced by the calendar, not by the kilometre.
 * The words that follow the site's country are domain/terms.ts.
 */
import { normaliseBody, type ItemType } from "./media";

/** The kinds with words of their own: the vehicle schema's item_type, a camper trailer, and "vehicle" for a site of several kinds. */
export type TermKind = ItemType | "camper-trailer" | "vehicle";

export interface VehicleTerms {
  kind: TermKind;
  /** Lower case, for the middle of a sentence: "car", "motorcycle", "camper trailer". */
  noun: string;
  /** Capitalised, for headings and buttons: "Car", "Camper Trailer". */
  Noun: string;
  plural: string;
  Plural: string;
  /** What a visitor books before buying: "Test Drive", "Test Ride", "Inspection". */
  test: string;
  /** The VDP's button and dialog title: "Book a Test Drive". */
  bookTest: string;
  /** Whether it has an odometer to read (key facts, the trade-in's odometer question, the valuation's km). */
  hasOdometer: boolean;
  /** Whether it has keys the trade-in asks the number of. */
  hasKeys: boolean;
  /** How its service is due: by km (or months), or by months only. */
  serviceBasis: "km" | "months";
  /** The Protect Your Car section's heading. */
  protectHeading: string;
}

const terms = (kind: TermKind, noun: string, plural: string, test: string, opts: { driven: boolean }): VehicleTerms => {
  const cap = (s: string) => s.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
  return {
    kind,
    noun,
    Noun: cap(noun),
    plural,
    Plural: cap(plural),
    test,
    bookTest: `Book ${/^[AEIOU]/.test(test) ? "an" : "a"} ${test}`,
    hasOdometer: opts.driven,
    hasKeys: opts.driven,
    serviceBasis: opts.driven ? "km" : "months",
    protectHeading: `Protect Your ${cap(noun)}`,
  };
};

export const VEHICLE_TERMS: Record<TermKind, VehicleTerms> = {
  car: terms("car", "car", "cars", "Test Drive", { driven: true }),
  motorcycle: terms("motorcycle", "motorcycle", "motorcycles", "Test Ride", { driven: true }),
  truck: terms("truck", "truck", "trucks", "Test Drive", { driven: true }),
  caravan: terms("caravan", "caravan", "caravans", "Inspection", { driven: false }),
  "camper-trailer": terms("camper-trailer", "camper trailer", "camper trailers", "Inspection", { driven: false }),
  vehicle: terms("vehicle", "vehicle", "vehicles", "Test Drive", { driven: true }),
};

const ITEM_TYPES: readonly string[] = ["car", "motorcycle", "truck", "caravan"];

/** The kind of one vehicle: its item_type (a car when missing or unknown), a caravan with a camper-trailer body a camper trailer. */
export function vehicleKind(vehicle: { item_type?: string | null; body?: string | null }): TermKind {
  const type = ITEM_TYPES.includes(vehicle.item_type ?? "") ? (vehicle.item_type as ItemType) : "car";
  if (type === "caravan" && normaliseBody(vehicle.body, "caravan") === "camperTrailer") return "camper-trailer";
  return type;
}

/** The words for one vehicle (a stock vehicle, or a trade-in as the registration lookup found it). */
export const vehicleTerms = (vehicle: { item_type?: string | null; body?: string | null } | null | undefined): VehicleTerms =>
  VEHICLE_TERMS[vehicle ? vehicleKind(vehicle) : "car"];

/**
 * The words of a site where no one vehicle is in question (a service booking, a section outside a
 * vehicle page): its one kind of stock when it sells one (identity.stockKinds), cars when it sells
 * cars among others, else "vehicle".
 */
export function siteTerms(identity: { stockKinds?: readonly string[] | null }): VehicleTerms {
  const kinds = (identity.stockKinds ?? []).filter((k): k is ItemType => ITEM_TYPES.includes(k));
  if (kinds.length === 1) return VEHICLE_TERMS[kinds[0]];
  if (!kinds.length || kinds.includes("car")) return VEHICLE_TERMS.car;
  return VEHICLE_TERMS.vehicle;
}
