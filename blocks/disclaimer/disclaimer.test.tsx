import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DISCLAIMER_SHORT_LENGTH } from "../../domain/finance";
import type { Block, BlockContext, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import Disclaimer, { financeDisclaimerText, includeFinanceDisclaimer } from "./disclaimer";
import { blockProps } from "../../tests/fixtures/block-props";

const PRICING = "While we take every care to make sure the details on this page are correct, prices, specifications, equipment and availability can change without notice and errors can occur.";
const FINANCE =
  "*Weekly repayments are an estimate only, based on a sample interest rate of 8.5% p.a. and a comparison rate based on a 5 year secured loan of $30,000. WARNING: This comparison rate is true only for the example given and may not include all fees and charges.";

/** The fixture site with a finance provider and disclaimer. */
const site = (change: (t: TenantDocument) => void = () => {}) => {
  const t = structuredClone(fixtureTenant);
  t.finance.provider = "Harbourside Finance";
  t.finance.disclaimer = FINANCE;
  change(t);
  return t;
};
const financeBlock: Block = { id: "fin", type: "finance-calculator", props: { heading: "Finance Calculator", showBanner: true } };

async function render(opts: { car?: StoredVehicle | null; tenant?: TenantDocument; props?: Record<string, unknown>; pageBlocks?: Block[] } = {}) {
  const tenant = opts.tenant ?? site();
  const vehicle = opts.car === undefined ? fixtureVehicle() : opts.car;
  const page = { id: "vdp", template: "vehicle-detail", title: "Vehicle", blocks: opts.pageBlocks ?? [] } as never;
  const ctx: BlockContext = { ...fixtureCtx("/cars/x", tenant, vehicle), page };
  const node = await Disclaimer({ id: "disc", props: blockProps("disclaimer", opts.props), ctx });
  return node == null ? "" : renderToString(node as ReactElement).replace(/<!-- -->/g, "");
}
const unescape = (html: string) => html.replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

describe("VDP disclaimer (spec §2, §4)", () => {
  it("shows the pricing disclaimer and the site's finance disclaimer in full where the site has no toggle", async () => {
    const html = unescape(await render({ props: { text: PRICING } }));
    expect(html).toContain('data-block="disclaimer"');
    expect(html).toContain(">Disclaimer</h2>");
    expect(html).toContain(`<p>${PRICING}</p>`);
    expect(html).toContain(`<p>${FINANCE}</p>`);
    expect(html).not.toContain("Show More");
  });

  it("collapses each text over 197 characters to its short form with Show More where the site has the toggle", async () => {
    expect(Array.from(FINANCE).length).toBeGreaterThan(DISCLAIMER_SHORT_LENGTH);
    expect(Array.from(PRICING).length).toBeLessThanOrEqual(DISCLAIMER_SHORT_LENGTH);
    const html = unescape(await render({ tenant: site((t) => (t.features.financeDisclaimerToggle = true)), props: { text: PRICING } }));
    const short = `${Array.from(FINANCE).slice(0, 197).join("").trimEnd()}...`;
    expect(html).toContain(`>${short}</p>`);
    expect(html).not.toContain(FINANCE);
    expect(html.match(/aria-expanded="false" aria-controls="[^"]+">Show More<\/button>/g)).toHaveLength(1);
    // The short pricing text needs no toggle.
    expect(html).toContain(`<p>${PRICING}</p>`);
  });

  it("by default leaves the finance disclaimer to the page's finance calculator when that shows", async () => {
    const withCalculator = unescape(await render({ pageBlocks: [financeBlock] }));
    expect(withCalculator).not.toContain(FINANCE);
    expect(withCalculator).toContain("While we take every care"); // the default pricing disclaimer
    // Where the site's calculator is off or the car's make is excluded, the calculator is not shown: the disclaimer carries it.
    expect(unescape(await render({ pageBlocks: [financeBlock], tenant: site((t) => (t.features.calculators.finance = false)) }))).toContain(FINANCE);
    expect(unescape(await render({ pageBlocks: [financeBlock], tenant: site((t) => (t.finance.excludedManufacturers = ["Toyota"])) }))).toContain(FINANCE);
    expect(unescape(await render({ pageBlocks: [financeBlock], props: { financeDisclaimer: "always" } }))).toContain(FINANCE);
    expect(unescape(await render({ props: { financeDisclaimer: "never" } }))).not.toContain(FINANCE);
  });

  it("falls back to the car's lender's disclaimer; shows nothing when there is no text at all", async () => {
    const noSiteText = site((t) => delete t.finance.disclaimer);
    expect(await render({ tenant: noSiteText })).toContain(">Sample finance disclaimer.</p>");
    expect(financeDisclaimerText(noSiteText, null)).toBe("");
    expect(await render({ tenant: noSiteText, car: null, props: { text: "" } })).toBe("");
    expect(await render({ tenant: noSiteText, car: fixtureVehicle({ finance: undefined }), props: { text: "" } })).toBe("");
  });

  it("states the car's loan's rate, term and amount in place of {rate}, {term}, {amount}, under the #financeDisclaimer anchor the finance card links to", async () => {
    const html = unescape(
      await render({
        tenant: site((t) => {
          t.finance.disclaimer = "*Based on an interest rate of {rate}% p.a. over {term} years on {amount}.";
          t.finance.calculator.amountFromCarPrice = true;
          t.finance.calculator.interest = { min: 9.95, max: 19.95, step: 0.5, default: 12.94 };
        }),
      }),
    );
    expect(html).toContain('<div id="financeDisclaimer"');
    expect(html).toContain("<p>*Based on an interest rate of 12.94% p.a. over 5 years on $27,990.</p>");
    // Where the calculator shows it too ("always"), the anchor stays the calculator's: one element with the id.
    expect(await render({ pageBlocks: [financeBlock], props: { financeDisclaimer: "always" } })).not.toContain('id="financeDisclaimer"');
  });

  it("leaves the finance disclaimer out for a sold car, whose page shows no finance", async () => {
    expect(unescape(await render({ car: soldVehicle() }))).not.toContain(FINANCE);
    expect(unescape(await render({ car: soldVehicle(), props: { financeDisclaimer: "always" } }))).toContain(FINANCE);
  });

  it("works off the vehicle page too (pricing text only)", async () => {
    const html = unescape(await render({ car: null, props: { heading: "Important Information", financeDisclaimer: "never" } }));
    expect(html).toContain(">Important Information</h2>");
    expect(html).toContain("While we take every care");
    expect(includeFinanceDisclaimer("auto", site(), [financeBlock], null)).toBe(true);
  });
});
