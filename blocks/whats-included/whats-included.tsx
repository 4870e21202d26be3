import type { BlockComponent } from "../../renderer/types";
import { IconListSection } from "../_shared/icon-list";

/** What's Included (spec §2, VDP sections): what comes with every car the dealer sells. Every text is a prop. */
const WhatsIncluded: BlockComponent<"whats-included"> = ({ id, props }) => {
  const p = props;
  return <IconListSection id={id} block="whats-included" {...p} />;
};

export default WhatsIncluded;
