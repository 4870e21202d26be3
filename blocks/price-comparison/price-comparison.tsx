import { isAvailable } from "../../domain/vehicle-display";
import type { BlockComponent } from "../../renderer/types";
import { PriceComparisonClient } from "../lazy.generated";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "./price-comparison.module.css";

/**
 * The VDP's price comparison panel (spec §3, §4, §5, §9): how the car's price sits against
 * comparable stock (GET /api/cars/{slug}/autogauge). Where the site has price comparison on, for
 * an available, priced car; the browser loads it behind a skeleton and hides it when the data is
 * missing, fails the spec's rule or the fetch fails.
 */
const PriceComparison: BlockComponent<"price-comparison"> = async ({ id, props, ctx }) => {
  if (!ctx.tenant.features.priceComparison) return null;
  const car = ctx.vehicle;
  if (!car || !isAvailable(car.status) || !(car.price > 10)) return null;
  const { locale, currency } = ctx.tenant.identity;
  return (
    <PriceComparisonClient
      slug={car.slug}
      texts={{ id, heading: props.heading?.trim() || "Price Comparison", intro: props.intro?.trim() || null }}
      identity={{ locale, currency }}
    />
  );
};

export default PriceComparison;
