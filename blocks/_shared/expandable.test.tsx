import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Expandable } from "./expandable.client";

describe("Expandable", () => {
  it("collapsed: the extra part is hidden, the button offers more and controls the region", () => {
    const html = renderToStaticMarkup(<Expandable id="r" collapsed={<p>short...</p>} expanded={<p>the whole text</p>} moreLabel="Show More" lessLabel="Show Less" />);
    expect(html).toContain('<div id="r"><div><p>short...</p></div><div hidden=""><p>the whole text</p></div></div>');
    expect(html).toContain('aria-expanded="false" aria-controls="r">Show More<');
  });

  it("expanded: the collapsed rendering is hidden and the button offers less; the context is for screen readers only", () => {
    const html = renderToStaticMarkup(
      <Expandable id="r" collapsed={<p>short...</p>} expanded={<p>the whole text</p>} moreLabel="Show All" lessLabel="Hide" context="Safety" defaultOpen />,
    );
    expect(html).toContain('<div id="r"><div hidden=""><p>short...</p></div><div><p>the whole text</p></div></div>');
    expect(html).toContain('aria-expanded="true" aria-controls="r">Hide<span class="fc-visually-hidden"> Safety</span>');
  });

  it("a list's extra items: no collapsed part", () => {
    const html = renderToStaticMarkup(<Expandable id="r" expanded={<ul><li>9</li></ul>} moreLabel="Show All Specs" lessLabel="Hide Specs" />);
    expect(html).toContain('<div id="r"><div hidden=""><ul><li>9</li></ul></div></div>');
    expect(html).toContain(">Show All Specs<");
  });
});
