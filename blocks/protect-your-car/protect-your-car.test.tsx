import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import ProtectYourCar from "./protect-your-car";

const render = (props: Record<string, unknown> = {}) => renderToStaticMarkup(ProtectYourCar({ id: "protect", props: props as never, ctx: fixtureCtx("/cars/x") }) as ReactElement);

describe("Protect Your Car (spec §2, §9)", () => {
  it("by default: warranty, paint protection, the spec's 12 months roadside assist, and insurance", () => {
    const html = render();
    expect(html).toContain('data-block="protect-your-car"');
    expect(html).toContain(">Protect Your Car</h2>");
    expect(html).toContain(">12 months roadside assist</strong>");
    expect(html).toContain(">Extended warranty</strong><span class=\"");
    expect(html).toContain("A 3-year or 5-year mechanical protection plan");
    expect(html.match(/<li /g)).toHaveLength(4);
  });

  it("takes the site's items", () => {
    const html = render({ items: [{ icon: "road", title: "5 years roadside assist" }] });
    expect(html).toContain(">5 years roadside assist</strong></span>");
    expect(html).not.toContain("12 months roadside assist");
  });
});
