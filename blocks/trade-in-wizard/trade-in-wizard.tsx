import { formatCallNumber, telHref, type PhoneLocale } from "../../domain/phone";
import { DEFAULT_STATE, TRADE_IN_STATES, tradeInFaq, tradeInSettings, type TradeInState } from "../../domain/trade-in";
import type { BlockComponent } from "../../renderer/types";
import { siteTerms } from "../../domain/vehicle-terms";
import { TradeInWizard } from "../lazy.generated";
import styles from "./trade-in-wizard.module.css";

/**
 * The instant trade-in offer ("Sell my car", spec leads §2 screen 4, §4, §9): the wizard with the
 * site's trade-in settings (features.tradeIn: image step, 7- or 10-year rule), its phone for the
 * not-found panel, and the FAQ accordions for the site's variant. Nothing on a site with trade-in off.
 */
const TradeInWizardBlock: BlockComponent<"trade-in-wizard"> = ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const settings = tradeInSettings(tenant);
  if (!settings.enabled) return null;
  const identity = tenant.identity;
  const locale: PhoneLocale = identity.locale === "en-NZ" ? "en-NZ" : "en-AU";
  const home = (TRADE_IN_STATES as readonly string[]).includes(identity.state ?? "") ? (identity.state as TradeInState) : DEFAULT_STATE;
  const heading = props.heading?.trim() || "Get an Instant Offer";
  const intro = props.intro?.trim();

  return (
    <section className={`fc-block-section ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="trade-in-wizard">
      <div className={`fc-narrow fc-panel ${styles.panel}`}>
        <h2 id={`${id}-heading`} className="fc-section-heading">
          {heading}
        </h2>
        {intro ? <p className="fc-section-intro">{intro}</p> : null}
        <TradeInWizard
          id={`${id}-wizard`}
          defaultState={home}
          imageStep={settings.imageStep}
          maxAgeYears={settings.maxAgeYears}
          sendValuationToMiscellaneous={settings.sendValuationToMiscellaneous}
          userEmail={identity.email ?? ""}
          phone={identity.phone ? { display: formatCallNumber(identity.phone, locale), href: telHref(identity.phone) } : null}
          contactHref={props.contactHref ?? "/contact-us"}
          locale={identity.locale}
          currency={identity.currency}
          site={identity.slug}
          rememberDetails={tenant.features.storeUserDetails !== false}
          siteKind={siteTerms(identity).kind}
        />
      </div>
      {props.showFaq === false ? null : (
        <div className={`fc-narrow ${styles.faq}`}>
          <h2 className="fc-section-heading">Frequently Asked Questions</h2>
          {tradeInFaq(settings).map((item) => (
            <details key={item.question} className={styles.faqItem}>
              <summary className={styles.question}>{item.question}</summary>
              <p className={styles.answer}>{item.answer}</p>
            </details>
          ))}
        </div>
      )}
    </section>
  );
};

export default TradeInWizardBlock;
