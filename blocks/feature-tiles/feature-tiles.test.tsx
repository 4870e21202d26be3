import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import FeatureTiles from "./feature-tiles";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}) => renderToStaticMarkup(FeatureTiles({ id: "features", props: blockProps("feature-tiles", props), ctx: fixtureCtx("/cars/x") }) as ReactElement);

describe("Features (spec §2)", () => {
  it("by default: the Features heading and four icon tiles", () => {
    const html = render();
    expect(html).toContain('data-block="feature-tiles"');
    expect(html).toContain(">Features</h2>");
    expect(html).toContain('data-layout="tiles"');
    expect(html.match(/<li /g)).toHaveLength(4);
    expect(html.match(/<svg /g)).toHaveLength(4);
    expect(html).toContain(">Delivered to your door</strong>");
  });

  it("takes the site's heading and tiles", () => {
    const html = render({ heading: "Why You'll Love It", items: [{ icon: "heart", title: "Loved", text: "By owners." }, { icon: "star", title: "Rated" }] });
    expect(html).toContain(">Why You&#x27;ll Love It</h2>");
    expect(html.match(/<li /g)).toHaveLength(2);
  });
});
