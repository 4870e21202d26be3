import { CIN_TITLE, KEY_INFO_VISIBLE, SHOW_LESS, SHOW_MORE, collapsible, consumerNoticeHref } from "../../domain/vdp-rules";
import type { BlockComponent } from "../../renderer/types";
import { Expandable } from "../_shared/expandable.client";
import { keyInfoItems, type KeyInfoItem } from "../../domain/key-info";
import { showsVeeel, veeelRows, VEEEL_TITLE } from "../../domain/veeel";
import styles from "./vehicle-key-info.module.css";

function Items({ items }: { items: KeyInfoItem[] }) {
  return (
    <dl className={styles.list}>
      {items.map((item) => (
        <div key={item.label} className={styles.item}>
          <dt className={styles.label}>{item.label}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Key information (spec §2): the car's facts, the first 4 shown and the rest behind Show More / Show Less. */
const VehicleKeyInfo: BlockComponent<"vehicle-key-info"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const items = keyInfoItems(car, ctx.tenant.identity.locale);
  // The emissions and energy label rides with the key facts on a New Zealand site (domain/veeel.ts).
  if (!items.length) return null;
  const { visible, canToggle } = collapsible(items, KEY_INFO_VISIBLE, false);
  const heading = props.heading?.trim() || "Key Information";
  const notice = consumerNoticeHref(car, ctx.tenant.features);
  const locale = ctx.tenant.identity.locale;
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="vehicle-key-info">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {heading}
      </h2>
      <Items items={visible} />
      {canToggle ? (
        <Expandable id={`${id}-more`} className={styles.more} expanded={<Items items={items.slice(visible.length)} />} moreLabel={SHOW_MORE} lessLabel={SHOW_LESS} context={heading} />
      ) : null}
      {showsVeeel(car, locale) ? (
        <div data-veeel="">
          <h3 id={`${id}-veeel`} className={styles.subheading}>
            {VEEEL_TITLE}
          </h3>
          <Items items={veeelRows(car, locale)} />
        </div>
      ) : null}
      {notice ? (
        <p className={styles.notice}>
          <a href={notice}>{CIN_TITLE}</a>
        </p>
      ) : null}
    </section>
  );
};

export default VehicleKeyInfo;
