import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx } from "../../tests/fixtures/fixture-tenant";
import HeroLeadForm from "./hero-lead-form";

const render = (props: Record<string, string> = {}) =>
  renderToString(HeroLeadForm({ id: "hero", props: { title: "Talk to our team", submitLabel: "Get in Touch", ...props }, ctx: fixtureCtx("/fleet") }) as ReactElement).replace(/<!-- -->/g, "");
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("hero lead form block", () => {
  it("First Name, Last Name, Postcode (4 characters, numeric keypad), Mobile Number, Email Address and the location", () => {
    const html = render({ text: "We call back within the hour." });
    const labels = [...html.matchAll(/<label for="hero-form-([a-z_]+)"[^>]*>(.*?)<\/label>/g)].map(([, n, inner]) => [n, text(inner).trim()]).filter(([n]) => n !== "website");
    expect(labels).toEqual([
      ["first_name", "First Name"],
      ["last_name", "Last Name"],
      ["postcode", "Postcode"],
      ["phone", "Mobile Number"],
      ["email", "Email Address"],
      ["location_id", "Location"],
    ]);
    const postcode = /<input[^>]*id="hero-form-postcode"[^>]*>/.exec(html)![0];
    expect(postcode).toContain('maxLength="4"');
    expect(postcode).toContain('inputMode="numeric"');
    expect(postcode).toContain('type="text"');
    expect(text(html)).toContain("Talk to our teamWe call back within the hour.");
    expect(html).toMatch(/>Get in Touch<\/button>/);
    expect(html).toContain('data-form="hero"');
    // The visible locations of the site; the hidden one is not offered.
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((m) => m[1])).toEqual(["11", "12"]);
  });
});
