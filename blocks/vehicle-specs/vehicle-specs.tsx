import { FEATURES_VISIBLE, HIDE, HIDE_SPECS, SHOW_ALL, SHOW_ALL_SPECS, collapsible } from "../../domain/vdp-rules";
import type { BlockComponent } from "../../renderer/types";
import { Expandable } from "../_shared/expandable.client";
import { equipmentGroups, specRows, type SpecRow } from "./specs";
import styles from "./vehicle-specs.module.css";

function Specs({ rows }: { rows: SpecRow[] }) {
  return (
    <dl className={styles.specs}>
      {rows.map((row, i) => (
        <div key={`${row.name}-${i}`} className={styles.spec}>
          <dt className={styles.name}>{row.name}</dt>
          <dd className={styles.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Features({ items }: { items: string[] }) {
  return (
    <ul className={styles.features}>
      {items.map((item, i) => (
        <li key={`${item}-${i}`}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * All specifications (spec §2): the car's specifications, the first few shown then Show All Specs /
 * Hide Specs; and its standard equipment, each list showing 8 then Show All / Hide (spec §9).
 */
const VehicleSpecs: BlockComponent<"vehicle-specs"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const rows = specRows(car, ctx.tenant.identity.locale);
  const groups = props.equipment === false ? [] : equipmentGroups(car);
  if (!rows.length && !groups.length) return null;
  const specs = collapsible(rows, Math.max(1, Math.floor(props.specsShown)), false);
  const heading = props.heading?.trim() || "Specifications";
  const equipmentHeading = props.equipmentHeading?.trim() || "Standard Equipment";
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="vehicle-specs">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      {rows.length ? (
        <div className={styles.block}>
          <Specs rows={specs.visible} />
          {specs.canToggle ? (
            <Expandable id={`${id}-specs`} className={styles.more} expanded={<Specs rows={rows.slice(specs.visible.length)} />} moreLabel={SHOW_ALL_SPECS} lessLabel={HIDE_SPECS} />
          ) : null}
        </div>
      ) : null}
      {groups.length ? (
        <div className={styles.block}>
          <h3 className={styles.subheading}>{equipmentHeading}</h3>
          <div className={styles.groups}>
            {groups.map((group, i) => {
              const list = collapsible(group.items, FEATURES_VISIBLE, false);
              const groupId = `${id}-equipment-${i}`;
              return (
                <section key={groupId} className={styles.group} aria-labelledby={`${groupId}-heading`}>
                  <h4 id={`${groupId}-heading`} className={styles.groupHeading}>
                    {group.name}
                  </h4>
                  <Features items={list.visible} />
                  {list.canToggle ? (
                    <Expandable id={`${groupId}-more`} className={styles.more} expanded={<Features items={group.items.slice(list.visible.length)} />} moreLabel={SHOW_ALL} lessLabel={HIDE} context={group.name} />
                  ) : null}
                </section>
              );
            })}
          </div>
        </div>
      ) : null}
    </section>
  );
};

export default VehicleSpecs;
