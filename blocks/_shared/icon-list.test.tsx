import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withDefaults } from "./block-defaults";
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

  it("fills in a block's schema defaults for props left out, keeping what the site set (an empty intro means none)", () => {
    const schema = { properties: { heading: { default: "Protect Your Car" }, intro: { default: "Cover." }, items: { default: [{ title: "A" }] }, layout: { default: "list" } } };
    expect(withDefaults({}, schema)).toEqual({ heading: "Protect Your Car", intro: "Cover.", items: [{ title: "A" }], layout: "list" });
    expect(withDefaults({ heading: "Cover", intro: "", items: [] }, schema)).toEqual({ heading: "Cover", intro: "", items: [], layout: "list" });
    // Defaults are copied: a page cannot change another page's defaults.
    const a = withDefaults<{ items: { title: string }[] }>({}, schema);
    a.items.push({ title: "B" });
    expect(schema.properties.items.default).toEqual([{ title: "A" }]);
  });

  it("draws every icon the tenant schema offers", () => {
    expect([...ICON_NAMES].sort()).toEqual([...tenantSchema.definitions.iconName.enum].sort());
  });
});
