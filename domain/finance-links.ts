/** Finance links (spec §2 routes): the finance page's path and query for a car, anchored to the form. */
import type { Finance } from "../schemas/generated/tenant";
import { priced } from "./finance-entry";

// Finance links (spec §2 routes: /finance with preferredDealership, vehiclePriceBudget, car_id,
// car_type, anchored to the form; a site-configured default finance link overrides the path)

/** The id of the finance form on the finance page; finance links are anchored to it. */
export const FINANCE_FORM_ANCHOR = "finance-form";
export const DEFAULT_FINANCE_PATH = "/finance";

/**
 * A finance link for a car (VDP "Request a Quote", Get Finance …): the site's default finance link,
 * else /finance, with car_id, vehiclePriceBudget (the price, when over 10), car_type and
 * preferredDealership (the slug of the car's dealership, found in `dealerships`), anchored to the
 * finance form, whose form reads them (domain/lead-form-values.ts financeQueryPrefill). A default link that
 * already carries an anchor keeps it; tel:, sms: and mailto: links are returned as they are.
 */
export function financeHref(
  finance: Pick<Finance, "defaultLink">,
  car?: { id?: string | null; price?: number | null; car_type?: string | null; dealership_id?: number | null } | null,
  dealerships: { id: number; slug: string }[] = [],
): string {
  const base = finance.defaultLink?.trim() || DEFAULT_FINANCE_PATH;
  if (/^(tel|sms|mailto):/i.test(base)) return base;
  const hashAt = base.indexOf("#");
  const withoutHash = hashAt >= 0 ? base.slice(0, hashAt) : base;
  const hash = hashAt >= 0 ? base.slice(hashAt) : `#${FINANCE_FORM_ANCHOR}`;
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : "");
  if (car?.id) query.set("car_id", car.id);
  if (priced(car?.price)) query.set("vehiclePriceBudget", String(car.price));
  if (car?.car_type) query.set("car_type", car.car_type);
  const dealership = car?.dealership_id != null ? dealerships.find((d) => d.id === car.dealership_id) : undefined;
  if (dealership) query.set("preferredDealership", dealership.slug);
  const q = query.toString();
  return `${path}${q ? `?${q}` : ""}${hash}`;
}
