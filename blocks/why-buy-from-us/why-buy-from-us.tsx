import type { BlockComponent } from "../../renderer/types";
import { IconListSection } from "../_shared/icon-list";
import { kindDefaults } from "../_shared/kind-defaults";
import { siteTerms, vehicleTerms } from "../../domain/vehicle-terms";
import schema from "./schema.json";

const { heading, intro, items } = schema.properties;
/** The schema's defaults, to tell the words a site left alone from its own. */
const DEFAULTS = { heading: heading.default, intro: (intro as { default?: string }).default, items: items.default };

/** Why Buy From Us? (spec §2, VDP sections): the dealer's reasons to buy here, as tiles. Every text is a prop;
 * the defaults name the vehicle's kind (a caravan site's "Every caravan we sell"). */
const WhyBuyFromUs: BlockComponent<"why-buy-from-us"> = ({ id, props, ctx }) => {
  const p = kindDefaults(props, DEFAULTS, ctx.vehicle ? vehicleTerms(ctx.vehicle) : siteTerms(ctx.tenant.identity));
  return <IconListSection id={id} block="why-buy-from-us" {...p} />;
};

export default WhyBuyFromUs;
