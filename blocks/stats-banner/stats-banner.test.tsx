import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import StatsBanner from "./stats-banner";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}) => renderToStaticMarkup(<>{StatsBanner({ id: "stats", props: blockProps("stats-banner", props), ctx: fixtureCtx("/brands") })}</>);
const text = (html: string) => html.replace(/<[^>]+>/g, "|").split("|").map((s) => s.trim()).filter(Boolean);

describe("stats banner", () => {
  it("shows the spec's figures by default: 50+ Locations, 40+ Brands, 30+ Years, under a heading for screen readers", () => {
    const html = render();
    expect(text(html)).toEqual(["At a glance", "50+", "Locations", "40+", "Brands", "30+", "Years"]);
    expect(html).toContain('<h2 id="stats-heading" class="fc-visually-hidden">At a glance</h2>');
    expect(html).toContain('aria-labelledby="stats-heading"');
  });

  it("takes the site's own figures and shows the heading when asked; nothing when every figure is blank", () => {
    const html = render({ heading: "Harbourline in numbers", showHeading: true, items: [{ value: "15", label: "Dealerships" }] });
    expect(text(html)).toEqual(["Harbourline in numbers", "15", "Dealerships"]);
    expect(html).not.toContain("fc-visually-hidden");
    expect(render({ items: [{ value: " ", label: "x" }] })).toBe("");
  });
});
