import { lenderFor, shortDisclaimer, showFinanceCalculator } from "../../domain/finance";
import type { BlockComponent, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { withDefaults } from "../_shared/block-defaults";
import { DisclaimerToggle } from "../_shared/disclaimer-toggle.client";
import styles from "./disclaimer.module.css";
import schema from "./schema.json";

type Props = Required<Pick<Parameters<BlockComponent<"disclaimer">>[0]["props"], "heading" | "financeDisclaimer">> & { text?: string };

/** The finance disclaimer the finance calculator shows: the site's, else the car's lender's. */
export function financeDisclaimerText(tenant: TenantDocument, car: StoredVehicle | null): string {
  return (tenant.finance.disclaimer ?? lenderFor(car, tenant.finance.provider)?.disclaimer ?? "").trim();
}

/**
 * Whether the finance disclaimer goes into this section. "auto": only when the page's finance
 * calculator is not already showing it (the calculator shows it wherever it is shown itself).
 */
export function includeFinanceDisclaimer(mode: Props["financeDisclaimer"], tenant: TenantDocument, blocks: { type: string }[], car: StoredVehicle | null): boolean {
  if (mode !== "auto") return mode === "always";
  const calculatorShown = !!car && blocks.some((b) => b.type === "finance-calculator") && showFinanceCalculator(car, tenant);
  return !calculatorShown;
}

/**
 * The vehicle page's disclaimer (spec §2 sections, §4): the pricing disclaimer and the finance
 * disclaimer, each collapsed to its short form (197 characters) with Show More / Show Less where
 * the site has the toggle (features.financeDisclaimerToggle), the same control as the finance
 * calculator's.
 */
const Disclaimer: BlockComponent<"disclaimer"> = async ({ id, props, ctx }) => {
  const { tenant } = ctx;
  const p = withDefaults<Props>(props, schema);
  const car = ctx.vehicle;
  const finance = includeFinanceDisclaimer(p.financeDisclaimer, tenant, ctx.page.blocks, car) ? financeDisclaimerText(tenant, car) : "";
  const texts = [p.text?.trim() ?? "", finance].filter(Boolean);
  if (!texts.length) return null;
  return (
    <section className={`fc-container ${styles.section}`} aria-labelledby={`${id}-heading`} data-block="disclaimer">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {p.heading}
      </h2>
      {texts.map((text, i) => {
        const short = tenant.features.financeDisclaimerToggle ? shortDisclaimer(text) : null;
        return (
          <div key={i} className={styles.text}>
            {short?.truncated ? <DisclaimerToggle short={short.text} full={text} /> : <p>{text}</p>}
          </div>
        );
      })}
    </section>
  );
};

export default Disclaimer;
