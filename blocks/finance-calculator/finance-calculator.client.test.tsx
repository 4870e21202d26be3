// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { amortisedRepayment, carLoan } from "../../domain/finance";
import { calculatorBounds } from "../../domain/finance-entry";
import type { TenantDocument } from "../../renderer/types";
import { fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle } from "../../tests/fixtures/vehicle";
import { LoanDisclaimer } from "../_shared/loan-disclaimer.client";
import { LoanText } from "../_shared/loan-text.client";
import { FinanceCalculatorClient } from "./finance-calculator.client";
import type { CalculatorView } from "./view";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const identity = { locale: "en-AU", currency: "AUD" } as const;
const car = fixtureVehicle(); // $27,990
/** Bluegum's shape: the car's price as the amount, 12.94% over at most (and by default) 5 years. */
const tenant = (): TenantDocument => {
  const t = structuredClone(fixtureTenant);
  t.finance.provider = "Harbourside Finance";
  t.finance.calculator.amountFromCarPrice = true;
  t.finance.calculator.amount = { min: 5000, max: 100000, step: 500, default: 20000 };
  t.finance.calculator.term = { min: 1, max: 5, step: 0.5, default: 5 };
  t.finance.calculator.interest = { min: 9.95, max: 19.95, step: 0.5, default: 12.94 };
  return t;
};
const viewOf = (t: TenantDocument, id: string): CalculatorView => ({
  settings: t.finance.calculator,
  bounds: calculatorBounds(t.finance.calculator, car.price),
  initial: carLoan(t.finance, car),
  identity,
  site: "bluegum",
  car: id,
  comparisonRates: [],
  showBanner: true,
});
const weekly = (amount: number) => `$${Math.ceil(amortisedRepayment(amount, 12.94, 5, 52))}`;

let root: ReturnType<typeof createRoot> | null = null;
// The first change fires analytics event 26 as a beacon: kept here, never sent to a server (none listens).
const beacons: string[] = [];
beforeEach(() => {
  beacons.length = 0;
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: (url: string) => (beacons.push(url), true) });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

async function mount(id: string) {
  const t = tenant();
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <>
        <p data-testid="card">
          <LoanText car={id} part="weekly" initial={`Only ${weekly(27990)}/wk*`} before="Only " after="/wk*" none="Enquire for Finance" />
        </p>
        <p data-testid="sticky">
          <LoanText car={id} part="weekly" initial={`Est. ${weekly(27990)}/wk*`} before="Est. " after="/wk*" none="Enquire for Finance" />{" "}
          <LoanText car={id} part="rate" initial="at 12.94% p.a." before="at " after="% p.a." />
        </p>
        <LoanDisclaimer car={id} template="*Based on {rate}% p.a. over {term} years on {amount}." initial={{ rate: "12.94", term: "5", amount: "$27,990" }} shortLength={null} />
        <FinanceCalculatorClient view={viewOf(t, id)} />
      </>,
    ),
  );
  const box = (label: string) => {
    const forId = [...host.querySelectorAll("label")].find((l) => l.textContent === label)!.htmlFor;
    return host.querySelector<HTMLInputElement>(`[id="${forId}"]`)!;
  };
  const type = async (label: string, value: string) => {
    const input = box(label);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  };
  const blur = async (label: string) => act(async () => box(label).dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
  const text = (testid: string) => host.querySelector(`[data-testid="${testid}"]`)!.textContent;
  const helpOf = (label: string) => {
    const id = box(label).getAttribute("aria-describedby");
    return id ? document.getElementById(id)?.textContent ?? null : null;
  };
  return { host, box, type, blur, text, helpOf };
}

describe("one loan per car page: the calculator's inputs move the finance card, sticky header and disclaimer", () => {
  it("starts as the server rendered it, with no help at rest (term at its 5-year maximum)", async () => {
    const page = await mount("car-a");
    expect(page.text("card")).toBe(`Only ${weekly(27990)}/wk*`);
    expect(page.box("Loan amount").value).toBe("27,990");
    expect(page.box("Loan term").value).toBe("5");
    expect(page.host.textContent).not.toContain("Cannot be less than");
    expect(page.helpOf("Loan term")).toBeNull();
    // The calculator's own banner is the same figure.
    expect(page.host.textContent).toContain(`Only ${weekly(27990)}/wk*`);
  });

  it("a typed amount moves every figure; 25k is read as $25,000 and said so", async () => {
    const page = await mount("car-b");
    await page.type("Loan amount", "25k");
    expect(page.helpOf("Loan amount")).toBe("Read as $25,000.");
    expect(page.text("card")).toBe(`Only ${weekly(25000)}/wk*`);
    expect(page.text("sticky")).toBe(`Est. ${weekly(25000)}/wk* at 12.94% p.a.`);
    expect(page.host.textContent).toContain("*Based on 12.94% p.a. over 5 years on $25,000.");
    await page.blur("Loan amount");
    expect(page.box("Loan amount").value).toBe("25,000");

    await page.type("Interest rate", "15");
    expect(page.text("sticky")).toBe(`Est. $${Math.ceil(amortisedRepayment(25000, 15, 5, 52))}/wk* at 15.00% p.a.`);
    expect(page.host.textContent).toContain("*Based on 15.00% p.a. over 5 years on $25,000.");
  });

  it("beyond the bounds: clamped with the bounds message; unreadable: refused in words, value kept", async () => {
    const page = await mount("car-c");
    await page.type("Loan amount", "-20000");
    expect(page.helpOf("Loan amount")).toBe("Cannot be less than $5,000 or more than $100,000.");
    expect(page.box("Loan amount").getAttribute("aria-invalid")).toBe("true");
    expect(page.text("card")).toBe(`Only ${weekly(5000)}/wk*`);
    await page.type("Loan amount", "1e3");
    expect(page.helpOf("Loan amount")).toBe("Please enter a number from $5,000 to $100,000.");
    expect(page.text("card")).toBe(`Only ${weekly(5000)}/wk*`);
    await page.type("Loan amount", "$40,000");
    expect(page.helpOf("Loan amount")).toBeNull();
    expect(page.text("card")).toBe(`Only ${weekly(40000)}/wk*`);
  });
});
