import type { BlockComponent } from "../../renderer/types";
import { CompareCars } from "../lazy.generated";
import { siteTerms } from "../../domain/vehicle-terms";
import styles from "./compare-cars.module.css";

const DISCLAIMER =
  "*Weekly repayments are estimates from our finance calculator with no deposit, not a quote or an offer of finance. Fees, charges and your circumstances change what you pay.";

/** The compare page (spec §4 compare): the browser's compare list, side by side. */
const CompareCarsBlock: BlockComponent<"compare-cars"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const { noun, plural } = siteTerms(tenant.identity);
  const heading = props.heading?.trim() || "Compare cars";
  return (
    <section className={`fc-container fc-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="fc-section-heading">
        {heading}
      </h2>
      {tenant.features.compare ? (
        <CompareCars
          settings={{
            site: tenant.identity.slug,
            identity: { locale: tenant.identity.locale, currency: tenant.identity.currency },
            copy: tenant.copy,
            searchPath: "/search",
            disclaimer: props.disclaimer?.trim() || DISCLAIMER,
            words: { noun, plural },
          }}
        />
      ) : (
        <p>Comparing {plural} is not available on this site.</p>
      )}
    </section>
  );
};

export default CompareCarsBlock;
