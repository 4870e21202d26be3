import type { BlockComponent } from "../../renderer/types";
import { withDefaults } from "../_shared/block-defaults";
import { IconListSection, type IconListProps } from "../_shared/icon-list";
import schema from "./schema.json";

/** What's Included (spec §2, VDP sections): what comes with every car the dealer sells. Every text is a prop. */
const WhatsIncluded: BlockComponent<"whats-included"> = ({ id, props }) => {
  const p = withDefaults<Omit<IconListProps, "block">>(props, schema);
  return <IconListSection id={id} block="whats-included" {...p} />;
};

export default WhatsIncluded;
