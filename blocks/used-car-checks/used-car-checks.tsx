import type { BlockComponent } from "../../renderer/types";
import { IconListSection } from "../_shared/icon-list";

/** Spec §2: the used-car checks section belongs to used cars only (not new or demo). */
export const showUsedCarChecks = (car: { car_type?: string | null }) => car.car_type === "used";

/** Used-car checks (spec §2, VDP sections): the inspection and history checks every used car passes, as a checklist. */
const UsedCarChecks: BlockComponent<"used-car-checks"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car || !showUsedCarChecks(car)) return null;
  const p = props;
  return <IconListSection id={id} block="used-car-checks" {...p} />;
};

export default UsedCarChecks;
