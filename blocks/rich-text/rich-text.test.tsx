import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import RichText from "./rich-text";
import { sanitizeRichText } from "./sanitize";

async function render(props: { heading?: string; html: string; width?: "narrow" | "wide" }) {
  const node = await RichText({ id: "intro", props: { width: "narrow", ...props }, ctx: fixtureCtx() });
  return renderToStaticMarkup(<>{node}</>);
}

describe("sanitizeRichText", () => {
  it("removes scripts, event handlers and javascript: URLs", () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="JaVaScRiPt:alert(4)">y</a>',
    );
    expect(out).toBe("<p>Hi</p><a>x</a><a>y</a>");
  });

  it("keeps formatting, lists, headings and tables", () => {
    const html =
      "<h2>Why us</h2><p><strong>Fast</strong> <em>fair</em> <u>local</u><br /></p><ul><li>One</li></ul><blockquote>Q</blockquote><hr /><table><thead><tr><th scope=\"col\">Term</th></tr></thead><tbody><tr><td colspan=\"2\">5 years</td></tr></tbody></table>";
    expect(sanitizeRichText(html)).toBe(
      '<h2>Why us</h2><p><strong>Fast</strong> <em>fair</em> <u>local</u><br /></p><ul><li>One</li></ul><blockquote>Q</blockquote><hr /><table><thead><tr><th scope="col">Term</th></tr></thead><tbody><tr><td colspan="2">5 years</td></tr></tbody></table>',
    );
  });

  it("drops disallowed tags but keeps their text, and drops style/class attributes", () => {
    expect(sanitizeRichText('<div class="x" style="color:red"><span>Text</span></div><iframe src="https://evil"></iframe>')).toBe("Text");
  });

  it("allows http(s), mailto, tel and relative links only", () => {
    expect(sanitizeRichText('<a href="https://example.com/a" title="T">a</a>')).toBe('<a href="https://example.com/a" title="T">a</a>');
    expect(sanitizeRichText('<a href="/finance">b</a><a href="#top">c</a>')).toBe('<a href="/finance">b</a><a href="#top">c</a>');
    expect(sanitizeRichText('<a href="mailto:sales@example.com">d</a><a href="tel:+61730001234">e</a>')).toBe(
      '<a href="mailto:sales@example.com">d</a><a href="tel:+61730001234">e</a>',
    );
    expect(sanitizeRichText('<a href="data:text/html,hi">f</a><a href="//evil.example/x">g</a><a href="ftp://x/y">h</a>')).toBe(
      "<a>f</a><a>g</a><a>h</a>",
    );
  });

  it("adds rel=noopener noreferrer to new-tab links and drops other targets", () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="/a" target="_top" rel="nofollow">a</a>')).toBe('<a href="/a">a</a>');
  });
});

describe("rich-text block", () => {
  it("renders the heading as h2 labelling the section, and sanitised HTML", async () => {
    const html = await render({ heading: "About us", html: '<p>Family owned<script>x()</script></p><img src=x onerror="bad()">' });
    expect(html).toContain('<section class="fc-section');
    expect(html).toContain('aria-labelledby="intro-heading"');
    expect(html).toMatch(/<h2 id="intro-heading"[^>]*>About us<\/h2>/);
    expect(html).toContain("<p>Family owned</p>");
    expect(html).not.toContain("script");
    expect(html).not.toContain("onerror");
  });

  it("uses the narrow column by default and the container when wide", async () => {
    expect(await render({ html: "<p>a</p>" })).toContain('<div class="fc-narrow">');
    expect(await render({ html: "<p>a</p>", width: "wide" })).toContain('<div class="fc-container">');
  });

  it("has no heading or label without a heading", async () => {
    const html = await render({ html: "<p>a</p>" });
    expect(html).not.toContain("<h2");
    expect(html).not.toContain("aria-labelledby");
  });
});
