import { describe, expect, it } from "vitest";
import { alignedBy, jsonDiff, jsonEqual, setAt } from "./json-diff";

describe("jsonDiff", () => {
  it("lists every changed leaf with its pointer, before and after", () => {
    const a = { theme: { colors: { primary: "#000000", accent: "#111111" } }, pages: [{ id: "home", blocks: [1, 2] }], "a/b": 1 };
    const b = { theme: { colors: { primary: "#0b5394", accent: "#111111" } }, pages: [{ id: "home", blocks: [1] }, { id: "new" }], "a/b": 2, extra: true };
    expect(jsonDiff(a, b)).toEqual([
      { pointer: "/theme/colors/primary", kind: "changed", before: "#000000", after: "#0b5394" },
      { pointer: "/pages/0/blocks/1", kind: "removed", before: 2 },
      { pointer: "/pages/1", kind: "added", after: { id: "new" } },
      { pointer: "/a~1b", kind: "changed", before: 1, after: 2 },
      { pointer: "/extra", kind: "added", after: true },
    ]);
  });

  it("reports a change of kind once, and nothing for equal documents in any key order", () => {
    expect(jsonDiff({ x: [1] }, { x: { 0: 1 } })).toEqual([{ pointer: "/x", kind: "changed", before: [1], after: { 0: 1 } }]);
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
  });

  it("aligns list items by their id: an item inserted at the top is one addition, a change inside a moved item is one change", () => {
    const blocks = [
      { id: "b1", type: "hero", props: { title: "Hi" } },
      { id: "b2", type: "rich-text", props: { html: "<p>One</p>" } },
      { id: "b3", type: "rich-text", props: { html: "<p>Two</p>" } },
    ];
    const added = { id: "b0", type: "rich-text", props: { html: "<p>New</p>" } };
    const after = [added, blocks[0], { ...blocks[1], props: { html: "<p>One!</p>" } }, blocks[2]];
    expect(jsonDiff({ blocks }, { blocks: after })).toEqual([
      { pointer: "/blocks/0", kind: "added", after: added },
      { pointer: "/blocks/2/props/html", kind: "changed", before: "<p>One</p>", after: "<p>One!</p>" },
    ]);
    // The same insertion by position showed every item as changed.
    expect(jsonDiff({ blocks: blocks.map(({ id, ...b }) => b) }, { blocks: after.map(({ id, ...b }) => b) }).length).toBeGreaterThan(3);
  });

  it("names a removal where it was (in the document before) and an addition where it is", () => {
    const before = [{ slug: "a", name: "A", note: "x" }, { slug: "b", name: "B" }, { slug: "c", name: "C" }];
    const after = [{ slug: "new", name: "New" }, { slug: "a", name: "A" }, { slug: "c", name: "C2" }];
    expect(jsonDiff(before, after)).toEqual([
      { pointer: "/0", kind: "added", after: { slug: "new", name: "New" } },
      { pointer: "/0/note", kind: "removed", before: "x" },
      { pointer: "/1", kind: "removed", before: { slug: "b", name: "B" } },
      { pointer: "/2/name", kind: "changed", before: "C", after: "C2" },
    ]);
  });

  it("reports a new order of the same items once, at the list, with each item's own changes", () => {
    const menu = [{ href: "/used", label: "Used" }, { href: "/new", label: "New" }];
    const swapped = [{ href: "/new", label: "New cars" }, { href: "/used", label: "Used" }];
    expect(jsonDiff({ menu }, { menu: swapped })).toEqual([
      { pointer: "/menu", kind: "changed", before: menu, after: swapped },
      { pointer: "/menu/0/label", kind: "changed", before: "New", after: "New cars" },
    ]);
    expect(jsonEqual({ menu }, { menu: [menu[1], menu[0]] })).toBe(false);
    expect(jsonEqual({ menu }, { menu: structuredClone(menu) })).toBe(true);
  });

  it("falls back to positions when items have no key, or the key repeats or is missing in one item", () => {
    expect(alignedBy([{ id: "a" }, { id: 2 }], [{ id: 2 }])).toBe("id");
    expect(alignedBy([{ id: "a", slug: "x" }, { id: "a", slug: "y" }], [{ id: "a", slug: "x" }])).toBe("slug");
    expect(alignedBy([{ key: "k" }, { label: "no key" }], [{ key: "k" }])).toBeNull();
    expect(alignedBy(["a", "b"], ["b"])).toBeNull();
    expect(alignedBy([], [{ id: "a" }])).toBeNull();
    expect(jsonDiff(["a", "b"], ["x", "a", "b"])).toEqual([
      { pointer: "/0", kind: "changed", before: "a", after: "x" },
      { pointer: "/1", kind: "changed", before: "b", after: "a" },
      { pointer: "/2", kind: "added", after: "b" },
    ]);
  });

  it("sets values at pointers", () => {
    const doc: Record<string, unknown> = {};
    setAt(doc, "/features/tradeIn/enabled", false);
    expect(doc).toEqual({ features: { tradeIn: { enabled: false } } });
  });
});
