import { fuelCalculatorDefaults, showFuelCalculator } from "../../domain/fuel";
import type { BlockComponent } from "../../renderer/types";
import { FuelCalculatorClient } from "../lazy.generated";
// The client part's stylesheet joins the page's own (one cached file), not a render-blocking file beside its lazy chunk.
import "./fuel-calculator.module.css";

/**
 * The VDP's fuel cost calculator (spec §5, §9): fuel price per litre, km per week and L/100 km,
 * starting from the site's fuel defaults (1.70, 250, 10), and the weekly cost
 * (distance / 100 × consumption × price). Hidden for electric cars and where the site has it off.
 */
const FuelCalculator: BlockComponent<"fuel-calculator"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car || !showFuelCalculator(car, ctx.tenant.features)) return null;
  const { locale, currency } = ctx.tenant.identity;
  const heading = props.heading?.trim() || "Fuel Cost Calculator";
  return (
    <section className="fc-block-section" aria-labelledby={`${id}-heading`}>
      <div className="fc-container">
        <h2 id={`${id}-heading`} className="fc-section-heading">
          {heading}
        </h2>
        {props.intro ? <p className="fc-section-intro">{props.intro}</p> : null}
        <FuelCalculatorClient defaults={fuelCalculatorDefaults(ctx.tenant.features)} identity={{ locale, currency }} />
      </div>
    </section>
  );
};

export default FuelCalculator;
