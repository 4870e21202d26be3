import type { BlockComponent } from "../../renderer/types";
import { IconListSection } from "../_shared/icon-list";

/** Why Buy From Us? (spec §2, VDP sections): the dealer's reasons to buy here, as tiles. Every text is a prop. */
const WhyBuyFromUs: BlockComponent<"why-buy-from-us"> = ({ id, props }) => {
  const p = props;
  return <IconListSection id={id} block="why-buy-from-us" {...p} />;
};

export default WhyBuyFromUs;
