/** The panel's figures as words (no CSS here, so end-to-end tests can import it). */
import { formatMoney } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../schemas/generated/tenant";
import { numberFormat } from "../../domain/intl";

export type Identity = Pick<TenantDocument["identity"], "locale" | "currency">;

/** "$20,800 – $27,200"; one amount when the comparables all share a price. */
export const marketRangeText = (min: number, max: number, identity: Identity) =>
  min === max ? formatMoney(min, identity, 0) : `${formatMoney(min, identity, 0)} – ${formatMoney(max, identity, 0)}`;

/** Confidence as a whole percentage ("56%"). */
export const confidenceText = (confidence: number, locale: string) =>
  numberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(confidence);
