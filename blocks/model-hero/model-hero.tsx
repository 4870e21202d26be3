import { modelBadge, modelForPath, modelStockHref, modelTitle } from "../../domain/models";
import type { BlockComponent } from "../../renderer/types";
import { modelStock } from "../_shared/model-stock";
import { inStockLabel, modelFromLabel, TILE_WIDTH } from "../_shared/model-tile";
import { valueLabel } from "../_shared/search/display";
import styles from "./model-hero.module.css";
import { numberFormat } from "../../domain/intl";

/** The button to the model's stock search: "View 12 in stock". */
export const viewStockLabel = (count: number, locale: string) => `View ${numberFormat(locale).format(count)} in stock`;

/**
 * The head of a model page (/{model slug}, leads spec §2): the model's picture and badge, name,
 * body types, From price and description; View N in stock while the model has cars in stock.
 */
const ModelHero: BlockComponent<"model-hero"> = async ({ id, props, ctx }) => {
  const model = modelForPath(ctx.tenant, ctx.path);
  if (!model) return null;
  const stock = (await modelStock(ctx, [model], TILE_WIDTH * 2)).get(model.id)!;
  const badge = modelBadge(model);
  const from = modelFromLabel(model, ctx.tenant);
  const headingId = `${id}-heading`;
  return (
    <section className="fc-block-section" aria-labelledby={headingId} data-block="model-hero">
      <div className={`fc-container ${styles.hero}`}>
        <div className={styles.picture}>
          {stock.image ? <img src={stock.image} alt="" width={1280} height={960} fetchPriority="high" decoding="async" /> : null}
        </div>
        <div className={styles.text}>
          {badge ? <p className={styles.badge}>{badge}</p> : null}
          <h2 id={headingId} className={styles.name}>{modelTitle(model)}</h2>
          {model.bodies.length ? <p className={styles.meta}>{model.bodies.map((b) => valueLabel("body", b)).join(", ")}</p> : null}
          {from ? <p className={styles.price}>{from}</p> : null}
          {model.shortDescription ? <p>{model.shortDescription}</p> : null}
          <p className={styles.meta}>{inStockLabel(stock.count, ctx.tenant.identity.locale)}</p>
          <div className={styles.actions}>
            {stock.count ? (
              <a className="fc-button" href={modelStockHref(model)}>
                {viewStockLabel(stock.count, ctx.tenant.identity.locale)}
              </a>
            ) : null}
            {props.testDriveHref ? (
              <a className="fc-button fc-button--ghost" href={props.testDriveHref}>
                Book a Test Drive
              </a>
            ) : null}
            {props.enquireHref ? (
              <a className="fc-button fc-button--ghost" href={props.enquireHref}>
                Enquire
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
};

export default ModelHero;
