import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import WhyBuyFromUs from "./why-buy-from-us";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}) => renderToStaticMarkup(WhyBuyFromUs({ id: "why", props: blockProps("why-buy-from-us", props), ctx: fixtureCtx("/cars/x") }) as ReactElement);

describe("Why Buy From Us? (spec §2)", () => {
  it("by default: the heading and four reasons as tiles", () => {
    const html = render();
    expect(html).toContain('data-block="why-buy-from-us"');
    expect(html).toContain(">Why Buy From Us?</h2>");
    expect(html).toContain('data-layout="tiles"');
    expect(html.match(/<li /g)).toHaveLength(4);
    for (const title of ["Inspected and checked", "Fair, upfront pricing", "Finance made easy", "Trade-ins welcome"]) expect(html).toContain(`>${title}</strong>`);
  });

  it("takes the site's heading, intro, items and layout", () => {
    const html = render({ heading: "Why Coralstone?", intro: "Since 1994.", items: [{ icon: "award", title: "Dealer of the Year", text: "Three times." }], layout: "list" });
    expect(html).toContain(">Why Coralstone?</h2>");
    expect(html).toContain(">Since 1994.</p>");
    expect(html).toContain('data-layout="list"');
    expect(html.match(/<li /g)).toHaveLength(1);
    expect(html).toContain(">Dealer of the Year</strong><span");
    expect(html).not.toContain("Inspected and checked");
  });
});
