import type { BlockComponent } from "../../renderer/types";
import { cardSettings } from "../_shared/vehicle-card";
import { siteTerms } from "../../domain/vehicle-terms";
import { FavouritesList } from "../lazy.generated";
import styles from "./favourites-list.module.css";

/** The favourites page (spec §4 favourite): the browser's favourites, checked against the site's stock. */
const FavouritesListBlock: BlockComponent<"favourites-list"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const heading = props.heading?.trim() || "Your favourites";
  const { noun, plural } = siteTerms(tenant.identity);
  return (
    <section className={`fc-container fc-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="fc-section-heading">
        {heading}
      </h2>
      {tenant.features.favourites ? (
        <FavouritesList settings={{ card: cardSettings(tenant), searchPath: "/search", words: { noun, plural }, now: new Date().toISOString() }} />
      ) : (
        <p>Favourites are not available on this site.</p>
      )}
    </section>
  );
};

export default FavouritesListBlock;
