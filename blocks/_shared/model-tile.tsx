import { modelBadge, modelPageHref, modelTitle, type Model } from "../../domain/models";
import { formatMoney } from "../../domain/vehicle-display";
import type { TenantDocument } from "../../renderer/types";
import type { ModelStock } from "./model-stock";
import { valueLabel } from "./search/display";
import styles from "./model-tile.module.css";
import { numberFormat } from "../../domain/intl";

/** Tile pictures: 640 wide, 4:3. */
export const TILE_WIDTH = 640;

/** "From $34,990", or null for a model without a From price. */
export const modelFromLabel = (model: Pick<Model, "fromPrice">, tenant: Pick<TenantDocument, "identity">) =>
  model.fromPrice ? `From ${formatMoney(model.fromPrice, tenant.identity)}` : null;

/** "3 in stock" / "None in stock". */
export const inStockLabel = (count: number, locale: string) => (count ? `${numberFormat(locale).format(count)} in stock` : "None in stock");

/** A model of the range as a tile: picture, badge, name, body types, From price, stock, linking to its page. */
export function ModelTile({ model, stock, tenant }: { model: Model; stock: ModelStock; tenant: Pick<TenantDocument, "identity"> }) {
  const badge = modelBadge(model);
  const from = modelFromLabel(model, tenant);
  return (
    <a className={styles.tile} href={modelPageHref(model)} data-model={model.id}>
      <span className={styles.picture}>
        {stock.image ? (
          <img className={styles.image} src={stock.image} alt="" width={640} height={480} loading="lazy" decoding="async" />
        ) : (
          <span className={`${styles.image} ${styles.noPicture}`}>Picture coming soon</span>
        )}
        {badge ? <span className={styles.badge}>{badge}</span> : null}
      </span>
      <span className={styles.name}>{modelTitle(model)}</span>
      {model.bodies.length ? <span className={styles.meta}>{model.bodies.map((b) => valueLabel("body", b)).join(", ")}</span> : null}
      <span className={styles.meta}>{inStockLabel(stock.count, tenant.identity.locale)}</span>
      {from ? <span className={styles.price}>{from}</span> : null}
    </a>
  );
}
