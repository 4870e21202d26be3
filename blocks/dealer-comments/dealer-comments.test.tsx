import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StoredVehicle } from "../../server/inventory/vehicle";
import { caravanVehicle, comingSoonVehicle, fixtureVehicle, reservedVehicle, soldVehicle } from "../../tests/fixtures/vehicle";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import DealerComments from "./dealer-comments";
import { paragraphs } from "../../domain/paragraphs";

const PENDING = "Dealer comments are pending. Please check back here later.";

async function render(car: StoredVehicle | null, heading?: string) {
  const el = (await DealerComments({ id: "dc", props: { heading: heading ?? "Dealer Comments" }, ctx: fixtureCtx("/cars/x", fixtureTenant, car) })) as ReactElement | null;
  return el ? renderToStaticMarkup(el) : "";
}

const paras = (s: string) => [...s.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);

// 3 paragraphs, 509 characters in all: the 400th character falls inside the second paragraph.
const P1 = "This 2021 Toyota Corolla Ascent Sport in Glacier White has travelled 42,123 km and comes with full service history.";
const P2 = "Highlights include reversing camera, Apple CarPlay and adaptive cruise control. Every vehicle is checked before it leaves the yard, and our finance team can arrange a competitive rate on the spot. We welcome trade-ins and can deliver across the region, with registration and a roadworthy included.";
const P3 = "Call 07 3000 1234 to book a test drive today; vehicles like this do not stay long on our lot.";
const LONG = `${P1}\n\n${P2}\r\n\r\n${P3}`;

describe("paragraphs", () => {
  it("splits on blank lines (any line ends), trims, drops empties; single line breaks stay in the paragraph", () => {
    expect(paragraphs("a\n\nb\r\n \r\nc\nd\n\n\n")).toEqual(["a", "b", "c\nd"]);
    expect(paragraphs("   ")).toEqual([]);
  });
});

describe("dealer-comments block", () => {
  it("renders nothing without a car", async () => {
    expect(await render(null)).toBe("");
  });

  it("missing or blank comments show the pending text", async () => {
    for (const dealercomments of [undefined, "", "   \n  "]) {
      const html = await render(fixtureVehicle({ dealercomments }));
      expect(html).toContain('<h2 id="dc-heading"');
      expect(html).toContain(">Dealer Comments</h2>");
      expect(paras(html)).toEqual([PENDING]);
      expect(html).not.toContain("<button");
    }
  });

  it("comments of 400 characters or fewer show whole, without a toggle", async () => {
    const exactly400 = "x".repeat(400);
    const html = await render(fixtureVehicle({ dealercomments: exactly400 }));
    expect(paras(html)).toEqual([exactly400]);
    expect(html).not.toContain("<button");
    expect(paras(await render(fixtureVehicle()))).toEqual(["One owner, full service history."]);
  });

  it("longer comments collapse to 400 characters with Show More; the full text, in paragraphs, behind it", async () => {
    expect(LONG.replace(/\r/g, "").length).toBe(509);
    const html = await render(fixtureVehicle({ dealercomments: LONG }));
    const at = html.indexOf('<div id="dc-text"');
    const region = html.slice(at, html.indexOf("<button", at));
    const [collapsed, expanded] = region.split('<div hidden="">');
    // Collapsed: the first 400 characters (trailing space trimmed) then "...".
    const short = `${LONG.replace(/\r/g, "").slice(0, 400).trimEnd()}...`;
    expect(paras(collapsed)).toEqual(paragraphs(short));
    expect(paras(collapsed)).toHaveLength(2);
    expect(paras(collapsed)[0]).toBe(P1);
    expect(paras(collapsed)[1]).toMatch(/ across the region, with registration and a roadwo\.\.\.$/);
    // Expanded (hidden until Show More): all three paragraphs.
    expect(paras(expanded)).toEqual([P1, P2, P3]);
    expect(html).toMatch(/aria-expanded="false" aria-controls="dc-text">Show More<span class="fc-visually-hidden"> Dealer Comments<\/span>/);
  });

  it("feed text is text, never HTML", async () => {
    const html = await render(fixtureVehicle({ dealercomments: '<script>alert("x")</script><b>Bold</b>\n\n<img src=x onerror=alert(1)>' }));
    expect(html).not.toMatch(/<script|<b>|<img/);
    expect(paras(html)).toEqual(["&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;Bold&lt;/b&gt;", "&lt;img src=x onerror=alert(1)&gt;"]);
  });

  it("sold, coming-soon, reserved and caravan vehicles show their comments the same way; the heading is a prop", async () => {
    for (const car of [soldVehicle(), comingSoonVehicle(), reservedVehicle(), caravanVehicle()]) {
      expect(paras(await render(car))).toEqual(["One owner, full service history."]);
    }
    expect(await render(soldVehicle(), "From the Dealer")).toContain(">From the Dealer</h2>");
  });
});
