import type { BlockComponent } from "../../renderer/types";
import { withDefaults } from "../_shared/block-defaults";
import { IconListSection, type IconListProps } from "../_shared/icon-list";
import schema from "./schema.json";

/** Protect Your Car (spec §2, VDP sections; §9 "12 months roadside assist"): warranty, protection and cover the dealer offers. Every text is a prop. */
const ProtectYourCar: BlockComponent<"protect-your-car"> = ({ id, props }) => {
  const p = withDefaults<Omit<IconListProps, "block">>(props, schema);
  return <IconListSection id={id} block="protect-your-car" {...p} />;
};

export default ProtectYourCar;
