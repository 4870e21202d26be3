/**
 * The block's test: render it with props and a page context and assert on the output (exact words,
 * attributes). `blockProps("<type>", { … })` gives the props with the schema's defaults filled in, as a
 * page gets them; `fixtureCtx(path, tenant, car)` is a page's context. In a copy, import blockProps from
 * "../../tests/fixtures/block-props" (the example's own comes from example-props: no document holds it;
 * scripts/generate.test.ts checks that it validates as a block would).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx, testTenant } from "../../tests/fixtures/fixture-tenant";
import { blockProps } from "../../tests/fixtures/example-props";
import Example from "./example";

const render = (props: Record<string, unknown> = {}, tenant = testTenant()) =>
  renderToStaticMarkup(<>{Example({ id: "ex", props: blockProps("example", props), ctx: fixtureCtx("/about-us", tenant) })}</>);
const text = (html: string) => html.replace(/<[^>]+>/g, "|").split("|").map((s) => s.trim()).filter(Boolean);

describe("example block", () => {
  it("shows its defaults: the heading, two points and the site's phone number", () => {
    const html = render();
    expect(text(html)).toEqual(["Why buy from us", "Every car checked by our workshop", "Finance arranged on the spot", "Or call us on", "07 3000 1234"]);
    expect(html).toContain('<section class="fc-container');
    expect(html).toContain('aria-labelledby="ex-heading" data-block="example"');
    expect(html).toContain('<a href="tel:+61730001234">07 3000 1234</a>');
  });

  it("takes the site's points, a link and the panel look; leaves out blank points and the phone when asked", () => {
    const html = render({ points: [{ text: "Open Sundays" }, { text: "  " }], link: { label: "Book a test drive", href: "/test-drive" }, look: "panel", showPhone: false });
    expect(text(html)).toEqual(["Why buy from us", "Open Sundays", "Book a test drive"]);
    expect(html).toContain('<div class="fc-panel">');
    expect(html).toContain('<a class="fc-button" href="/test-drive">Book a test drive</a>');
    expect(render({ points: [], showPhone: false })).toBe("");
  });
});
