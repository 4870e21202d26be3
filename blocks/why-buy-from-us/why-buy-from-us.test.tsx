import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import WhyBuyFromUs from "./why-buy-from-us";
import { blockProps } from "../../tests/fixtures/block-props";

const render = (props: Record<string, unknown> = {}, tenant = fixtureTenant) =>
  renderToStaticMarkup(WhyBuyFromUs({ id: "why", props: blockProps("why-buy-from-us", props), ctx: fixtureCtx("/", tenant) }) as ReactElement);
const selling = (...stockKinds: string[]) => ({ ...fixtureTenant, identity: { ...fixtureTenant.identity, stockKinds } }) as typeof fixtureTenant;

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

  it("the default reasons name the site's kind (issue 29): a car site's are the schema's, a motorcycle-and-truck site's say vehicle", () => {
    expect(render()).toContain("Every car is checked by our qualified technicians before it goes on sale.");
    const mixed = render({}, selling("motorcycle", "truck"));
    expect(mixed).toContain("Every vehicle is checked by our qualified technicians before it goes on sale.");
    expect(mixed).toContain("A fair offer for your current vehicle, put straight towards your next one.");
    expect(mixed).not.toMatch(/\bcar\b/);
    expect(render({}, selling("caravan"))).toContain("A fair offer for your current caravan, put straight towards your next one.");
  });
});
