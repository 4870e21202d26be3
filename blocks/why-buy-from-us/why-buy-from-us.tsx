import type { BlockComponent } from "../../renderer/types";
import { withDefaults } from "../_shared/block-defaults";
import { IconListSection, type IconListProps } from "../_shared/icon-list";
import schema from "./schema.json";

/** Why Buy From Us? (spec §2, VDP sections): the dealer's reasons to buy here, as tiles. Every text is a prop. */
const WhyBuyFromUs: BlockComponent<"why-buy-from-us"> = ({ id, props }) => {
  const p = withDefaults<Omit<IconListProps, "block">>(props, schema);
  return <IconListSection id={id} block="why-buy-from-us" {...p} />;
};

export default WhyBuyFromUs;
