import { valueLabel } from "../_shared/search/display";
import { bodyForSlug, bodySlug, brandForPath, rangeBodies, type Model } from "../../domain/models";
import type { BlockComponent } from "../../renderer/types";
import { modelStock } from "../_shared/model-stock";
import { ModelTile, TILE_WIDTH } from "../_shared/model-tile";
import styles from "./model-range.module.css";

/**
 * The model range (leads spec §2 /models?body=, /{brand}/overview; §4 NEW / COMING SOON): the
 * site's models as tiles, optionally one make's (a brand page's by default), filtered by the
 * ?body= of the request. The body links are plain links: the page works without script.
 */
const ModelRange: BlockComponent<"model-range"> = async ({ id, props, ctx }) => {
  const { tenant, path } = ctx;
  const brand = props.make?.trim() ? null : brandForPath(tenant, path);
  const make = props.make?.trim() || brand?.make || null;
  const ofMake: Model[] = (tenant.models ?? []).filter((m) => !make || m.make.toLowerCase() === make.toLowerCase());
  if (!ofMake.length) return null;
  const bodies = rangeBodies(ofMake);
  const body = props.bodyFilter === false ? null : bodyForSlug(ctx.query?.body, bodies, tenant.search.truckSlug);
  const shown = body ? ofMake.filter((m) => (m.bodies as string[]).includes(body)) : ofMake;
  const stock = await modelStock(ctx, shown, TILE_WIDTH);
  // A brand page names its brand when the block has no heading of its own.
  const heading = props.heading?.trim() || (brand ? `The ${brand.make} Range` : "");
  const headingId = `${id}-heading`;
  return (
    <section className="fc-block-section" {...(heading ? { "aria-labelledby": headingId } : { "aria-label": "Model range" })} data-block="model-range">
      <div className={`fc-container ${styles.body}`}>
        {heading ? (
          <h2 id={headingId} className="fc-section-heading">
            {heading}
          </h2>
        ) : null}
        {props.bodyFilter !== false && bodies.length > 1 ? (
          <nav aria-label="Body types">
            <ul className={styles.bodies}>
              <li>
                <a href={path} aria-current={body ? undefined : "page"}>
                  All
                </a>
              </li>
              {bodies.map((b) => (
                <li key={b}>
                  <a href={`${path}?body=${bodySlug(b)}`} aria-current={b === body ? "page" : undefined}>
                    {valueLabel("body", b)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <ul className={styles.tiles} aria-label={body ? `${valueLabel("body", body)} models` : "Models"}>
          {shown.map((m) => (
            <li key={m.id}>
              <ModelTile model={m} stock={stock.get(m.id)!} tenant={tenant} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
};

export default ModelRange;
