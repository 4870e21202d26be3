import type { BlockComponent } from "../../renderer/types";
import { IconListSection } from "../_shared/icon-list";

/** Features (spec §2, VDP sections): icon and text tiles of what the dealer offers. Every text is a prop. */
const FeatureTiles: BlockComponent<"feature-tiles"> = ({ id, props }) => {
  const p = props;
  return <IconListSection id={id} block="feature-tiles" {...p} />;
};

export default FeatureTiles;
