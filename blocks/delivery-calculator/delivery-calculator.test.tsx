import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { DELIVERY_BAD_POSTCODE, DELIVERY_NO_PRICE } from "../../domain/delivery";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { comingSoonVehicle, electricVehicle, fixtureVehicle, reservedVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { fetchEstimate, quoteUrl } from "./delivery";
import DeliveryCalculator from "./delivery-calculator";
import { blockProps } from "../../tests/fixtures/block-props";

const site = (change: (t: TenantDocument) => void = () => {}) => {
  const t = structuredClone(fixtureTenant);
  t.features.calculators.delivery = true;
  change(t);
  return t;
};

async function render(car: StoredVehicle | null = fixtureVehicle(), t: TenantDocument = site(), props: Record<string, string> = {}) {
  const node = await DeliveryCalculator({ id: "delivery", props: blockProps("delivery-calculator", props), ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) });
  return node == null ? "" : renderToString(node as ReactElement).replace(/<!-- -->/g, "");
}

describe("delivery calculator block (spec §4, §5)", () => {
  it("renders a labelled 4-digit postcode box with the spec's placeholder, a button and an empty live status (idle)", async () => {
    const html = await render();
    expect(html).toContain('data-block="delivery-calculator"');
    expect(html).toContain('<h2 id="delivery-heading"');
    expect(html).toContain(">Delivery Calculator</h2>");
    expect(html).toContain(">Enter your postcode for an estimate of the cost to deliver this car to you.</p>");
    const id = /<label for="([^"]+)"[^>]*>Postcode<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('maxLength="4"');
    expect(input).toContain('placeholder="e.g. 4000"');
    expect(input).toContain('autoComplete="postal-code"');
    expect(input).not.toContain("aria-invalid");
    expect(html).toMatch(/<button type="submit" class="fc-button [^"]*">Get Estimate<\/button>/);
    expect(html).toMatch(/<p id="[^"]+" class="[^"]*" role="status" aria-live="polite" aria-atomic="true" data-kind="idle" data-testid="delivery-status"><\/p>/);
    expect(html).toContain('data-state="idle"');
    // A Victorian dealer suggests a Victorian postcode (Wattle Creek), not Queensland's 4000.
    const vic = await render(undefined, site((t) => (t.identity.state = "VIC")));
    expect(vic).toContain('placeholder="e.g. 3000"');
  });

  it("takes every text from its props", async () => {
    const html = await render(undefined, undefined, { heading: "Delivered to You", intro: "", label: "Your postcode", buttonLabel: "Calculate", note: "" });
    expect(html).toContain(">Delivered to You</h2>");
    expect(html).toMatch(/>Your postcode<\/label>/);
    expect(html).toMatch(/>Calculate<\/button>/);
    expect(html).not.toContain("Enter your postcode for an estimate");
    expect(html).not.toContain("An estimate only");
  });

  it("shows for available cars (in stock, coming soon, reserved, electric) on an Australian site that has it on", async () => {
    for (const car of [fixtureVehicle(), comingSoonVehicle(), reservedVehicle(), electricVehicle()]) expect(await render(car)).toContain("Get Estimate");
  });

  it("is hidden for sold cars, without a car, where the site has it off, and on a New Zealand site", async () => {
    expect(await render(soldVehicle())).toBe("");
    expect(await render(null)).toBe("");
    expect(await render(undefined, site((t) => (t.features.calculators.delivery = false)))).toBe("");
    expect(
      await render(
        undefined,
        site((t) => {
          t.identity.locale = "en-NZ";
          t.identity.currency = "NZD";
        }),
      ),
    ).toBe("");
  });
});

describe("delivery estimate request (loading → result or error)", () => {
  const respond = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("asks the site's quote endpoint for the postcode and car", async () => {
    const urls: string[] = [];
    await fetchEstimate("4000", "2022-mazda-cx-5", async (url) => {
      urls.push(url);
      return new Response("{}", { status: 404 });
    });
    expect(urls).toEqual(["/api/delivery-quote?postcode=4000&car=2022-mazda-cx-5"]);
    expect(quoteUrl("0800", "a b")).toBe("/api/delivery-quote?postcode=0800&car=a%20b");
  });

  it("a quote becomes the result: price and region name", async () => {
    expect(await fetchEstimate("4000", "car", respond(200, { price: 1200, name: "Brisbane Inner City, QLD", state: "QLD", postcode: "4000", currency: "AUD" }))).toEqual({
      kind: "result",
      price: 1200,
      name: "Brisbane Inner City, QLD",
    });
  });

  it("no price becomes the spec's Sorry text; a refused postcode shows the server's message against the box", async () => {
    expect(await fetchEstimate("0000", "car", respond(404, { error: DELIVERY_NO_PRICE }))).toEqual({ kind: "error", message: DELIVERY_NO_PRICE, field: false });
    expect(await fetchEstimate("40", "car", respond(400, { error: DELIVERY_BAD_POSTCODE }))).toEqual({ kind: "error", message: DELIVERY_BAD_POSTCODE, field: true });
  });

  it("a failed or odd answer also gives the Sorry text (which says how to get a quote), and is logged", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await fetchEstimate("4000", "car", respond(503, { error: "down" }))).toEqual({ kind: "error", message: DELIVERY_NO_PRICE, field: false });
    expect(await fetchEstimate("4000", "car", async () => new Response("<html>", { status: 502 }))).toEqual({ kind: "error", message: DELIVERY_NO_PRICE, field: false });
    expect(await fetchEstimate("4000", "car", respond(200, { price: "lots" }))).toEqual({ kind: "error", message: DELIVERY_NO_PRICE, field: false });
    expect(await fetchEstimate("4000", "car", async () => Promise.reject(new TypeError("Failed to fetch")))).toEqual({ kind: "error", message: DELIVERY_NO_PRICE, field: false });
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it("lets an abort (a newer request) through to the caller", async () => {
    const abort = new DOMException("aborted", "AbortError");
    await expect(fetchEstimate("4000", "car", async () => Promise.reject(abort))).rejects.toBe(abort);
  });
});
