import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { comingSoonVehicle, fixtureVehicle, reservedVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import ReserveOnline, { showMoneyBack } from "./reserve-online";
import { blockProps } from "../../tests/fixtures/block-props";

/** The fixture site taking online reservations ($200, 48 hours, /checkout). */
const site = (change: (t: TenantDocument) => void = () => {}) => {
  const t = structuredClone(fixtureTenant);
  t.features.reserveOnline = { enabled: true, route: "checkout", deposit: 200, holdHours: 48 };
  change(t);
  return t;
};

async function render(car: StoredVehicle | null = fixtureVehicle(), t: TenantDocument = site(), props: Record<string, unknown> = {}) {
  const node = await ReserveOnline({ id: "reserve", props: blockProps("reserve-online", props), ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) });
  return node == null ? "" : renderToStaticMarkup(node as ReactElement);
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();

describe("Reserve Online (spec §5, §9; leads spec §9)", () => {
  it("offers the $200 deposit, held 48 hours, 100% refundable, with Reserve Now $200 to the site's reserve route", async () => {
    const car = fixtureVehicle({ car_type: "new" });
    const html = await render(car);
    expect(html).toContain('data-block="reserve-online"');
    expect(html).toContain(">Reserve Online</h2>");
    expect(text(html)).toContain("Found the one? Secure it with a $200 deposit and we'll hold it for you for 48 hours.");
    expect(text(html)).toContain("$200 deposit Held for 48 hours 100% refundable");
    expect(html).toContain(`<a class="fc-button" href="/cars/${car.slug}/checkout">Reserve Now $200</a>`);
    // A new car: no money-back guarantee, even where the site offers it.
    expect(html).not.toContain("money-back");
  });

  it("uses the site's deposit, hold and route", async () => {
    const html = await render(undefined, site((t) => (t.features.reserveOnline = { enabled: true, route: "buy-online", deposit: 499.5, holdHours: 72 })));
    expect(text(html)).toContain("Secure it with a $499.50 deposit and we'll hold it for you for 72 hours.");
    expect(html).toMatch(/href="\/cars\/[a-z0-9-]+\/buy-online">Reserve Now \$499\.50<\/a>/);
  });

  it("shows only for a car eligible for online reservation (the reserve button's rule)", async () => {
    expect(await render(comingSoonVehicle())).toContain("Reserve Now $200");
    expect(await render(reservedVehicle())).toBe("");
    expect(await render(soldVehicle())).toBe("");
    expect(await render(fixtureVehicle({ status: "withdrawn" as StoredVehicle["status"] }))).toBe("");
    expect(await render(undefined, site((t) => (t.features.reserveOnline.enabled = false)))).toBe("");
    expect(await render(null)).toBe("");
  });

  it("adds the 48-hour money-back guarantee and its terms for a used car where the site offers it", async () => {
    const html = await render(fixtureVehicle({ car_type: "used" }), site((t) => (t.features.moneyBackGuarantee = true)));
    expect(html).toContain('data-testid="money-back"');
    expect(html).toMatch(/<h3 [^>]*><svg[^>]*>.*<\/svg>48-Hour Money-Back Guarantee<\/h3>/);
    expect(text(html)).toContain("Changed your mind? Return your car within 48 hours of delivery for a full refund.");
    for (const term of [
      "Full refund within 2 consecutive days of delivery.",
      "Give us notice in writing within the 48 hours, and return the car the same day or by 5pm the next day.",
      "Void if the car has been driven more than 300 km, is damaged, or the refund cannot pay out its loan.",
      "Limit of 2 cars per customer in 12 months.",
      "Your trade-in is not sold until the 48 hours have passed.",
    ]) {
      expect(text(html)).toContain(term);
    }
    expect(await render(fixtureVehicle({ car_type: "used" }))).not.toContain("money-back");
    expect(await render(fixtureVehicle({ car_type: "demo" }), site((t) => (t.features.moneyBackGuarantee = true)))).not.toContain("money-back");
    expect(showMoneyBack({ car_type: "used" }, { moneyBackGuarantee: true })).toBe(true);
    expect(showMoneyBack({ car_type: "used" }, {})).toBe(false);
  });

  it("takes every text from its props, with {deposit}, {hold}, {refundable} and {amount} filled in", async () => {
    const html = await render(undefined, undefined, {
      heading: "Hold It Now",
      text: "Pay {deposit} today ({refundable}); held {hold}.",
      points: [],
      buttonLabel: "Pay {amount} deposit",
    });
    expect(html).toContain(">Hold It Now</h2>");
    expect(text(html)).toContain("Pay $200 today (100% refundable); held 48 hours.");
    expect(html).not.toContain("<ul");
    expect(html).toContain(">Pay $200 deposit</a>");
  });
});
