import { vehicleWord } from "../../domain/vehicle-display";
import { createSearchClient } from "../../renderer/search-client";
import type { BlockComponent } from "../../renderer/types";
import { algoliaClientConfig } from "../../server/search/algolia";
import { registerInProcessSearch } from "../../server/search/in-process";
import { readTiles, tilesRequest, type Tile } from "./tiles";
import styles from "./facet-tiles.module.css";
import { numberFormat } from "../../domain/intl";

/** Server-rendered links only: no script. Without stock to show, the block leaves itself out. */
const FacetTiles: BlockComponent<"facet-tiles"> = async ({ id, props, ctx }) => {
  registerInProcessSearch();
  let tiles: Tile[];
  try {
    const { results } = (await createSearchClient(ctx.searchHost, algoliaClientConfig(ctx.tenant, new Date())).search([tilesRequest(props)] as never)) as {
      results: { facets?: Record<string, Record<string, number>> }[];
    };
    tiles = readTiles(props, results[0]?.facets, ctx.tenant.search.joinNewAndDemo);
  } catch (error) {
    console.error("[facet-tiles] search failed:", error);
    return null;
  }
  if (!tiles.length) return null;
  const locale = ctx.tenant.identity.locale;
  return (
    <section className="fc-container fc-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.value}>
            <a className={styles.tile} href={tile.href}>
              {tile.image ? <img className={styles.image} src={tile.image} alt="" width={256} height={171} loading="lazy" decoding="async" /> : null}
              <span className={styles.label}>{tile.label}</span>
              {props.showCounts !== false ? (
                <span className={styles.count}>
                  {numberFormat(locale).format(tile.count)} {vehicleWord(tile.count, ctx.tenant)}
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
};

export default FacetTiles;
