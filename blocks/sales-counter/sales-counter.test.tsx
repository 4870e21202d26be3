import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import SalesCounter from "./sales-counter";
import { blockProps } from "../../tests/fixtures/block-props";

afterEach(() => vi.useRealTimers());

describe("sales counter", () => {
  it("draws the formula's value for the site's time zone on the server, with its words; screen readers get the settled value", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T00:30:00Z"));
    const tenant = structuredClone(fixtureTenant);
    tenant.identity.timeZone = "Australia/Brisbane";
    const html = renderToStaticMarkup(<>{SalesCounter({ id: "sales", props: blockProps("sales-counter"), ctx: fixtureCtx("/", tenant) })}</>);
    // (29 − 1) × 192 + 37,800 / 450 = 5,376 + 84.
    expect(html).toContain('<span aria-hidden="true">5,460</span><span class="fc-visually-hidden">5,460</span>');
    expect(html).toMatch(/<span id="sales-label" class="[^"]*">Cars sold this month<\/span>/);
    expect(html).toContain('aria-labelledby="sales-label"');
  });
});
