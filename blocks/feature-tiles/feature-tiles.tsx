import type { BlockComponent } from "../../renderer/types";
import { withDefaults } from "../_shared/block-defaults";
import { IconListSection, type IconListProps } from "../_shared/icon-list";
import schema from "./schema.json";

/** Features (spec §2, VDP sections): icon and text tiles of what the dealer offers. Every text is a prop. */
const FeatureTiles: BlockComponent<"feature-tiles"> = ({ id, props }) => {
  const p = withDefaults<Omit<IconListProps, "block">>(props, schema);
  return <IconListSection id={id} block="feature-tiles" {...p} />;
};

export default FeatureTiles;
