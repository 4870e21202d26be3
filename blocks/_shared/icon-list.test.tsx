import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IconListSection } from "./icon-list";
import { ICON_NAMES } from "./icons";
import tenantSchema from "../../schemas/tenant.schema.json";

describe("icon list sections (shared by Why Buy From Us?, What's Included, Protect Your Car, Features, used-car checks)", () => {
  it("renders a labelled section: heading, intro and one item per point with a decorative icon", () => {
    const html = renderToStaticMarkup(
      <IconListSection id="why" block="why-buy-from-us" heading="Why Buy From Us?" intro="Three reasons." layout="tiles" items={[{ icon: "star", title: "Rated 4.8", text: "By <1,000> buyers" }, { title: "No text" }]} />,
    );
    expect(html).toMatch(/^<section class="fc-container [^"]+" aria-labelledby="why-heading" data-block="why-buy-from-us"><h2 id="why-heading"[^>]*>Why Buy From Us\?<\/h2>/);
    expect(html).toContain(">Three reasons.</p>");
    expect(html).toMatch(/<ul class="[^"]+" data-layout="tiles">/);
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).toContain(">Rated 4.8</strong>");
    expect(html).toContain(">By &lt;1,000&gt; buyers</span>");
    expect(html.match(/<svg [^>]*aria-hidden="true" focusable="false"/g)).toHaveLength(2);
    expect(html).toContain('width="32"');
  });

  it("leaves out an empty intro and an empty list", () => {
    const html = renderToStaticMarkup(<IconListSection id="x" block="b" heading="H" layout="list" items={[]} />);
    expect(html).not.toContain("</p>");
    expect(html).not.toContain("<ul");
  });

  it("draws every icon the tenant schema offers", () => {
    expect([...ICON_NAMES].sort()).toEqual([...tenantSchema.definitions.iconName.enum].sort());
  });
});
