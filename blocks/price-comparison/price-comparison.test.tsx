import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { PriceComparison as Result } from "../../domain/price-comparison";
import type { TenantDocument } from "../../renderer/types";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import { comingSoonVehicle, fixtureVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { autogaugeUrl, loadPriceComparison } from "./load";
import { PriceComparisonPanel, type PanelState } from "./panel";
import PriceComparison from "./price-comparison";

const clean = (html: string) => html.replace(/<!-- -->/g, "");
const on = (t: TenantDocument) => (t.features.priceComparison = true);

async function render(car: StoredVehicle | null = fixtureVehicle(), change: (t: TenantDocument) => void = on, props: { heading: string; intro?: string } = { heading: "Price Comparison" }) {
  const t = structuredClone(fixtureTenant);
  change(t);
  const node = await PriceComparison({ id: "pc", props, ctx: fixtureCtx(`/cars/${car?.slug ?? "x"}`, t, car) });
  return node == null ? "" : clean(renderToString(node as ReactElement));
}

const result = (over: Partial<Result> = {}): Result => ({
  fill: 0.35,
  listing_price: 24990,
  market_range_min: 20800,
  market_range_max: 27200,
  confidence: 0.56,
  description: "Compared with 5 similar Toyota Corolla listings from 2019 to 2023.",
  ...over,
});
const au = { locale: "en-AU", currency: "AUD" } as const;
const texts = { id: "pc", heading: "Price Comparison", intro: null };
const panel = (state: PanelState) => clean(renderToString(<PriceComparisonPanel state={state} texts={texts} identity={au} />));

describe("price comparison block (spec §4, §5)", () => {
  it("starts as the heading, intro and a loading skeleton for an available priced car where the site has it on", async () => {
    const html = await render(fixtureVehicle(), on, { heading: "How this price compares", intro: "Against similar cars for sale." });
    expect(html).toContain('<h2 id="pc-heading"');
    expect(html).toContain(">How this price compares</h2>");
    expect(html).toContain(">Against similar cars for sale.</p>");
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-testid="price-comparison-skeleton"');
    expect(html).toContain(">Loading the price comparison</span>");
    expect(await render(comingSoonVehicle())).toContain("price-comparison-skeleton");
    expect(await render(fixtureVehicle(), on)).toContain(">Price Comparison</h2>");
  });

  it("is not there where the site has it off, for a sold or unpriced car, or without a car", async () => {
    expect(await render(fixtureVehicle(), () => {})).toBe("");
    expect(await render(soldVehicle())).toBe("");
    expect(await render(fixtureVehicle({ price: 0 }))).toBe("");
    expect(await render(fixtureVehicle({ price: 10 }))).toBe("");
    expect(await render(null)).toBe("");
  });
});

describe("price comparison panel (spec §9)", () => {
  it("shows the deal label, the meter at the fill, listing price, market range, confidence and description", () => {
    const html = panel({ status: "ready", data: result() });
    expect(html).toContain('aria-busy="false"');
    expect(html).toContain('data-fill-level="medium"');
    expect(html).toContain('data-testid="price-comparison-label">Good Deal</span>');
    expect(html).toMatch(/role="meter"[^>]*aria-valuenow="35"/);
    // The meter fills to the fill over 2.5 s.
    expect(html).toContain('style="--fill:0.35;animation-duration:2500ms"');
    expect(html).toContain('<dt>Listing price</dt><dd data-testid="price-comparison-listing">$24,990</dd>');
    expect(html).toContain('<dt>Market range</dt><dd data-testid="price-comparison-range">$20,800 – $27,200</dd>');
    expect(html).toContain('<dt>Confidence</dt><dd data-testid="price-comparison-confidence">56%</dd>');
    expect(html).toContain(">Compared with 5 similar Toyota Corolla listings from 2019 to 2023.</p>");
  });

  it("fill level low below 0.3, medium to 0.6, high above; Good Deal below 0.65, else Great Deal", () => {
    const cases: [number, string, string][] = [
      [0, "low", "Good Deal"],
      [0.29, "low", "Good Deal"],
      [0.3, "medium", "Good Deal"],
      [0.6, "medium", "Good Deal"],
      [0.61, "high", "Good Deal"],
      [0.64, "high", "Good Deal"],
      [0.65, "high", "Great Deal"],
      [1, "high", "Great Deal"],
    ];
    for (const [fill, level, label] of cases) {
      const html = panel({ status: "ready", data: result({ fill }) });
      expect(html, String(fill)).toContain(`data-fill-level="${level}"`);
      expect(html, String(fill)).toContain(`data-testid="price-comparison-label">${label}</span>`);
    }
  });

  it("words a zero-width market range as one amount", () => {
    expect(panel({ status: "ready", data: result({ market_range_min: 24990, market_range_max: 24990, fill: 0.5 }) })).toContain(
      'data-testid="price-comparison-range">$24,990</dd>',
    );
  });

  it("renders nothing when hidden", () => {
    expect(panel({ status: "hidden" })).toBe("");
  });
});

describe("loadPriceComparison (spec §5, §8)", () => {
  const env = (status: number, body: unknown) => {
    const log = vi.fn();
    const calls: string[] = [];
    return {
      log,
      calls,
      env: {
        log,
        fetch: (async (url: string) => {
          calls.push(url);
          return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
        }) as typeof fetch,
      },
    };
  };

  it("fetches GET /api/cars/{slug}/autogauge and answers the comparison", async () => {
    const e = env(200, result());
    expect(await loadPriceComparison("2021-toyota-corolla-abc123", e.env)).toEqual(result());
    expect(e.calls).toEqual(["/api/cars/2021-toyota-corolla-abc123/autogauge"]);
    expect(autogaugeUrl("x")).toBe("/api/cars/x/autogauge");
    expect(e.log).not.toHaveBeenCalled();
  });

  it("hides without an error when the rule fails: confidence 0.2 or less, or listing price above the market range", async () => {
    for (const over of [{ confidence: 0.2 }, { confidence: 0.1 }, { market_range_max: 24989 }, { fill: undefined }]) {
      const e = env(200, result(over as Partial<Result>));
      expect(await loadPriceComparison("x", e.env), JSON.stringify(over)).toBeNull();
      expect(e.log).not.toHaveBeenCalled();
    }
    const e = env(200, result({ market_range_max: 24990, confidence: 0.21 }));
    expect(await loadPriceComparison("x", e.env)).not.toBeNull();
  });

  it("logs No data returned for empty data (404 or an empty answer) and hides", async () => {
    for (const [status, body] of [[404, { error: "No data returned" }], [200, {}], [200, "null"]] as const) {
      const e = env(status, body);
      expect(await loadPriceComparison("x", e.env)).toBeNull();
      expect(e.log).toHaveBeenCalledWith("No data returned");
    }
  });

  it("logs a failed fetch's error and hides", async () => {
    const e = env(404, { message: "That car is not listed on this site." });
    expect(await loadPriceComparison("x", e.env)).toBeNull();
    expect(e.log).toHaveBeenCalledWith(new Error("That car is not listed on this site."));
    const log = vi.fn();
    const down = new TypeError("Failed to fetch");
    expect(await loadPriceComparison("x", { log, fetch: async () => Promise.reject(down) })).toBeNull();
    expect(log).toHaveBeenCalledWith(down);
    const broken = env(500, "<html>oops</html>");
    expect(await loadPriceComparison("x", broken.env)).toBeNull();
    expect(broken.log).toHaveBeenCalledWith(new Error("The price comparison answered 500."));
  });
});
