import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonDiff } from "./json-diff";
import { changeWords, htmlText, valueWords } from "./field-place";

const raw = (site: string) => JSON.parse(readFileSync(`tenants/${site}.json`, "utf8"));

describe("History's compare in words", () => {
  it("names each change by page, block and field, with rich text as text and no pointer or JSON", () => {
    const before = raw("bluegum");
    const after = raw("bluegum");
    after.pages[1].blocks[0].props.html = "<p>New &amp; <strong>better</strong></p><p>Second</p>";
    after.features.phoneRevealed = true;
    after.pages[1].blocks.push({ id: "x", type: "rich-text", props: { html: "<p>Hi</p>" } });
    after.locations[0].opening_hours[1].close = "18:00";
    delete after.identity.phone;
    const rows = jsonDiff(before, after).map((c) => changeWords(c.pointer, c.before, c.after, before, after));
    expect(rows).toEqual([
      { where: "Identity › Main phone", before: "08 5550 3010", after: "—" },
      { where: "Features › Phone number shown from the start", before: "No", after: "Yes" },
      { where: "Locations › Bluegum Pre-Owned Osborne Park › Opening hours › Day 2 › Closes", before: "17:30", after: "18:00" },
      { where: "About Us › Rich text 1 › Text", before: expect.stringMatching(/^Bluegum started in 2011 with twelve cars on a corner block in Osborne Park\. .*…$/), after: "New & better Second" },
      { where: "About Us › Rich text 2", before: "—", after: "Rich text block" },
    ]);
    for (const r of rows) expect([r.where, r.before, r.after].join(" ")).not.toMatch(/<\/?[a-z]|\/pages\/|\{"|"\w+":/);
  });

  it("aligns list items by their id: a block added at the top and a location removed are one row each", () => {
    const before = raw("bluegum");
    const after = raw("bluegum");
    after.pages[1].blocks.unshift({ id: "new-top", type: "rich-text", props: { html: "<p>Welcome</p>" } });
    after.pages[1].blocks[1].props.html = "<p>Changed</p>";
    const gone = after.locations.shift();
    const rows = jsonDiff(before, after).map((c) => changeWords(c.pointer, c.before, c.after, before, after));
    expect(rows).toEqual([
      { where: `Locations › ${gone.name}`, before: gone.name, after: "—" },
      { where: "About Us › Rich text 1", before: "—", after: "Rich text block" },
      { where: "About Us › Rich text 2 › Text", before: expect.stringMatching(/^Bluegum started in 2011/), after: "Changed" },
    ]);
  });

  it("words values of every kind", () => {
    expect(htmlText("<h2>Why&nbsp;us</h2><ul><li>One</li><li>Two &lt;3</li></ul>")).toBe("Why us One Two <3");
    expect(valueWords("")).toBe("(empty)");
    expect(valueWords(false)).toBe("No");
    expect(valueWords(["sales", "service"])).toBe("sales, service");
    expect(valueWords([])).toBe("(none)");
    expect(valueWords({ label: "Finance", href: "/finance" })).toBe("Finance");
    expect(valueWords({ type: "hero-slides", props: {} })).toBe("Hero slides block");
    expect(valueWords({ day: 2, open: "08:00", close: "17:00" }, 160, { properties: { open: { title: "Opens" }, close: { title: "Closes" } } })).toBe("Day: 2, Opens: 08:00, Closes: 17:00");
    expect(valueWords("x".repeat(50), 10)).toBe("xxxxxxxxx…");
  });
});
