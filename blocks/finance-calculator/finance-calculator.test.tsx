import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { calculateRepayment, carLoan } from "../../domain/finance";
import { calculatorBounds } from "../../domain/finance-entry";
import type { BlockProps, TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { caravanVehicle, comingSoonVehicle, electricVehicle, fixtureVehicle, reservedVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import FinanceCalculator from "./finance-calculator";
import { fieldsOf, repaymentView, type CalculatorView } from "./view";

const PATH = "/cars/2021-toyota-corolla-ascent-sport-hatch-hm1001";
/** The fixture site with a finance provider whose lender data the fixture car carries. */
const tenant = (change: (t: TenantDocument) => void = () => {}): TenantDocument => {
  const t = structuredClone(fixtureTenant);
  t.finance.provider = "Harbourside Finance";
  change(t);
  return t;
};
const props = (p: Partial<BlockProps<"finance-calculator">> = {}): BlockProps<"finance-calculator"> => ({ heading: "Finance Calculator", showBanner: true, ...p });

async function render(car: StoredVehicle | null = fixtureVehicle(), t: TenantDocument = tenant(), p: Partial<BlockProps<"finance-calculator">> = {}) {
  const node = await FinanceCalculator({ id: "finance", props: props(p), ctx: fixtureCtx(PATH, t, car) });
  return node == null ? "" : renderToString(node as ReactElement).replace(/<!-- -->/g, "");
}
/** The text content of the element with this data-testid. */
const testid = (html: string, id: string) => (new RegExp(`data-testid="${id}"[^>]*>(.*?)</(?:p|dd)>`).exec(html)?.[1] ?? "").replace(/<[^>]+>/g, "");
const inputTag = (html: string, id: string) => new RegExp(`<input[^>]*id="[^"]*-${id}-box"[^>]*>`).exec(html)?.[0] ?? "";
const sliderTag = (html: string, label: string) => {
  const labelId = new RegExp(`<label id="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  return new RegExp(`<input type="range"[^>]*aria-labelledby="${labelId}"[^>]*>`).exec(html)?.[0] ?? "";
};

describe("finance calculator: the default site (spec §9 defaults)", () => {
  it("renders at #finance-calculator with $30,000 over 5 years at 10%: $147 /wk, total $38,220", async () => {
    const html = await render();
    expect(html).toContain('<section id="finance-calculator"');
    expect(html).toContain(">Finance Calculator</h2>");
    for (const label of ["Loan amount", "Loan term", "Interest rate"]) expect(html).toContain(`>${label}</label>`);
    expect(inputTag(html, "amount")).toContain('value="30,000"');
    expect(inputTag(html, "term")).toContain('value="5"');
    expect(inputTag(html, "interest")).toContain('value="10"');
    expect(sliderTag(html, "Loan amount")).toMatch(/min="1000" max="100000" step="500" value="30000"/);
    expect(sliderTag(html, "Loan term")).toMatch(/aria-valuetext="5 years" min="1" max="7" step="0.5" value="5"/);
    expect(sliderTag(html, "Interest rate")).toMatch(/min="0.5" max="15" step="0.5" value="10"/);
    expect(html).toContain(">Weekly repayment</p>");
    expect(testid(html, "finance-repayment")).toBe("$147 /wk");
    expect(testid(html, "finance-total")).toBe("$38,220");
    // The lender's comparison rate, 2 decimals.
    expect(html).toContain("<dt>Comparison rate</dt><dd>10.45% p.a.</dd>");
    expect(html).toContain(">Only $147/wk*</p>");
    // No deposit or residual on this site; no help text inside the bounds.
    expect(html).not.toContain("Deposit / trade-in");
    expect(html).not.toContain("Cannot be less than");
    expect(html).not.toContain("aria-describedby");
  });

  it("has Weekly / Fortnightly / Monthly buttons with Weekly pressed, and a polite live region", async () => {
    const html = await render();
    expect(html).toMatch(/aria-pressed="true"[^>]*>Weekly</);
    expect(html).toMatch(/aria-pressed="false"[^>]*>Fortnightly</);
    expect(html).toMatch(/aria-pressed="false"[^>]*>Monthly</);
    expect(html).toContain('role="group"');
    expect(html).toContain('aria-live="polite"');
  });

  it("links Request a Quote to /finance with the car, anchored to the finance form", async () => {
    const html = await render();
    expect(html).toContain('href="/finance?car_id=hm-1001&amp;vehiclePriceBudget=27990&amp;car_type=used&amp;preferredDealership=harbourside-motors#finance-form">Request a Quote</a>');
  });

  it("uses the block's heading and hides the banner when switched off", async () => {
    const html = await render(undefined, undefined, { heading: "Estimate Your Repayments", showBanner: false, intro: "Change any figure." });
    expect(html).toContain(">Estimate Your Repayments</h2>");
    expect(html).toContain("Change any figure.");
    expect(html).not.toContain("Only $");
  });
});

describe("finance calculator: when it shows (spec §5)", () => {
  it("needs a car, the site's calculator, a provider, and the car not excluded", async () => {
    expect(await render(null)).toBe("");
    expect(await render(undefined, tenant((t) => (t.finance.provider = undefined)))).toBe("");
    expect(await render(undefined, tenant((t) => (t.features.calculators.finance = false)))).toBe("");
    expect(await render(undefined, tenant((t) => (t.finance.excludedManufacturers = ["toyota"])))).toBe("");
    expect(await render(undefined, tenant((t) => (t.finance.excludedDealershipIds = [1])))).toBe("");
  });

  it("is not shown for a sold car (no loan to offer); coming-soon, reserved, caravan and electric cars keep it", async () => {
    expect(await render(soldVehicle())).toBe("");
    expect(await render(comingSoonVehicle())).toContain(">Request a Quote</a>");
    expect(await render(reservedVehicle())).toContain(">Request a Quote</a>");
    expect(await render(caravanVehicle())).toContain('vehiclePriceBudget=79990&amp;car_type=used&amp;preferredDealership=harbourside-motors#finance-form">Request a Quote</a>');
    const ev = await render(electricVehicle());
    expect(ev).toContain('href="/finance?car_id=hm-1002&amp;vehiclePriceBudget=48990&amp;car_type=new&amp;preferredDealership=harbourside-motors#finance-form"');
    // No lender data for the electric car: no comparison rate.
    expect(await render(fixtureVehicle({ finance: undefined }))).not.toContain("Comparison rate");
  });

  it("never throws on a car without a price: starts from the default amount and leaves the budget out", async () => {
    const html = await render(fixtureVehicle({ price: 0 }), tenant((t) => (t.finance.calculator.amountFromCarPrice = true)));
    expect(inputTag(html, "amount")).toContain('value="30,000"');
    expect(html).toContain('href="/finance?car_id=hm-1001&amp;car_type=used&amp;preferredDealership=harbourside-motors#finance-form"');
  });
});

describe("finance calculator: site variants", () => {
  it("starts from the car's price on a site set to, with the site's default link and monthly frequency", async () => {
    const html = await render(
      undefined,
      tenant((t) => {
        t.finance.defaultLink = "/mazda-finance-page";
        t.finance.calculator.amountFromCarPrice = true;
        t.finance.calculator.interest = { min: 5.99, max: 15.99, step: 0.5, default: 6.99 };
        t.finance.calculator.defaultFrequency = "monthly";
      }),
    );
    expect(inputTag(html, "amount")).toContain('value="27,990"');
    expect(inputTag(html, "interest")).toContain('value="6.99"');
    const expected = calculateRepayment({ amount: 27990, term: 5, interest: 6.99, deposit: 0, residual: 0, frequency: "monthly" }, { establishmentFee: 0, rounding: "up" });
    expect(expected.kind).toBe("repayment");
    expect(testid(html, "finance-repayment")).toBe(`$${expected.kind === "repayment" ? expected.repayment : 0} /mo`);
    expect(html).toContain(">Monthly repayment</p>");
    expect(html).toMatch(/aria-pressed="true"[^>]*>Monthly</);
    expect(html).toContain('href="/mazda-finance-page?car_id=hm-1001&amp;vehiclePriceBudget=27990&amp;car_type=used&amp;preferredDealership=harbourside-motors#finance-form"');
  });

  it("shows no help at rest, also at a bound: a $500 car starts at the $1,000 minimum, a 5-year site at its 5-year maximum", async () => {
    const html = await render(
      fixtureVehicle({ price: 500 }),
      tenant((t) => {
        t.finance.calculator.amountFromCarPrice = true;
        t.finance.calculator.term = { min: 1, max: 5, step: 0.5, default: 5 };
      }),
    );
    expect(inputTag(html, "amount")).toContain('value="1,000"');
    expect(inputTag(html, "term")).toContain('value="5"');
    expect(html).not.toContain("Cannot be less than");
    expect(html).not.toContain("aria-describedby");
  });

  it("shows deposit / trade-in and residual where the site does, without help at 0", async () => {
    const html = await render(undefined, tenant((t) => (t.finance.calculator.showDepositAndResidual = true)));
    expect(html).toContain(">Deposit / trade-in</label>");
    expect(html).toContain(">Residual (balloon)</label>");
    expect(sliderTag(html, "Deposit / trade-in")).toMatch(/min="0" max="250000" step="0.5" value="0"/);
    expect(html).not.toContain("Cannot be less than");
  });

  it("says Enquire for Finance and blanks the total at 25 or less, with no banner", async () => {
    const html = await render(
      undefined,
      tenant((t) => {
        t.finance.calculator.amount.default = 1000;
        t.finance.calculator.term.default = 7;
        t.finance.calculator.interest.default = 0.5;
      }),
    );
    expect(testid(html, "finance-repayment")).toBe("Enquire for Finance");
    expect(testid(html, "finance-total")).toBe("");
    expect(html).not.toContain("Only $");
  });

  it("turns the term slider into an index over custom term increments", async () => {
    const html = await render(undefined, tenant((t) => (t.finance.calculator.termIncrements = [1, 2, 3, 5, 7])));
    expect(sliderTag(html, "Loan term")).toMatch(/aria-valuetext="5 years" min="0" max="4" step="1" value="3"/);
    expect(inputTag(html, "term")).toContain('value="5"');
  });

  it("disables the interest inputs where the site says", async () => {
    const html = await render(undefined, tenant((t) => (t.finance.calculator.interestDisabled = true)));
    expect(inputTag(html, "interest")).toContain('disabled=""');
    expect(sliderTag(html, "Interest rate")).toContain('disabled=""');
    expect(inputTag(html, "amount")).not.toContain("disabled");
  });

  it("lists the fee-list variant's fees and a provider's fixed comparison rates", async () => {
    const html = await render(
      undefined,
      tenant((t) => {
        t.finance.calculator.feeList = [
          { label: "Establishment fee", amount: 395 },
          { label: "Security registration", amount: 6 },
          { label: "Monthly admin fee", amount: 8 },
          { label: "Dealer agency fee", amount: 912.25 },
        ];
        t.finance.fixedComparisonRates = [8.38, 19.42];
      }),
    );
    expect(html).toContain("<dt>Establishment fee</dt><dd>$395</dd>");
    expect(html).toContain("<dt>Security registration</dt><dd>$6</dd>");
    expect(html).toContain("<dt>Monthly admin fee</dt><dd>$8</dd>");
    expect(html).toContain("<dt>Dealer agency fee</dt><dd>$912.25</dd>");
    expect(html).toContain("<dd>8.38% p.a. or 19.42% p.a.</dd>");
  });

  it("adds the establishment fee to the principal and total (1300 for one lender)", async () => {
    const html = await render(undefined, tenant((t) => (t.finance.calculator.establishmentFee = 1300)));
    const expected = calculateRepayment({ amount: 30000, term: 5, interest: 10, deposit: 0, residual: 0, frequency: "weekly" }, { establishmentFee: 1300, rounding: "up" });
    if (expected.kind !== "repayment") throw new Error("expected a repayment");
    expect(expected.repayment).toBe(154); // 31,300 at 10% over 260 weeks = 153.09, rounded up
    expect(testid(html, "finance-repayment")).toBe("$154 /wk");
    expect(testid(html, "finance-total")).toBe("$41,340"); // 52 × 5 × 154 + 1300
  });
});

describe("finance disclaimer (#financeDisclaimer, spec §4)", () => {
  const long = `*Weekly repayments are an estimate only, based on a sample interest rate of 8.5% p.a. and a comparison rate based on a 5 year secured loan of $30,000. WARNING: This comparison rate is true only for the example given and may not include all fees and charges.`;

  it("shows the site's disclaimer in full where there is no toggle", async () => {
    const html = await render(undefined, tenant((t) => (t.finance.disclaimer = long)));
    expect(html).toContain(`<div id="financeDisclaimer"`);
    expect(html).toContain(long.replace(/&/g, "&amp;"));
    expect(html).not.toContain("Show More");
  });

  it("shows the 197-character short form with Show More where the site has the toggle", async () => {
    const html = await render(
      undefined,
      tenant((t) => {
        t.finance.disclaimer = long;
        t.features.financeDisclaimerToggle = true;
      }),
    );
    const short = `${Array.from(long).slice(0, 197).join("").trimEnd()}...`;
    expect(html).toContain(`>${short}</p>`);
    expect(html).not.toContain(long);
    expect(html).toMatch(/aria-expanded="false" aria-controls="[^"]+">Show More<\/button>/);
  });

  it("states the loan's rate, term and amount where the disclaimer has {rate}, {term}, {amount}", async () => {
    const html = await render(
      undefined,
      tenant((t) => {
        t.finance.disclaimer = "*Based on an interest rate of {rate}% p.a. over {term} years on a loan of {amount}.";
        t.finance.calculator.amountFromCarPrice = true;
        t.finance.calculator.interest = { min: 9.95, max: 19.95, step: 0.5, default: 12.94 };
      }),
    );
    expect(html).toContain(">*Based on an interest rate of 12.94% p.a. over 5 years on a loan of $27,990.</p>");
    expect(inputTag(html, "interest")).toContain('value="12.94"');
  });

  it("falls back to the lender's disclaimer, and shows none when neither has one", async () => {
    expect(await render()).toContain(">Sample finance disclaimer.</p>");
    expect(await render(fixtureVehicle({ finance: undefined }))).not.toContain("financeDisclaimer");
  });
});

describe("finance calculator view (shared by server and client)", () => {
  const view = (t: TenantDocument = tenant()): CalculatorView => {
    const s = t.finance.calculator;
    return {
      settings: s,
      bounds: calculatorBounds(s, 27990),
      initial: carLoan(t.finance, fixtureVehicle()),
      identity: { locale: "en-AU", currency: "AUD" },
      site: "harbourside-motors",
      car: "hm-1001",
      comparisonRates: [],
      showBanner: true,
    };
  };

  it("words each frequency's result from the domain's repayment", () => {
    const v = view();
    const at = (frequency: "weekly" | "fortnightly" | "monthly", term = 5) => {
      const state = { ...v.initial, term, frequency };
      return repaymentView(calculateRepayment(state, v.settings), state, v);
    };
    expect(at("weekly")).toMatchObject({ label: "Weekly repayment", repayment: "$147", period: "wk", total: "$38,220", banner: "Only $147/wk*" });
    expect(at("fortnightly")).toMatchObject({ label: "Fortnightly repayment", repayment: "$294", period: "fn", total: "$38,220", banner: "Only $147/wk*" });
    expect(at("monthly")).toMatchObject({ label: "Monthly repayment", repayment: "$638", period: "mo", total: "$38,280" });
    expect(at("fortnightly", 3)).toMatchObject({ repayment: "$446", total: "$34,788", announcement: "Fortnightly repayment $446, total repayments $34,788" });
  });

  it("snaps a typed term to the nearest increment and formats money bounds", () => {
    const v = view(tenant((t) => (t.finance.calculator.termIncrements = [1, 2, 3, 5, 7])));
    const [amount, term] = fieldsOf(v);
    expect(term.snap(4.2)).toBe(5);
    expect(term.fromSlider(4)).toBe(7);
    expect(term.toSlider(2)).toBe(1);
    expect(amount.formatBound(1000)).toBe("$1,000");
    expect(amount.display(27990)).toBe("27,990");
    expect(amount.prefix).toBe("$");
  });
});
