// @vitest-environment happy-dom
import type { ReactElement } from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { amortisedRepayment, carLoan, loanWeekly } from "../../domain/finance";
import VehicleStickyHeader from "./vehicle-sticky-header";

async function element(car: StoredVehicle | null = fixtureVehicle(), change: (t: TenantDocument) => void = () => {}, props = {}) {
  const t = structuredClone(fixtureTenant);
  change(t);
  return (await VehicleStickyHeader({ id: "sticky", props: props as never, ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) })) as ReactElement | null;
}
const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("VDP sticky header (spec §2, §4: after 500 px)", () => {
  it("shows the car, transmission and body, price and type, the weekly repayment of the car's loan, Get Finance and Trade-In Valuation", async () => {
    const html = text(renderToString((await element())!));
    expect(html).toContain("<strong>2021 Toyota Corolla Ascent Sport ZWE211R</strong>");
    expect(html).toMatch(/>Automatic · Hatch(back)?<\/span>/);
    expect(html).toContain("<strong>$27,990</strong>");
    expect(html).toContain(">Drive Away</span>");
    // The car's loan, as the calculator and finance card start: the site's $30,000 at 10% over 5 years → $147.
    expect(html).toContain('<strong data-testid="sticky-finance-figure">Est. $147/wk*</strong>');
    expect(html).toContain(">at 10.00% p.a.</span>");
    expect(html).toMatch(/href="\/finance\?car_id=hm-1001[^"]*"[^>]*>Get Finance</);
    expect(html).toContain('href="/cars/trade-in?car_id=hm-1001"');
    expect(html).toContain(">Trade-In Valuation</a>");
  });

  it("stays hidden (inert) until the page has scrolled 500 px", async () => {
    const el = (await element())!;
    const root = document.createElement("div");
    document.body.append(root);
    await act(async () => createRoot(root).render(el));
    const bar = root.querySelector("[role=region]")!;
    expect(bar.getAttribute("data-shown")).toBe("false");
    expect(bar.hasAttribute("inert")).toBe(true);
    Object.defineProperty(window, "scrollY", { value: 499, configurable: true });
    await act(async () => window.dispatchEvent(new Event("scroll")));
    expect(bar.getAttribute("data-shown")).toBe("false");
    Object.defineProperty(window, "scrollY", { value: 500, configurable: true });
    await act(async () => window.dispatchEvent(new Event("scroll")));
    expect(bar.getAttribute("data-shown")).toBe("true");
    expect(bar.hasAttribute("inert")).toBe(false);
  });

  it("is left out for sold cars and where the site has it off; trade-in and the estimate follow the site and props", async () => {
    expect(await element(soldVehicle())).toBeNull();
    expect(await element(fixtureVehicle(), (d) => (d.features.stickyHeader = false))).toBeNull();
    const html = text(renderToString((await element(fixtureVehicle(), (d) => (d.features.tradeIn!.enabled = false), { weeklyEstimate: false }))!));
    expect(html).not.toContain("Trade-In Valuation");
    expect(html).not.toContain("/wk*");
    expect(html).toContain("Get Finance");
  });

  it("states the same loan as the finance card and calculator: the car's price at the site's rate where the site starts from it", async () => {
    const html = text(
      renderToString(
        (await element(fixtureVehicle(), (t) => {
          t.finance.calculator.amountFromCarPrice = true;
          t.finance.calculator.interest = { min: 9.95, max: 19.95, step: 0.5, default: 12.94 };
          t.finance.sampleRate = 12.5; // not a second rate: the loan's is the one stated
        }))!,
      ),
    );
    const weekly = loanWeekly(carLoan({ provider: "x", calculator: { ...fixtureTenant.finance.calculator, amountFromCarPrice: true, interest: { min: 9.95, max: 19.95, step: 0.5, default: 12.94 } } }, fixtureVehicle()), fixtureTenant.finance.calculator);
    expect(weekly).toBe(Math.ceil(amortisedRepayment(27990, 12.94, 5, 52)));
    expect(html).toContain(`>Est. $${weekly}/wk*</strong>`);
    expect(html).toContain(">at 12.94% p.a.</span>");
  });
});
