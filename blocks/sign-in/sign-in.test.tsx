import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fixtureCtx, fixtureTenant } from "../../tests/fixtures/fixture-tenant";
import SignIn from "./sign-in";
import { SignInForm, type SignInFormProps } from "./sign-in.client";

const withAuth = () => {
  const t = structuredClone(fixtureTenant);
  t.features.auth.enabled = true;
  return t;
};

const form: SignInFormProps = { id: "s", heading: "Sign in", intro: "We'll text you a code.", example: "0412 345 678", country: "AU", enabled: true };
const render = (query: string | null, props: Partial<SignInFormProps> = {}) =>
  renderToStaticMarkup(<SignInForm {...form} {...props} query={query === null ? null : new URLSearchParams(query)} />);

describe("sign-in block", () => {
  it("renders a labelled mobile number field and a Send code button", async () => {
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in", withAuth()) })}</>);
    expect(html).toContain('<h2 id="s-heading"');
    expect(html).toContain(">Sign in</h2>");
    expect(html).toMatch(/<label[^>]*for="s-phone"[^>]*>Mobile number<\/label>/);
    expect(html).toMatch(/<input[^>]*id="s-phone"[^>]*type="tel"[^>]*autoComplete="tel"[^>]*inputMode="tel"/);
    expect(html).toContain('placeholder="0412 345 678"');
    expect(html).toContain(">Send code</button>");
    expect(html).not.toContain('role="alert"');
  });

  it("says sign-in is unavailable where the site has it off", async () => {
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in") })}</>);
    expect(html).toContain("Signing in is not available on this site.");
    expect(html).not.toContain("<input");
  });

  it("uses the New Zealand example on a New Zealand site", async () => {
    const t = withAuth();
    t.identity.locale = "en-NZ";
    const html = renderToStaticMarkup(<>{await SignIn({ id: "s", props: { heading: "Sign in", intro: "" }, ctx: fixtureCtx("/sign-in", t) })}</>);
    expect(html).toContain('placeholder="021 123 4567"');
  });

  it("picks the heading by type, and links Back only to a same-site path", () => {
    expect(render("type=watchlist&redirect=%2Fsearch&back=%2Fsearch%3Fpage%3D2")).toContain(">Sign in to save cars to your watchlist</h2>");
    expect(render("type=watchlist&back=%2Fsearch%3Fpage%3D2")).toContain('<a href="/search?page=2">Back</a>');
    expect(render("type=finance")).toContain(">Sign in</h2>");
    expect(render("back=https%3A%2F%2Fevil.example")).toContain('<a href="/">Back</a>');
    expect(render("back=%2F%2Fevil.example")).toContain('<a href="/">Back</a>');
    expect(render(null)).not.toContain(">Back<");
  });
});
