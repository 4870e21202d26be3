import {
  DISCLAIMER_SHORT_LENGTH,
  FINANCE_DISCLAIMER_ANCHOR,
  carLoan,
  feeLines,
  lenderFor,
  loanTexts,
  rateText,
  shortDisclaimer,
  statesLoan,
} from "../../domain/finance";
import { financeHref } from "../../domain/finance-links";
import { showFinanceCalculator } from "../../domain/finance-estimate";
import { calculatorBounds } from "../../domain/finance-entry";
import { isAvailable } from "../../domain/vehicle-display";
import { LabelValues } from "../_shared/label-values";
import type { BlockComponent } from "../../renderer/types";
import { FinanceCalculatorClient } from "../lazy.generated";
import { DisclaimerToggle } from "../_shared/disclaimer-toggle.client";
import { LoanDisclaimer } from "../_shared/loan-disclaimer.client";
import styles from "./finance-calculator.module.css";
import type { CalculatorView } from "./view";

/** The VDP anchors of spec §2. */
export const FINANCE_CALCULATOR_ANCHOR = "finance-calculator";
export { FINANCE_DISCLAIMER_ANCHOR };
export const REQUEST_A_QUOTE = "Request a Quote";

/**
 * The VDP's finance calculator (spec §2, §4, §5, §9): loan amount, term, interest (and deposit /
 * trade-in and residual where the site shows them), frequency, the repayment and total, the
 * comparison rate, the fee list, the banner, the disclaimer and a Request a Quote link. Shown only
 * where the site's calculator is on, it has a finance provider, the starting amount is above 0 and
 * the car is not excluded.
 */
const FinanceCalculator: BlockComponent<"finance-calculator"> = async ({ id, props, ctx }) => {
  const car = ctx.vehicle;
  if (!car) return null;
  const { tenant } = ctx;
  if (!showFinanceCalculator(car, tenant)) return null;

  const settings = tenant.finance.calculator;
  const identity = { locale: tenant.identity.locale, currency: tenant.identity.currency };
  const lender = lenderFor(car, tenant.finance.provider);
  const fixed = tenant.finance.fixedComparisonRates ?? [];
  const comparisonRates = fixed.length ? fixed.map(rateText) : lender?.comparisonRate != null && lender.comparisonRate > 0 ? [rateText(lender.comparisonRate)] : [];
  const loan = carLoan(tenant.finance, car);
  const view: CalculatorView = {
    settings: {
      term: settings.term,
      termIncrements: settings.termIncrements,
      interestDisabled: settings.interestDisabled,
      showDepositAndResidual: settings.showDepositAndResidual,
      establishmentFee: settings.establishmentFee,
      rounding: settings.rounding,
    },
    bounds: calculatorBounds(settings, car.price),
    initial: loan,
    identity,
    site: tenant.identity.slug,
    car: car.id,
    comparisonRates,
    showBanner: props.showBanner,
  };

  const fees = feeLines(settings, identity);
  const disclaimer = (tenant.finance.disclaimer ?? lender?.disclaimer ?? "").trim();
  const toggle = !!tenant.features.financeDisclaimerToggle;
  const short = toggle && disclaimer ? shortDisclaimer(disclaimer) : null;
  const heading = props.heading?.trim() || "Finance Calculator";

  return (
    <section id={FINANCE_CALCULATOR_ANCHOR} className={`fc-block-section ${styles.section}`} aria-labelledby={`${id}-heading`}>
      <div className={`fc-container ${styles.inner}`}>
        <h2 id={`${id}-heading`} className={`fc-section-heading ${styles.heading}`}>
          {heading}
        </h2>
        {props.intro ? <p className={`fc-section-intro ${styles.intro}`}>{props.intro}</p> : null}
        <FinanceCalculatorClient view={view} />
        {fees.length ? (
          <div className={styles.fees}>
            <h3 className={styles.feesHeading}>Fees</h3>
            <LabelValues className={styles.figures} items={fees.map((f) => ({ label: f.label, value: f.amount }))} />
          </div>
        ) : null}
        {isAvailable(car.status) ? (
          <p className={styles.actions}>
            <a className="fc-button" href={financeHref(tenant.finance, car, tenant.dealerships)}>
              {REQUEST_A_QUOTE}
            </a>
          </p>
        ) : null}
        {disclaimer ? (
          <div id={FINANCE_DISCLAIMER_ANCHOR} className={styles.disclaimer}>
            {statesLoan(disclaimer) ? (
              // It states the loan's rate (term, amount): the calculator's, as the visitor sets it.
              <LoanDisclaimer car={car.id} template={disclaimer} initial={loanTexts(loan, identity)} shortLength={toggle ? DISCLAIMER_SHORT_LENGTH : null} className={styles.disclaimerText} />
            ) : short?.truncated ? (
              <DisclaimerToggle short={short.text} full={disclaimer} />
            ) : (
              <p className={styles.disclaimerText}>{disclaimer}</p>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
};

export default FinanceCalculator;
