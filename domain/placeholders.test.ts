import { describe, expect, it } from "vitest";
import { findPlaceholders, PLACEHOLDER_MARK } from "./placeholders";

describe("findPlaceholders", () => {
  it("finds marked text anywhere, with its pointer and the text from the mark on without tags", () => {
    const doc = {
      identity: { name: "Tasman Ute Centre" },
      copy: { aboutText: `${PLACEHOLDER_MARK} Tell visitors about the dealership.` },
      pages: [
        { id: "home", blocks: [{ props: { html: "<p>Real text.</p>" } }] },
        { id: "about", blocks: [{ props: { heading: "About us", html: `<p>Since 1988.</p><p><strong>${PLACEHOLDER_MARK}</strong> Your   story.</p>` } }] },
      ],
      "a/b~c": `${PLACEHOLDER_MARK} odd key`,
    };
    expect(findPlaceholders(doc)).toEqual([
      { pointer: "/copy/aboutText", text: "[Placeholder] Tell visitors about the dealership." },
      { pointer: "/pages/1/blocks/0/props/html", text: "[Placeholder] Your story." },
      { pointer: "/a~1b~0c", text: "[Placeholder] odd key" },
    ]);
  });

  it("finds the starters' stand-in pictures by address, not other pictures or links under the same path", () => {
    const doc = {
      theme: { logo: { src: "/starters/logo.svg", alt: "Logo" } },
      pages: [{ blocks: [{ props: { image: { src: "/media/uploads/x/1.webp" }, href: "/starters/logo.svg" } }] }],
    };
    expect(findPlaceholders(doc)).toEqual([{ pointer: "/theme/logo/src", text: "/starters/logo.svg" }]);
  });

  it("cuts a long placeholder to 160 characters and finds nothing in a document without any", () => {
    const [found] = findPlaceholders({ text: `${PLACEHOLDER_MARK} ${"x".repeat(500)}` });
    expect(found.text).toHaveLength(160);
    expect(found.text.endsWith("…")).toBe(true);
    expect(findPlaceholders({ a: ["Placeholder", "[placeholder] lower case is a dealer's own text", 3, null] })).toEqual([]);
    expect(findPlaceholders(null)).toEqual([]);
  });
});
