import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import WhatsIncluded from "./whats-included";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}) => renderToStaticMarkup(WhatsIncluded({ id: "inc", props: blockProps("whats-included", props), ctx: fixtureCtx("/cars/x") }) as ReactElement);

describe("What's Included (spec §2)", () => {
  it("by default: the heading, an intro and four inclusions as a list", () => {
    const html = render();
    expect(html).toContain('data-block="whats-included"');
    expect(html).toContain(">What&#x27;s Included</h2>");
    expect(html).toContain(">Every car we sell comes with:</p>");
    expect(html).toContain('data-layout="list"');
    for (const title of ["Pre-delivery service", "Professional detail", "Safety certificate", "Handover with a product expert"]) expect(html).toContain(`>${title}</strong>`);
  });

  it("an empty intro shows none; an empty list shows the heading only", () => {
    const html = render({ intro: "", items: [] });
    expect(html).toContain(">What&#x27;s Included</h2>");
    expect(html).not.toContain("</p>");
    expect(html).not.toContain("<ul");
  });
});
