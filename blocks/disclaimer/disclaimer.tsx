import { FINANCE_DISCLAIMER_ANCHOR, carLoan, fillLoanText, lenderFor, loanTexts, shortDisclaimer } from "../../domain/finance";
import { showFinanceCalculator } from "../../domain/finance-estimate";
import { isAvailable } from "../../domain/vehicle-display";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { DisclaimerToggle } from "../_shared/disclaimer-toggle.client";
import styles from "./disclaimer.module.css";

type Props = Required<Pick<Parameters<BlockComponent<"disclaimer">>[0]["props"], "heading" | "financeDisclaimer">> & { text?: string };

/**
 * The finance disclaimer the finance calculator shows: the site's, else the car's lender's, with
 * the car's loan's rate, term and amount in place of {rate}, {term} and {amount} (domain/finance.ts).
 */
export function financeDisclaimerText(tenant: TenantDocument, car: StoredVehicle | null): string {
  const text = (tenant.finance.disclaimer ?? lenderFor(car, tenant.finance.provider)?.disclaimer ?? "").trim();
  return fillLoanText(text, loanTexts(carLoan(tenant.finance, car), tenant.identity));
}

/** Whether the page's finance calculator shows (with the finance disclaimer under its #financeDisclaimer anchor). */
const calculatorShows = (tenant: TenantDocument, blocks: { type: string }[], car: StoredVehicle | null) =>
  !!car && blocks.some((b) => b.type === "finance-calculator") && showFinanceCalculator(car, tenant);

/**
 * Whether the finance disclaimer goes into this section. "auto": only when the page's finance
 * calculator is not already showing it (the calculator shows it wherever it is shown itself), and
 * not for a sold car, whose page shows no finance.
 */
export function includeFinanceDisclaimer(mode: Props["financeDisclaimer"], tenant: TenantDocument, blocks: { type: string }[], car: StoredVehicle | null): boolean {
  if (mode !== "auto") return mode === "always";
  if (car && !isAvailable(car.status)) return false;
  return !calculatorShows(tenant, blocks, car);
}

/**
 * The vehicle page's disclaimer (spec §2 sections, §4): the pricing disclaimer and the finance
 * disclaimer, each collapsed to its short form (197 characters) with Show More / Show Less where
 * the site has the toggle (features.financeDisclaimerToggle), the same control as the finance
 * calculator's.
 */
const Disclaimer: BlockComponent<"disclaimer"> = async ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const p = props;
  const car = ctx.vehicle;
  const finance = includeFinanceDisclaimer(p.financeDisclaimer, tenant, ctx.page.blocks, car) ? financeDisclaimerText(tenant, car) : "";
  const texts = [{ text: p.text?.trim() ?? "" }, { text: finance, id: calculatorShows(tenant, ctx.page.blocks, car) ? undefined : FINANCE_DISCLAIMER_ANCHOR }].filter((t) => t.text);
  if (!texts.length) return null;
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="disclaimer">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {p.heading}
      </h2>
      {texts.map(({ text, id: anchor }, i) => {
        const short = tenant.features.financeDisclaimerToggle ? shortDisclaimer(text) : null;
        return (
          <div key={i} id={anchor} className={styles.text}>
            {short?.truncated ? <DisclaimerToggle short={short.text} full={text} /> : <p>{text}</p>}
          </div>
        );
      })}
    </section>
  );
};

export default Disclaimer;
