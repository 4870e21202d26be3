import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import PaymentLogos from "./payment-logos";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}) => renderToStaticMarkup(<>{PaymentLogos({ id: "pay", props: blockProps("payment-logos", props), ctx: fixtureCtx("/mazda/overview") })}</>);
const names = (html: string) => [...html.matchAll(/role="img" aria-label="([^"]+)"/g)].map((m) => m[1]);

describe("payment logos", () => {
  it("names the spec's five ways to pay by default, each a labelled picture in a list under the heading", () => {
    const html = render();
    expect(names(html)).toEqual(["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"]);
    expect(html).toContain('<h2 id="pay-heading"');
    expect(html).toContain(">Payment accepted</h2>");
    expect(html).not.toContain("<img");
  });

  it("shows only the site's methods, once each, in its order; nothing without any", () => {
    expect(names(render({ heading: "We accept", methods: ["visa", "apple-pay", "visa"] }))).toEqual(["Visa", "Apple Pay"]);
    expect(render({ methods: ["bitcoin"] })).toBe("");
  });
});
