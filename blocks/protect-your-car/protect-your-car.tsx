import type { BlockComponent } from "../../renderer/types";
import { siteTerms, vehicleTerms, type VehicleTerms } from "../../domain/vehicle-terms";
import { IconListSection, type IconListProps } from "../_shared/icon-list";
import schema from "./schema.json";

type Props = Omit<IconListProps, "block">;
const { heading, intro, items } = schema.properties;
/** The schema's defaults, to tell the words a site left alone from its own. */
const DEFAULTS = { heading: heading.default, intro: intro.default, items: items.default };

/**
 * The schema's default words for the vehicle's kind (issue 29): "Protect Your Motorcycle", "your
 * caravan", "Caravan insurance". A car's are the schema's own (the spec's "Protect Your Car"); a
 * heading, intro or item list the site wrote itself is shown as written.
 */
function kindDefaults(p: Props, terms: VehicleTerms): Props {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return {
    ...p,
    heading: p.heading === DEFAULTS.heading ? terms.protectHeading : p.heading,
    intro: p.intro === DEFAULTS.intro ? DEFAULTS.intro!.replace("your car", `your ${terms.noun}`) : p.intro,
    items: same(p.items, DEFAULTS.items)
      ? p.items.map((item) => {
          if (item.title === "Car insurance") return { ...item, title: `${terms.Noun} insurance`, text: terms.hasOdometer ? item.text : item.text?.replace("before you drive away", "before you tow it away") };
          // A motorcycle has a seat, not an interior.
          if (item.title === "Paint and interior protection" && terms.kind === "motorcycle") return { ...item, title: "Paint and seat protection", text: item.text?.replace("the upholstery", "the seat") };
          return item;
        })
      : p.items,
  };
}

/** Protect Your Car (spec §2, VDP sections; §9 "12 months roadside assist"): warranty, protection and cover the dealer offers. Every text is a prop. */
const ProtectYourCar: BlockComponent<"protect-your-car"> = ({ id, props, ctx }) => {
  const p = kindDefaults(props, ctx.vehicle ? vehicleTerms(ctx.vehicle) : siteTerms(ctx.tenant.identity));
  return <IconListSection id={id} block="protect-your-car" {...p} />;
};

export default ProtectYourCar;
